import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../lib/logout.ts';
import { LogoutIcon } from '../icons.tsx';

/**
 * The header's logout: a button that posts (a link would be a GET, which another site could
 * trigger). When it fails the logout page says so and offers the button again.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout({ onError: () => void navigate(paths.logout.getHref(true)) });

  const handleClick = () => {
    // A second click while the first is under way is ignored; the button keeps its focus.
    if (!logout.isPending) logout.mutate();
  };

  return (
    <button type="button" className="site-nav__link site-nav__button" onClick={handleClick}>
      <LogoutIcon className="site-nav__icon" />
      <span className="site-nav__label">{t('nav.logout')}</span>
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { safeLinkUrl } from '../../lib/safe-url.ts';

// These texts exist only when an operator's extra messages supply them (SPEC §2).
const footerLinks = ['organisationLink', 'privacyPolicy', 'accessibilityStatement'] as const;

export function Footer() {
  const { t, i18n } = useTranslation();
  const links = footerLinks.flatMap((name) => {
    const textKey = `footer.${name}.text`;
    const urlKey = `footer.${name}.url`;
    if (!i18n.exists(textKey) || !i18n.exists(urlKey)) return [];
    const url = safeLinkUrl(t(urlKey, { defaultValue: '' }));
    return url === undefined ? [] : [{ name, text: t(textKey, { defaultValue: '' }), url }];
  });

  return (
    <footer className="app-footer">
      <div className="container">
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="list-unstyled d-flex flex-wrap column-gap-4 row-gap-2 mb-0">
            {/* The portal's own: anyone may check a signed PDF here. */}
            <li>
              <Link to={paths.verify.getHref()} data-testid="footer-verify">
                {t('verify.title')}
              </Link>
            </li>
            {links.map((link) => (
              <li key={link.name}>
                <a href={link.url} data-testid={`footer-${link.name}`}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

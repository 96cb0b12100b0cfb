import { useTranslation } from 'react-i18next';
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
        {links.length > 0 && (
          <nav aria-label={t('footer.linksLabel')}>
            <ul className="list-unstyled d-flex flex-wrap gap-4 mb-0">
              {links.map((link) => (
                <li key={link.name}>
                  <a href={link.url} data-testid={`footer-${link.name}`}>
                    {link.text}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}

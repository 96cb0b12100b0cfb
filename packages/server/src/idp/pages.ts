/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const texts = {
  logout: {
    title: 'Kirjaudutaan ulos – Loggar ut – Signing out',
    button: 'Kirjaudu ulos / Logga ut / Sign out',
  },
  loggedOut: {
    title: 'Uloskirjautuminen onnistui – Du har loggats ut – You have signed out',
    button: '',
  },
  error: {
    title: 'Kirjautuminen epäonnistui – Inloggningen misslyckades – Login failed',
    button: '',
  },
};

/**
 * The few pages the built-in provider renders itself. No inline script or style (the
 * CSP forbids them): the logout page submits itself through /idp-assets/logout.js and
 * keeps a button for browsers without script.
 */
export function renderIdpPage(kind: keyof typeof texts, content = ''): string {
  const { title, button } = texts[kind];
  const body =
    kind === 'logout'
      ? `${content}<button type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(button)}</button>` +
        '<script src="/idp-assets/logout.js"></script>'
      : `${content ? `<p>${escapeHtml(content)}</p>` : ''}<p><a href="/">eSign</a></p>`;
  return `<!doctype html><html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Submits the provider's logout form with the answer "yes". */
export const logoutScript = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var answer = document.createElement('input');
  answer.type = 'hidden';
  answer.name = 'logout';
  answer.value = 'yes';
  form.appendChild(answer);
  form.submit();
})();
`;

import type { Language } from '@esign/contract';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Words = Array<[language: Language, text: string]>;

// The provider's own pages come before any language choice: each says it in all three,
// every part marked with its language for screen readers.
const texts: Record<'logout' | 'loggedOut' | 'error', { title: Words; button: Words }> = {
  logout: {
    title: [
      ['fi', 'Kirjaudutaan ulos'],
      ['sv', 'Loggar ut'],
      ['en', 'Signing out'],
    ],
    button: [
      ['fi', 'Kirjaudu ulos'],
      ['sv', 'Logga ut'],
      ['en', 'Sign out'],
    ],
  },
  loggedOut: {
    title: [
      ['fi', 'Uloskirjautuminen onnistui'],
      ['sv', 'Du har loggats ut'],
      ['en', 'You have signed out'],
    ],
    button: [],
  },
  error: {
    title: [
      ['fi', 'Kirjautuminen epäonnistui'],
      ['sv', 'Inloggningen misslyckades'],
      ['en', 'Login failed'],
    ],
    button: [],
  },
};

const plain = (words: Words, separator: string) =>
  escapeHtml(words.map(([, text]) => text).join(separator));
const marked = (words: Words, separator: string) =>
  words
    .map(([language, text]) => `<span lang="${language}">${escapeHtml(text)}</span>`)
    .join(escapeHtml(separator));

/**
 * The few pages the built-in provider renders itself. No inline script or style (the
 * CSP forbids them): the logout page submits itself through /idp-assets/logout.js and
 * keeps a button for browsers without script.
 */
export function renderIdpPage(kind: keyof typeof texts, content = ''): string {
  const { title, button } = texts[kind];
  const body =
    kind === 'logout'
      ? `${content}<button type="submit" form="op.logoutForm" value="yes" name="logout">${marked(button, ' / ')}</button>` +
        '<script src="/idp-assets/logout.js"></script>'
      : `${content ? `<p>${escapeHtml(content)}</p>` : ''}<p><a href="/">eSign</a></p>`;
  return `<!doctype html><html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${plain(title, ' – ')}</title></head><body><main><h1>${marked(title, ' – ')}</h1>${body}</main></body></html>`;
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

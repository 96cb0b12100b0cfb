import { describe, expect, it } from 'vitest';
import { renderIdpPage } from './pages.ts';

describe('the built-in provider’s own pages', () => {
  it('say each part in its own marked language, with a plain title', () => {
    const page = renderIdpPage('loggedOut');
    expect(page).toContain(
      '<title>Uloskirjautuminen onnistui – Du har loggats ut – You have signed out</title>',
    );
    expect(page).toContain(
      '<h1><span lang="fi">Uloskirjautuminen onnistui</span> – <span lang="sv">Du har loggats ut</span> – <span lang="en">You have signed out</span></h1>',
    );
  });

  it('offer a logout button in all three languages and escape the content they are given', () => {
    const page = renderIdpPage('error', '<script>alert(1)</script>');
    expect(page).toContain('<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>');
    const logout = renderIdpPage('logout');
    expect(logout).toContain(
      '<span lang="fi">Kirjaudu ulos</span> / <span lang="sv">Logga ut</span> / <span lang="en">Sign out</span></button>',
    );
  });
});

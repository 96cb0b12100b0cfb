/**
 * A route-preloads.json as the web build writes it: '/' with a part for everyone, one for a
 * signed-in user (the list) and one for a visitor (the front page), and a screen behind a login.
 */
export const sampleRoutePreloads = {
  routes: [
    { path: '/', scripts: ['/assets/home-1.js'], styles: [] },
    {
      path: '/',
      when: 'signedIn',
      scripts: ['/assets/list-1.js'],
      styles: ['/assets/list-1.css'],
    },
    { path: '/', when: 'signedOut', scripts: ['/assets/front-1.js'], styles: [] },
    { path: '/esign/edit/:id', when: 'signedIn', scripts: ['/assets/edit-1.js'], styles: [] },
  ],
};

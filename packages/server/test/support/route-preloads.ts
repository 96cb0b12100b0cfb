/**
 * A route-preloads.json as the web build writes it: '/' with a part for everyone, one for a
 * signed-in user (the list) and one for a visitor (the front page), and a screen behind a login;
 * the signer's page and the editor name the API calls their screens make first.
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
    {
      path: '/esign/edit/:id',
      when: 'signedIn',
      scripts: ['/assets/edit-1.js'],
      styles: [],
      data: [
        { path: '/api/esign/SignFlows/:id', unless: { param: 'id', value: 'new' } },
        { path: '/api/esign/SignFlows/allowedsignaturelevels' },
      ],
    },
    {
      path: '/sign/:token',
      scripts: ['/assets/signing-1.js'],
      styles: [],
      data: [{ path: '/api/sign/:token' }],
    },
  ],
};

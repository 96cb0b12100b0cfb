// The shape of the code, checked by `npm run lint` and `npm test` (the `structure` stage):
// `npx depcruise packages/*/src`. docs/decisions.md ('Where code lives', and 'The web app's
// layout' for packages/web) says what lives where.

// Server folders that hold one feature: its routes, services, repository and presenters.
const features = [
  'api-tokens',
  'auth',
  'bulk-send',
  'evidence',
  'groups',
  'health',
  'idp',
  'ops',
  'public',
  'reports',
  'signflows',
  'signing',
  'templates',
  'verify',
  'webhooks',
];
// Server folders that every feature may use; they know nothing of any feature.
const shared = [
  'audit',
  'config',
  'db',
  'errors',
  'files',
  'http',
  'jobs',
  'mail',
  'metrics',
  'pki',
  'storage',
  'time',
  'web',
];
const server = '^packages/server/src/';
const anyOf = (names) => `(${names.join('|')})`;

// Web app folders (packages/web/src/): the app (router, and the pages composed from several
// features in app/routes), the features, and what every feature may use.
const web = '^packages/web/src/';
const webShared = ['components', 'config', 'lib', 'locales'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle means neither module can be read, tested or changed without the other: move the ' +
        'shared piece down into a module of its own, or pass a function in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-route-imports-route',
      comment:
        'A route file is HTTP only and registers its own calls. What two route files share ' +
        '(the signed-in user, sending a stored file) lives in http/ or files/; app.ts registers ' +
        'the routes.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'no-route-imports-repository',
      comment:
        'A route parses, calls one service function and answers; the service holds the rules ' +
        'around a query, so a route that read a repository would skip them.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-feature-internals',
      comment:
        "A feature's routes and repository are its own: another feature calls its services " +
        "(or a module it shares on purpose), so a feature's tables and HTTP can change without " +
        'breaking its neighbours.',
      severity: 'error',
      from: { path: `${server}${anyOf(features)}/` },
      to: {
        path: `${server}${anyOf(features)}/.*\\.(routes|repository)\\.ts$`,
        pathNot: `${server}$1/`,
      },
    },
    {
      name: 'no-shared-imports-feature',
      comment:
        'Shared infrastructure (files, http, time, db, config, mail, jobs…) is below every ' +
        'feature: if it needed a feature, that feature could never be changed alone. Move the ' +
        'piece it needs down, or have the feature pass it in.',
      severity: 'error',
      from: { path: `${server}${anyOf(shared)}/` },
      to: { path: `${server}${anyOf(features)}/` },
    },
    {
      name: 'no-unknown-server-folder',
      comment:
        'Every server folder is either a feature or shared infrastructure: a new one is added ' +
        'to one of the two lists above, so the rules cover it.',
      severity: 'error',
      from: {
        path: `${server}[^/]+/`,
        pathNot: `${server}${anyOf([...features, ...shared])}/`,
      },
      to: {},
    },
    {
      name: 'web-feature-imports-other-feature-api-only',
      comment:
        "A web feature uses another feature's endpoints through that feature's api/ (its fetcher, " +
        'query options and hook), so a query key has one owner and is never copied; a page that ' +
        "shows two features' components is composed in app/routes (docs/decisions.md, 'The web " +
        "app's layout').",
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: {
        path: `${web}features/[^/]+/`,
        pathNot: [`${web}features/$1/`, `${web}features/[^/]+/api/`],
      },
    },
    {
      name: 'web-api-imports-no-screen',
      comment:
        "An endpoint's file holds the call, its query options and its hook; other features import " +
        'it, so it must not bring a screen (components, hooks, routes) along.',
      severity: 'error',
      from: { path: `${web}features/[^/]+/api/` },
      to: { path: `${web}features/[^/]+/(components|hooks|routes)/` },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment:
        'Shared UI (components), plumbing (lib) and paths (config) are below every feature and ' +
        'page: a feature could not change alone if they needed it.',
      severity: 'error',
      from: { path: `${web}${anyOf(webShared)}/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'The app composes the features, never the other way round.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'no-unknown-web-folder',
      comment:
        'Every web folder is the app, a feature or one of the shared ones above, so the rules ' +
        'cover it.',
      severity: 'error',
      from: { path: `${web}[^/]+/`, pathNot: `${web}${anyOf(['app', 'features', ...webShared])}/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    // Type-only imports count: a type from another module is a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};

import { apiPaths, recipientRoutes, signingRoutes } from '@esign/contract';
import { paths } from '../config/paths.ts';

/**
 * Which screen modules each address loads first (router.tsx imports each of them lazily).
 * The build turns this into the files a first load of that address needs (build/
 * route-preloads.ts) and the server names them in the page it answers, so the browser fetches
 * the screen's code with the page instead of after the app's code has run and asked for it.
 *
 * `when` limits an entry to a signed-in or signed-out visitor, as the server guesses it from
 * the session cookie: '/' is the list for one and the front page for the other, and a screen
 * behind a login is not worth fetching for someone who will be sent to the login page.
 *
 * `data` names the API calls the screen makes as it first shows, whatever the visitor has
 * stored: the server names them in the page too, so their answers come while the code loads
 * (packages/server/src/web/route-preloads.ts). Each must be the very URL the app asks for,
 * or the browser fetches it twice; e2e/tests/preloaded-calls.spec.ts checks that it does not.
 */
export interface RouteModules {
  path: string;
  modules: readonly string[];
  when?: 'signedIn' | 'signedOut';
  data?: readonly DataPreload[];
}

/** An API call's path, with `:name` for the address's parameter of that name. */
export interface DataPreload {
  path: string;
  /** Not made when the parameter has this value (/esign/edit/new has no flow to read yet). */
  unless?: { param: string; value: string };
}

const screen = (file: string) => `src/${file}`;

export const routeModules: readonly RouteModules[] = [
  { path: paths.home.path, modules: [screen('app/routes/home-route.tsx')] },
  {
    path: paths.home.path,
    when: 'signedIn',
    modules: [screen('features/signflows/routes/signflow-list-route.tsx')],
  },
  {
    path: paths.home.path,
    when: 'signedOut',
    modules: [screen('features/frontpage/routes/frontpage-route.tsx')],
    data: [{ path: apiPaths.frontpageInfo }],
  },
  {
    path: signingRoutes.page,
    modules: [screen('features/signing/routes/signing-route.tsx')],
    data: [{ path: signingRoutes.task }],
  },
  {
    path: recipientRoutes.viewerPage,
    modules: [screen('features/signing/routes/viewer-route.tsx')],
    data: [{ path: recipientRoutes.viewerTask }],
  },
  { path: paths.login.path, modules: [screen('features/auth/routes/login-route.tsx')] },
  { path: paths.logout.path, modules: [screen('features/auth/routes/logout-route.tsx')] },
  {
    path: paths.builtInLogin.path,
    modules: [screen('features/auth/routes/idp-login-route.tsx')],
  },
  { path: paths.verify.path, modules: [screen('features/verify/routes/verify-route.tsx')] },
  { path: '/dev/mail', modules: [screen('features/dev-mail/routes/dev-mail-route.tsx')] },
  ...[paths.signFlowEdit.path, paths.signFlowCopy.path].map((path) => ({
    path,
    when: 'signedIn' as const,
    modules: [
      screen('features/signflows/routes/signflow-edit-route.tsx'),
      screen('app/routes/signflow-edit-loader.ts'),
    ],
    // What app/routes/signflow-edit-loader.ts asks for: the flow (none for a new draft yet)
    // and the editor's lists.
    data: [
      { path: `${apiPaths.signFlows}/:id`, unless: { param: 'id', value: 'new' } },
      { path: apiPaths.allowedSignatureLevels },
      { path: apiPaths.allowedAttachmentContentTypes },
      { path: apiPaths.listUserGroups },
      { path: apiPaths.listUsers },
    ],
  })),
  ...(
    [
      [paths.templates.path, 'features/templates/routes/templates-route.tsx'],
      [paths.templateEdit.path, 'features/templates/routes/template-edit-route.tsx'],
      [paths.bulkSend.path, 'features/bulk-send/routes/bulk-send-route.tsx'],
      [paths.batch.path, 'features/bulk-send/routes/batch-route.tsx'],
      [paths.apiAccess.path, 'features/api-tokens/routes/api-access-route.tsx'],
      [paths.webhooks.path, 'features/webhooks/routes/webhooks-route.tsx'],
      [paths.account.path, 'features/accounts/routes/account-route.tsx'],
      [paths.groups.path, 'features/groups/routes/groups-route.tsx'],
      [paths.settings.path, 'app/routes/settings-route.tsx'],
      [paths.reports.path, 'features/reports/routes/reports-route.tsx'],
      [paths.personalReports.path, 'features/reports/routes/personal-reports-route.tsx'],
      [paths.accounts.path, 'features/accounts/routes/accounts-route.tsx'],
    ] as const
  ).map(([path, file]) => ({ path, when: 'signedIn' as const, modules: [screen(file)] })),
];

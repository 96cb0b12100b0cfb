import { recipientRoutes, signingRoutes } from '@esign/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import type { RouteHandle } from '../components/layout/page-title.ts';
import { paths } from '../config/paths.ts';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { SigningLayout } from '../features/signing/components/signing-layout.tsx';
import { loadSigningPage } from '../features/signing/routes/signing-loader.ts';
import { RequireBuiltInLogin } from './routes/require-built-in-login.tsx';
import { withinFrame } from './routes/route-error.tsx';

/*
 * The two page frames come with the app; every screen is a chunk of its own, loaded when a
 * route needs it (on the first load, while the start-up calls run): the signer's page loads
 * no portal screen, the login page no list, and pdf.js, Markdown and the charts come only
 * with the screens that use them.
 */
const screen = (load: () => Promise<Pick<RouteObject, 'Component' | 'element' | 'loader'>>) => ({
  lazy: load,
});

/** Nothing shows until the first screen's code (and data) is there, so the page does not jump. */
function NothingYet() {
  return null;
}

// Each route names its page for the tab's title (page-title.ts): "<page> – <portal>".
const handles = {
  home: { title: ({ t, signedIn }) => (signedIn ? t('signflow.list.title') : undefined) },
  login: { title: ({ t }) => t('login.title') },
  logout: { title: ({ t }) => t('login.logoutTitle') },
  devMail: { title: ({ t }) => t('devMail.title') },
  edit: {
    title: ({ t, params }) =>
      params.id === 'new' ? t('signflow.edit.newTitle') : t('signflow.edit.viewTitle'),
  },
  copy: { title: ({ t }) => t('signflow.edit.copyTitle') },
  templates: { title: ({ t }) => t('templates.title') },
  templateEdit: {
    title: ({ t, params }) =>
      params.id === 'new' ? t('templates.edit.newTitle') : t('templates.edit.title'),
  },
  groups: { title: ({ t }) => t('groups.title') },
  settings: { title: ({ t }) => t('settings.title') },
  reports: { title: ({ t }) => t('reports.title') },
  personalReports: { title: ({ t }) => t('personalReports.title') },
  account: { title: ({ t }) => t('account.title') },
  apiAccess: { title: ({ t }) => t('apiTokens.title') },
  webhooks: { title: ({ t }) => t('webhooks.title') },
  bulkSend: { title: ({ t }) => t('bulk.title') },
  batch: { title: ({ t }) => t('bulk.batch.title') },
  accounts: { title: ({ t }) => t('accounts.title') },
  verify: { title: ({ t }) => t('verify.title') },
  notFound: { title: ({ t }) => t('notFound.title') },
} satisfies Record<string, RouteHandle>;

/**
 * The route table of SPEC §2, in history mode with base /. `started` settles when the start-up
 * sequence has run (the signer's page waits for it to set the signer's language).
 */
export function createAppRouter({
  queryClient,
  started,
}: {
  queryClient: QueryClient;
  started: Promise<void>;
}) {
  // Made below; a loader of the page's first navigation may run while it is still being made.
  const made: { router?: ReturnType<typeof createBrowserRouter> } = {};
  const onFirstScreen = () => made.router === undefined || !made.router.state.initialized;
  const router = createBrowserRouter([
    {
      // The signer's page needs no portal login and has a frame of its own.
      element: <SigningLayout />,
      HydrateFallback: NothingYet,
      // A screen that fails shows its message inside the frame (see route-error.tsx).
      children: withinFrame([
        {
          path: signingRoutes.page,
          loader: ({ params }) => loadSigningPage(queryClient, started, params.token ?? ''),
          ...screen(async () => ({
            Component: (await import('../features/signing/routes/signing-route.tsx')).SigningRoute,
          })),
        },
        {
          path: signingRoutes.signedCopy,
          ...screen(async () => ({
            Component: (await import('../features/signing/routes/signed-copy-gone-route.tsx'))
              .SignedCopyGoneRoute,
          })),
        },
        {
          path: recipientRoutes.viewerPage,
          ...screen(async () => ({
            Component: (await import('../features/signing/routes/viewer-route.tsx')).ViewerRoute,
          })),
        },
        // A copy recipient's working link is the file itself: the app shows only an ended one.
        ...[recipientRoutes.copyDocument, recipientRoutes.copyEvidence].map((path) => ({
          path,
          ...screen(async () => ({
            Component: (await import('../features/signing/routes/signed-copy-gone-route.tsx'))
              .SignedCopyGoneRoute,
          })),
        })),
      ]),
    },
    {
      element: <AppLayout />,
      HydrateFallback: NothingYet,
      children: withinFrame([
        {
          path: paths.home.path,
          handle: handles.home,
          ...screen(async () => {
            const { HomeRoute, homeLoader } = await import('./routes/home-route.tsx');
            return { Component: HomeRoute, loader: homeLoader(queryClient, started) };
          }),
          // The loader only starts the list's first load; the list fetches on its own after.
          shouldRevalidate: () => false,
        },
        {
          path: paths.login.path,
          handle: handles.login,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/login-route.tsx')).LoginRoute,
          })),
        },
        {
          path: paths.logout.path,
          handle: handles.logout,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/logout-route.tsx')).LogoutRoute,
          })),
        },
        {
          path: paths.builtInLogin.path,
          handle: handles.login,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/idp-login-route.tsx')).IdpLoginRoute,
          })),
        },
        // Anyone may check a signed PDF: no login.
        {
          path: paths.verify.path,
          handle: handles.verify,
          ...screen(async () => ({
            Component: (await import('../features/verify/routes/verify-route.tsx')).VerifyRoute,
          })),
        },
        // The dev mailbox of the demo profile; the server answers its data only there.
        {
          path: '/dev/mail',
          handle: handles.devMail,
          ...screen(async () => ({
            Component: (await import('../features/dev-mail/routes/dev-mail-route.tsx'))
              .DevMailRoute,
          })),
        },
        {
          element: <RequireSession />,
          children: [
            ...(['edit', 'copy'] as const).map((mode) => ({
              path: mode === 'edit' ? paths.signFlowEdit.path : paths.signFlowCopy.path,
              handle: mode === 'edit' ? handles.edit : handles.copy,
              // The loader only starts the first loads; the screen keeps its data fresh.
              shouldRevalidate: () => false,
              // The loader and the screen are loaded apart from the app's code, so the editor's
              // calls and schemas are not in what every page (the signer's too) runs first. The
              // loader's small module comes first and starts the calls while the screen's code
              // is still on its way; on a first load the page has named both, and the calls too.
              lazy: {
                loader: async () => {
                  const { signFlowEditLoader } = await import('./routes/signflow-edit-loader.ts');
                  return (args: LoaderFunctionArgs) =>
                    signFlowEditLoader(
                      queryClient,
                      started,
                      // The page's first screen: nothing shows yet, so the loader may wait for data.
                      onFirstScreen(),
                    )(args);
                },
                element: async () => {
                  const { SignFlowEditRoute } =
                    await import('../features/signflows/routes/signflow-edit-route.tsx');
                  return <SignFlowEditRoute mode={mode} />;
                },
              },
            })),
            {
              path: paths.templates.path,
              handle: handles.templates,
              ...screen(async () => ({
                Component: (await import('../features/templates/routes/templates-route.tsx'))
                  .TemplatesRoute,
              })),
            },
            {
              path: paths.templateEdit.path,
              handle: handles.templateEdit,
              ...screen(async () => ({
                Component: (await import('../features/templates/routes/template-edit-route.tsx'))
                  .TemplateEditRoute,
              })),
            },
            {
              path: paths.apiAccess.path,
              handle: handles.apiAccess,
              ...screen(async () => ({
                Component: (await import('../features/api-tokens/routes/api-access-route.tsx'))
                  .ApiAccessRoute,
              })),
            },
            {
              path: paths.webhooks.path,
              handle: handles.webhooks,
              ...screen(async () => ({
                Component: (await import('../features/webhooks/routes/webhooks-route.tsx'))
                  .WebhooksRoute,
              })),
            },
            {
              path: paths.bulkSend.path,
              handle: handles.bulkSend,
              ...screen(async () => ({
                Component: (await import('../features/bulk-send/routes/bulk-send-route.tsx'))
                  .BulkSendRoute,
              })),
            },
            {
              path: paths.batch.path,
              handle: handles.batch,
              ...screen(async () => ({
                Component: (await import('../features/bulk-send/routes/batch-route.tsx'))
                  .BatchRoute,
              })),
            },
            {
              element: <RequireBuiltInLogin />,
              children: [
                {
                  path: paths.account.path,
                  handle: handles.account,
                  ...screen(async () => ({
                    Component: (await import('../features/accounts/routes/account-route.tsx'))
                      .AccountRoute,
                  })),
                },
              ],
            },
          ],
        },
        {
          element: <RequireSession admin />,
          children: [
            {
              path: paths.groups.path,
              handle: handles.groups,
              ...screen(async () => ({
                Component: (await import('../features/groups/routes/groups-route.tsx')).GroupsRoute,
              })),
            },
            {
              path: paths.settings.path,
              handle: handles.settings,
              ...screen(async () => ({
                Component: (await import('./routes/settings-route.tsx')).SettingsRoute,
              })),
            },
            {
              path: paths.reports.path,
              handle: handles.reports,
              ...screen(async () => ({
                Component: (await import('../features/reports/routes/reports-route.tsx'))
                  .ReportsRoute,
              })),
            },
            {
              path: paths.personalReports.path,
              handle: handles.personalReports,
              ...screen(async () => ({
                Component: (await import('../features/reports/routes/personal-reports-route.tsx'))
                  .PersonalReportsRoute,
              })),
            },
            {
              element: <RequireBuiltInLogin />,
              children: [
                {
                  path: paths.accounts.path,
                  handle: handles.accounts,
                  ...screen(async () => ({
                    Component: (await import('../features/accounts/routes/accounts-route.tsx'))
                      .AccountsRoute,
                  })),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          handle: handles.notFound,
          ...screen(async () => ({
            Component: (await import('./routes/not-found-route.tsx')).NotFoundRoute,
          })),
        },
      ]),
    },
  ]);
  made.router = router;
  return router;
}

import { signingRoutes } from '@esign/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { paths } from '../config/paths.ts';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { SigningLayout } from '../features/signing/components/signing-layout.tsx';
import { loadSigningPage } from '../features/signing/routes/signing-loader.ts';

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
  return createBrowserRouter([
    {
      // The signer's page needs no portal login and has a frame of its own.
      element: <SigningLayout />,
      HydrateFallback: NothingYet,
      children: [
        {
          path: signingRoutes.page,
          loader: ({ params }) => loadSigningPage(queryClient, started, params.token ?? ''),
          ...screen(async () => ({
            Component: (await import('../features/signing/routes/signing-route.tsx')).SigningRoute,
          })),
        },
      ],
    },
    {
      element: <AppLayout />,
      HydrateFallback: NothingYet,
      children: [
        {
          path: paths.home.path,
          ...screen(async () => {
            const { HomeRoute, homeLoader } = await import('./routes/home-route.tsx');
            return { Component: HomeRoute, loader: homeLoader(queryClient, started) };
          }),
          // The loader only starts the list's first load; the list fetches on its own after.
          shouldRevalidate: () => false,
        },
        {
          path: paths.login.path,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/login-route.tsx')).LoginRoute,
          })),
        },
        {
          path: paths.logout.path,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/logout-route.tsx')).LogoutRoute,
          })),
        },
        {
          path: paths.builtInLogin.path,
          ...screen(async () => ({
            Component: (await import('../features/auth/routes/idp-login-route.tsx')).IdpLoginRoute,
          })),
        },
        // The dev mailbox of the demo profile; the server answers its data only there.
        {
          path: '/dev/mail',
          ...screen(async () => ({
            Component: (await import('../features/dev-mail/routes/dev-mail-route.tsx'))
              .DevMailRoute,
          })),
        },
        {
          element: <RequireSession />,
          children: (['edit', 'copy'] as const).map((mode) => ({
            path: mode === 'edit' ? paths.signFlowEdit.path : paths.signFlowCopy.path,
            ...screen(async () => {
              const { SignFlowEditRoute } =
                await import('../features/signflows/routes/signflow-edit-route.tsx');
              return { element: <SignFlowEditRoute mode={mode} /> };
            }),
          })),
        },
        {
          element: <RequireSession admin />,
          children: [
            {
              path: paths.groups.path,
              ...screen(async () => ({
                Component: (await import('../features/groups/routes/groups-route.tsx')).GroupsRoute,
              })),
            },
            {
              path: paths.settings.path,
              ...screen(async () => ({
                Component: (await import('../features/settings/routes/settings-route.tsx'))
                  .SettingsRoute,
              })),
            },
            {
              path: paths.reports.path,
              ...screen(async () => ({
                Component: (await import('../features/reports/routes/reports-route.tsx'))
                  .ReportsRoute,
              })),
            },
            {
              path: paths.personalReports.path,
              ...screen(async () => ({
                Component: (await import('../features/reports/routes/personal-reports-route.tsx'))
                  .PersonalReportsRoute,
              })),
            },
          ],
        },
        {
          path: '*',
          ...screen(async () => ({
            Component: (await import('./routes/not-found-route.tsx')).NotFoundRoute,
          })),
        },
      ],
    },
  ]);
}

import { signingRoutes } from '@esign/contract';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { paths } from '../config/paths.ts';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { IdpLoginRoute } from '../features/auth/routes/idp-login-route.tsx';
import { LoginRoute } from '../features/auth/routes/login-route.tsx';
import { LogoutRoute } from '../features/auth/routes/logout-route.tsx';
import { DevMailRoute } from '../features/dev-mail/routes/dev-mail-route.tsx';
import { GroupsRoute } from '../features/groups/routes/groups-route.tsx';
import { PersonalReportsRoute } from '../features/reports/routes/personal-reports-route.tsx';
import { ReportsRoute } from '../features/reports/routes/reports-route.tsx';
import { SettingsRoute } from '../features/settings/routes/settings-route.tsx';
import { SignFlowEditRoute } from '../features/signflows/routes/signflow-edit-route.tsx';
import { SigningLayout } from '../features/signing/components/signing-layout.tsx';
import { SignedCopyGoneRoute } from '../features/signing/routes/signed-copy-gone-route.tsx';
import { SigningRoute } from '../features/signing/routes/signing-route.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';

/** The route table of SPEC §2, in history mode with base /. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      // The signer's page needs no portal login and has a frame of its own.
      element: <SigningLayout />,
      children: [
        { path: signingRoutes.page, element: <SigningRoute /> },
        { path: signingRoutes.signedCopy, element: <SignedCopyGoneRoute /> },
      ],
    },
    {
      element: <AppLayout />,
      children: [
        { path: paths.home.path, element: <HomeRoute /> },
        { path: paths.login.path, element: <LoginRoute /> },
        { path: paths.logout.path, element: <LogoutRoute /> },
        { path: paths.builtInLogin.path, element: <IdpLoginRoute /> },
        // The dev mailbox of the demo profile; the server answers its data only there.
        { path: '/dev/mail', element: <DevMailRoute /> },
        {
          element: <RequireSession />,
          children: [
            { path: paths.signFlowEdit.path, element: <SignFlowEditRoute mode="edit" /> },
            { path: paths.signFlowCopy.path, element: <SignFlowEditRoute mode="copy" /> },
          ],
        },
        {
          element: <RequireSession admin />,
          children: [
            { path: paths.groups.path, element: <GroupsRoute /> },
            { path: paths.settings.path, element: <SettingsRoute /> },
            { path: paths.reports.path, element: <ReportsRoute /> },
            { path: paths.personalReports.path, element: <PersonalReportsRoute /> },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}

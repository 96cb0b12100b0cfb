import { signingRoutes } from '@esign/contract';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import type { RouteHandle } from '../components/layout/page-title.ts';
import { paths } from '../config/paths.ts';
import { AccountRoute } from '../features/accounts/routes/account-route.tsx';
import { AccountsRoute } from '../features/accounts/routes/accounts-route.tsx';
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
import { RequireBuiltInLogin } from './routes/require-built-in-login.tsx';

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
  groups: { title: ({ t }) => t('groups.title') },
  settings: { title: ({ t }) => t('settings.title') },
  reports: { title: ({ t }) => t('reports.title') },
  personalReports: { title: ({ t }) => t('personalReports.title') },
  account: { title: ({ t }) => t('account.title') },
  accounts: { title: ({ t }) => t('accounts.title') },
  notFound: { title: ({ t }) => t('notFound.title') },
} satisfies Record<string, RouteHandle>;

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
        { path: paths.home.path, element: <HomeRoute />, handle: handles.home },
        { path: paths.login.path, element: <LoginRoute />, handle: handles.login },
        { path: paths.logout.path, element: <LogoutRoute />, handle: handles.logout },
        { path: paths.builtInLogin.path, element: <IdpLoginRoute />, handle: handles.login },
        // The dev mailbox of the demo profile; the server answers its data only there.
        { path: '/dev/mail', element: <DevMailRoute />, handle: handles.devMail },
        {
          element: <RequireSession />,
          children: [
            {
              path: paths.signFlowEdit.path,
              element: <SignFlowEditRoute mode="edit" />,
              handle: handles.edit,
            },
            {
              path: paths.signFlowCopy.path,
              element: <SignFlowEditRoute mode="copy" />,
              handle: handles.copy,
            },
            {
              element: <RequireBuiltInLogin />,
              children: [
                { path: paths.account.path, element: <AccountRoute />, handle: handles.account },
              ],
            },
          ],
        },
        {
          element: <RequireSession admin />,
          children: [
            { path: paths.groups.path, element: <GroupsRoute />, handle: handles.groups },
            { path: paths.settings.path, element: <SettingsRoute />, handle: handles.settings },
            { path: paths.reports.path, element: <ReportsRoute />, handle: handles.reports },
            {
              path: paths.personalReports.path,
              element: <PersonalReportsRoute />,
              handle: handles.personalReports,
            },
            {
              element: <RequireBuiltInLogin />,
              children: [
                { path: paths.accounts.path, element: <AccountsRoute />, handle: handles.accounts },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundRoute />, handle: handles.notFound },
      ],
    },
  ]);
}

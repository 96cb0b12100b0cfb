/** Every route of SPEC §2: `path` is the router's pattern, `getHref` builds a link to it. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (returnTo?: string) =>
      returnTo === undefined ? '/login' : `/login?r=${encodeURIComponent(returnTo)}`,
  },
  logout: {
    path: '/logout',
    getHref: (failed = false) => (failed ? '/logout?failed=1' : '/logout'),
  },
  /** The built-in provider's login form for one login (an addition to SPEC §2). */
  builtInLogin: {
    path: '/idp-login/:uid',
    getHref: (uid: string) => `/idp-login/${encodeURIComponent(uid)}`,
  },
  signFlowEdit: {
    path: '/esign/edit/:id',
    getHref: (id: string) => `/esign/edit/${encodeURIComponent(id)}`,
  },
  signFlowCopy: {
    path: '/esign/copy/:id',
    getHref: (id: string) => `/esign/copy/${encodeURIComponent(id)}`,
  },
  /** The templates the user may use (an addition to SPEC §2, issue 18). */
  templates: { path: '/templates', getHref: () => '/templates' },
  /** A template's editor; 'new' for one not yet saved. */
  templateEdit: {
    path: '/templates/:id',
    getHref: (id: string) => `/templates/${encodeURIComponent(id)}`,
  },
  groups: { path: '/groups', getHref: () => '/groups' },
  settings: { path: '/settings', getHref: () => '/settings' },
  reports: { path: '/reports', getHref: () => '/reports' },
  personalReports: { path: '/personalreports', getHref: () => '/personalreports' },
  /** The signed-in built-in account's own page: its password (an addition to SPEC §2). */
  account: { path: '/account', getHref: () => '/account' },
  /** The signed-in user's API tokens; administrators also see everyone's (an addition to SPEC §2). */
  apiAccess: { path: '/api-access', getHref: () => '/api-access' },
  /** The webhook endpoints the signed-in user manages (an addition to SPEC §2). */
  webhooks: { path: '/webhooks', getHref: () => '/webhooks' },
  /** The public verification of a signed PDF, no login needed (an addition to SPEC §2). */
  verify: { path: '/verify', getHref: () => '/verify' },
  /** Send a template in bulk from a CSV (issue 18; an addition to SPEC §2). */
  bulkSend: {
    path: '/templates/:templateId/bulk',
    getHref: (templateId: string) => `/templates/${encodeURIComponent(templateId)}/bulk`,
  },
  /** A bulk-send batch's progress (issue 18). */
  batch: {
    path: '/batches/:batchId',
    getHref: (batchId: string) => `/batches/${encodeURIComponent(batchId)}`,
  },
  /** The built-in login's accounts, for administrators (an addition to SPEC §2). */
  accounts: { path: '/accounts', getHref: () => '/accounts' },
} as const;

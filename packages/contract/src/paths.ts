/**
 * The API paths of SPEC §7, relative to the host root. Functions build the paths
 * that carry parameters; the server registers the same templates.
 */
export const apiPaths = {
  currentUser: '/api/esign/users/current',
  externalLogin: '/api/esign/Users/ExternalLogin',
  externalLogout: '/api/esign/Users/ExternalLogout',
  reportSignings: '/api/esign/Report/signings',
  reportAuthentications: '/api/esign/Report/authentications',
  reportPersonalService: '/api/esign/Report/personal/service',
  reportPersonalPortal: '/api/esign/Report/personal/portal',
  listUserGroups: '/api/esign/Roles/ListUserGroups',
  createUserGroup: '/api/esign/Roles/CreateUserGroup',
  listUsers: '/api/esign/Roles/ListUsers',
  deleteUserGroup: '/api/esign/Roles/DeleteUserGroup',
  getGroupUsers: '/api/esign/Roles/GetGroupUsers',
  updateGroup: '/api/esign/Roles/UpdateGroup',
  signFlows: '/api/esign/SignFlows',
  signFlow: (guid: string) => `/api/esign/SignFlows/${encodeURIComponent(guid)}`,
  signFile: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/signfile`,
  attachment: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/attachment`,
  sendSignFlow: (guid: string) => `/api/esign/SignFlows/${encodeURIComponent(guid)}/send`,
  checkSignFlow: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/check`,
  cancelSignFlow: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/cancel`,
  /** Beyond SPEC: the sender moves a sent flow's deadline later. */
  signFlowExpiryDate: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/expirydate`,
  /** Beyond SPEC: the sender opens a signer's link locked after too many e-mail codes. */
  unlockSigner: (signFlowId: string, signatureId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/${encodeURIComponent(signatureId)}/unlock`,
  /** Beyond SPEC: the sender mails a pending signer a reminder now (one per signer an hour). */
  remindSigner: (signFlowId: string, signatureId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/${encodeURIComponent(signatureId)}/remind`,
  allowedAttachmentContentTypes: '/api/esign/SignFlows/allowedattachmentcontenttypes',
  allowedSignatureLevels: '/api/esign/SignFlows/allowedsignaturelevels',
  commonConfig: '/api/config/common',
  frontpageInfo: '/api/config/info',
} as const;

/** Route templates in Fastify's syntax for the paths that carry parameters. */
export const apiRoutes = {
  signFlow: '/api/esign/SignFlows/:guid',
  signFile: '/api/esign/SignFlows/:signFlowId/signfile',
  attachment: '/api/esign/SignFlows/:signFlowId/attachment',
  attachmentItem: '/api/esign/SignFlows/:signFlowId/attachment/:attachmentId',
  sendSignFlow: '/api/esign/SignFlows/:guid/send',
  checkSignFlow: '/api/esign/SignFlows/:signFlowId/check',
  cancelSignFlow: '/api/esign/SignFlows/:signFlowId/cancel',
  signFlowExpiryDate: '/api/esign/SignFlows/:signFlowId/expirydate',
  signingUrl: '/api/esign/SignFlows/:signFlowId/:signatureId/signingurl',
  unlockSigner: '/api/esign/SignFlows/:signFlowId/:signatureId/unlock',
  remindSigner: '/api/esign/SignFlows/:signFlowId/:signatureId/remind',
  downloadSignFile: '/api/esign/SignFlows/:signflowId/signfile/:fileGuid',
  downloadSignedFile: '/api/esign/SignFlows/:signflowId/signedfile/:fileGuid',
  downloadPersonalSignedFile: '/api/esign/SignFlows/:signflowId/personalsignedfile/:fileGuid',
  downloadAttachment: '/api/esign/SignFlows/:signflowId/attachment/:attachmentGuid',
  /** The finished flow's evidence report on its own (the signed file embeds the same PDF). */
  downloadEvidenceReport: '/api/esign/SignFlows/:signflowId/evidencereport/:fileGuid',
} as const;

/** Public assets under the public URL (SPEC §7). */
export const publicAssets = {
  locales: 'locales.json',
  favicon: 'favicon.ico',
  logo: 'logo.svg',
  /** Extra locale messages: `locales/<lng>.json` under the public URL. */
  localeMessages: (language: string) => `locales/${encodeURIComponent(language)}.json`,
} as const;

import { z } from 'zod';
import { FileInfo, IsoDate } from './entities.ts';

/**
 * The side of a flow's copy recipients and viewers (beyond SPEC). A viewer reads the document
 * through `/view/{token}` while the flow is out; a copy recipient downloads the finished
 * document and its evidence report through `/copy/{token}` and `/copy/{token}/evidence`.
 * Neither token opens anything of the signer's side.
 */
export const recipientPaths = {
  viewerPage: (token: string) => `/view/${encodeURIComponent(token)}`,
  viewerTask: (token: string) => `/api/view/${encodeURIComponent(token)}`,
  viewerDocument: (token: string) => `/api/view/${encodeURIComponent(token)}/document`,
  viewerAttachment: (token: string, attachmentId: string) =>
    `/api/view/${encodeURIComponent(token)}/attachment/${encodeURIComponent(attachmentId)}`,
  copyDocument: (token: string) => `/copy/${encodeURIComponent(token)}`,
  copyEvidence: (token: string) => `/copy/${encodeURIComponent(token)}/evidence`,
} as const;

/** Fastify route templates of the paths above. */
export const recipientRoutes = {
  viewerPage: '/view/:token',
  viewerTask: '/api/view/:token',
  viewerDocument: '/api/view/:token/document',
  viewerAttachment: '/api/view/:token/attachment/:attachmentId',
  copyDocument: '/copy/:token',
  copyEvidence: '/copy/:token/evidence',
} as const;

const DownloadableFile = FileInfo.extend({ Size: z.number().int() });

/**
 * What a viewer's page shows. State Open: the flow is out and the document can be read;
 * Ended: the flow finished, was rejected, cancelled or expired, and the link no longer opens it
 * (Document and Attachments are then empty).
 */
export const ViewerTask = z.object({
  State: z.enum(['Open', 'Ended']),
  FlowName: z.string(),
  SenderName: z.string(),
  SenderOrganisation: z.string(),
  Note: z.string().nullable(),
  /** The language of the flow's messages (fi, en, sv). */
  Language: z.string(),
  ViewerName: z.string(),
  /** The signers' deadline, while the flow is out. */
  ExpiryDate: IsoDate.nullable(),
  Document: DownloadableFile.nullable(),
  Attachments: z.array(DownloadableFile),
});
export type ViewerTask = z.infer<typeof ViewerTask>;

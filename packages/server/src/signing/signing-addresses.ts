import { recipientPaths, signingPaths, verifyPaths } from '@esign/contract';
import type { AppConfig } from '../config/env.ts';
import { inspectorToken } from './signing-links.ts';

/** The sender's page of a flow in the portal. */
export function senderFlowLink(publicUrl: URL, flowId: string): string {
  return new URL(`esign/edit/${encodeURIComponent(flowId)}`, publicUrl).href;
}

export const inspectorRoute = '/api/inspect/:flowId/:token';

/** The inspector's read-only link: the signed file, for as long as the flow is kept. */
export function inspectorLink(
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret'>,
  flowId: string,
) {
  const token = inspectorToken(config.sessionSecret, flowId);
  return new URL(
    `api/inspect/${encodeURIComponent(flowId)}/${encodeURIComponent(token)}`,
    config.publicUrl,
  ).href;
}

/** The absolute address of a signer's link to the signed document. */
export function signedCopyLink(publicUrl: URL, token: string): string {
  return new URL(signingPaths.signedCopy(token).slice(1), publicUrl).href;
}

/** The public verification page, which mails about a finished flow point to. */
export function verifyPageLink(publicUrl: URL): string {
  return new URL(verifyPaths.page.slice(1), publicUrl).href;
}

/** The absolute address of a viewer's page, or of a copy recipient's downloads. */
export function recipientLink(
  publicUrl: URL,
  which: 'viewer' | 'copy' | 'evidence',
  token: string,
): string {
  const path = {
    viewer: recipientPaths.viewerPage,
    copy: recipientPaths.copyDocument,
    evidence: recipientPaths.copyEvidence,
  }[which](token);
  return new URL(path.slice(1), publicUrl).href;
}

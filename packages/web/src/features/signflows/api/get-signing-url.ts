import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

export interface SigningUrlInput {
  signFlowId: string;
  signerId: string;
}

// The contract names this route only as a Fastify template (apiRoutes.signingUrl).
const signingUrlPath = ({ signFlowId, signerId }: SigningUrlInput) =>
  `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/${encodeURIComponent(signerId)}/signingurl`;

/** One signer's personal signing link; 'Not Found' until the flow has reached its signers. */
export function getSigningUrl(input: SigningUrlInput): Promise<string> {
  return requestJson(signingUrlPath(input), z.string(), { notFoundAsNotFound: true });
}

/** Fetched on demand (when the user asks to copy it), so a mutation rather than a cached query. */
export function useSigningUrl() {
  return useMutation({ mutationFn: getSigningUrl });
}

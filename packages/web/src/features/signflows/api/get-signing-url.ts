import { errorKeys } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, sendRequest } from '../../../lib/http.ts';

export interface SigningUrlInput {
  signFlowId: string;
  signerId: string;
}

// The contract names this route only as a Fastify template (apiRoutes.signingUrl).
const signingUrlPath = ({ signFlowId, signerId }: SigningUrlInput) =>
  `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/${encodeURIComponent(signerId)}/signingurl`;

const SigningUrl = z.url({ protocol: /^https?$/ });

/**
 * One signer's personal signing link; 'Not Found' until the flow has reached its signers.
 * The server answers the bare string as text (SPEC §7: "returns a string").
 */
export async function getSigningUrl(input: SigningUrlInput): Promise<string> {
  const response = await sendRequest(signingUrlPath(input), { notFoundAsNotFound: true });
  const text = await response.text();
  const link = SigningUrl.safeParse(text.trim());
  if (!link.success) {
    const error = new ApiError(response.status, errorKeys.unexpected, text, response.headers);
    error.cause = link.error;
    throw error;
  }
  return link.data;
}

/** Fetched on demand (when the user asks to copy it), so a mutation rather than a cached query. */
export function useSigningUrl() {
  return useMutation({ mutationFn: getSigningUrl });
}

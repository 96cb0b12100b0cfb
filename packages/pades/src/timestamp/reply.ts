import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { originalEncoding, parseSingleElement } from './asn1.ts';
import type { TimestampHashAlgorithm } from './algorithms.ts';
import { TimestampError } from './errors.ts';
import { describeStatus, isGranted } from './status.ts';
import { verifyTimestampToken } from './verify-token.ts';

export interface ExpectedToken {
  digest: Buffer;
  hashAlgorithm: TimestampHashAlgorithm;
  nonce: bigint;
}

/**
 * The token of a TimeStampResp, byte for byte as sent, once it is shown to be granted, over the
 * expected imprint and nonce, validly signed by a time-stamping certificate it carries (or
 * `certificates` holds); otherwise a `TimestampError` whose message starts with `source`.
 */
export async function acceptTimestampReply(
  reply: Buffer,
  expected: ExpectedToken,
  source: string,
  certificates: Buffer[] = [],
): Promise<Buffer> {
  const token = grantedToken(reply, source);
  const { digest, hashAlgorithm } = expected;
  const report = await verifyTimestampToken(token, { digest, hashAlgorithm, certificates }).catch(
    (error: unknown) => {
      throw error instanceof TimestampError
        ? new TimestampError(error.code, `${source}: ${error.message}`, { cause: error })
        : error;
    },
  );
  if (!report.imprintMatches) {
    throw new TimestampError(
      'mismatch',
      `${source} stamped another imprint than the ${hashAlgorithm} digest sent`,
    );
  }
  if (report.nonce !== expected.nonce) {
    throw new TimestampError(
      'mismatch',
      `${source} answered with another nonce than the one sent (a stale or replayed reply?)`,
    );
  }
  if (!report.signatureValid) {
    throw new TimestampError(
      'invalid-signature',
      `${source} sent a token whose signature does not verify`,
    );
  }
  if (!report.signerIsTimestampAuthority) {
    throw new TimestampError(
      'invalid-signature',
      `${source} signed with a certificate not marked for time stamping`,
    );
  }
  return token;
}

function grantedToken(reply: Buffer, source: string): Buffer {
  let response: pkijs.TimeStampResp;
  let element: asn1js.AsnType;
  try {
    element = parseSingleElement(reply, 'the reply');
    response = new pkijs.TimeStampResp({ schema: element });
  } catch (error) {
    throw new TimestampError('malformed', `${source} sent a reply that is not a TimeStampResp`, {
      cause: error,
    });
  }
  if (!isGranted(response.status)) {
    throw new TimestampError(
      'refused',
      `${source} refused the request: ${describeStatus(response.status)}`,
    );
  }
  const tokenElement = element instanceof asn1js.Sequence ? element.valueBlock.value[1] : undefined;
  if (!response.timeStampToken || !tokenElement) {
    throw new TimestampError('malformed', `${source} granted the request but sent no token`);
  }
  return originalEncoding(tokenElement);
}

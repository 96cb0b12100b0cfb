import {
  completeExternalSignature,
  CscError,
  dataToBeSignedHash,
  listCscCredentials,
  prepareExternalSignature,
  readCscCredential,
  signCscHash,
  type PadesLevel,
  type TimestampSource,
} from '@esign/pades';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { toIsoString } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { CscConfig } from './csc-config.ts';
import {
  credentialAuthorizationUrl,
  exchangeCredentialCode,
  requestServiceToken,
} from './csc-oauth.ts';
import { decodePendingSignature, encodePendingSignature } from './pending-signature.ts';
import { QualifiedSignatureError } from './qualified-signature-error.ts';
import {
  deletePendingSignaturesBefore,
  insertPendingSignature,
  takePendingSignature,
} from './qualified-signature.repository.ts';

export interface QualifiedSignatureDeps {
  db: Kysely<Database>;
  csc: CscConfig;
  /** The server's SESSION_SECRET: seals the signer's link token in the stored state. */
  sessionSecret: string;
  clock?: () => Date;
}

/** A signature the signer has not authorised within this time is refused (and removed). */
export const qualifiedSignatureTtlMs = 15 * 60_000;

export interface StartQualifiedSignatureInput {
  signerId: string;
  /** The signer's link token; answered again by completeQualifiedSignature. */
  returnToken: string;
  /** A local copy of the working document. */
  inputPath: string;
  /** Where the prepared document is written (a local path; the caller stores the file). */
  outputPath: string;
  fieldName: string;
  appearanceLines: string[];
  level: PadesLevel;
  /** The callback URL, without a query (signingRoutes.qualifiedCallback under PUBLIC_URL). */
  redirectUri: string;
}

async function credentialToSignWith(csc: CscConfig) {
  const service = { baseUrl: csc.baseUrl, accessToken: await requestServiceToken(csc) };
  const credentialID = csc.credentialId ?? (await listCscCredentials(service))[0];
  if (!credentialID) throw new CscError('credentials/list answered no credential');
  const credential = await readCscCredential(service, credentialID);
  if (credential.authMode !== 'oauth2code')
    throw new CscError(`credential ${credentialID} is not authorised in the browser (oauth2code)`);
  return credential;
}

/**
 * Starts a qualified signature: reads the credential's certificate at the trust service,
 * writes the prepared document to `outputPath`, keeps what the callback needs in the
 * database for 15 minutes and answers where to send the signer's browser.
 */
export async function startQualifiedSignature(
  deps: QualifiedSignatureDeps,
  input: StartQualifiedSignatureInput,
): Promise<{ authorizeUrl: string; state: string }> {
  if (new URL(input.redirectUri).search) throw new Error('redirectUri must carry no query');
  const now = deps.clock?.() ?? new Date();
  const credential = await credentialToSignWith(deps.csc).catch((cause: unknown) => {
    throw new QualifiedSignatureError(input.returnToken, 'unavailable', cause);
  });
  const prepared = await prepareExternalSignature({
    input: input.inputPath,
    output: input.outputPath,
    certificate: credential.certificate,
    chain: credential.chain,
    level: input.level,
    fieldName: input.fieldName,
    appearance: { lines: input.appearanceLines },
    signingTime: now,
  });
  const state = client.randomState();
  const verifier = client.randomPKCECodeVerifier();
  const payload = encodePendingSignature(deps.sessionSecret, state, {
    signature: prepared.state,
    credentialID: credential.credentialID,
    signAlgo: credential.signAlgo,
    redirectUri: input.redirectUri,
    verifier,
    returnToken: input.returnToken,
  });
  await deletePendingSignaturesBefore(deps.db, new Date(now.getTime() - qualifiedSignatureTtlMs));
  await insertPendingSignature(deps.db, {
    state,
    signerId: input.signerId,
    payload,
    createdAt: now,
  });
  const authorizeUrl = credentialAuthorizationUrl(deps.csc, {
    redirectUri: input.redirectUri,
    state,
    codeChallenge: await client.calculatePKCECodeChallenge(verifier),
    credentialID: credential.credentialID,
    hash: prepared.dataToBeSignedHash,
  });
  return { authorizeUrl, state };
}

/** Uses up the state: answers what was stored under it and whether it expired; throws when unknown. */
async function takeState(deps: QualifiedSignatureDeps, state: string) {
  const row = await takePendingSignature(deps.db, state);
  if (!row)
    throw new QualifiedSignatureError(null, 'validation', new Error('unknown or used state'));
  let pending;
  try {
    pending = decodePendingSignature(deps.sessionSecret, state, row.payload);
  } catch (cause) {
    throw new QualifiedSignatureError(null, 'validation', cause);
  }
  const now = deps.clock?.() ?? new Date();
  const expired = now.getTime() - Date.parse(toIsoString(row.created_at)) > qualifiedSignatureTtlMs;
  return { signerId: row.signer_id, pending, expired };
}

/**
 * Finishes a qualified signature from the trust service's callback: the state is used up
 * whatever happens; the code is exchanged for the credential-scope token, the hash signed
 * (signHash) and the CMS written into the prepared document at `preparedPath` in place.
 * Answers the signer, their link token and the certificate that signed (DER).
 */
export async function completeQualifiedSignature(
  deps: QualifiedSignatureDeps,
  input: { state: string; code: string; preparedPath: string; timestamp: TimestampSource },
): Promise<{ signerId: string; returnToken: string; certificate: Buffer }> {
  const { signerId, pending, expired } = await takeState(deps, input.state);
  if (expired)
    throw new QualifiedSignatureError(
      pending.returnToken,
      'validation',
      new Error('expired state'),
    );
  try {
    const accessToken = await exchangeCredentialCode(deps.csc, {
      redirectUri: pending.redirectUri,
      code: input.code,
      state: input.state,
      verifier: pending.verifier,
    });
    const signatureValue = await signCscHash(
      { baseUrl: deps.csc.baseUrl, accessToken },
      {
        credentialID: pending.credentialID,
        signAlgo: pending.signAlgo,
        hash: dataToBeSignedHash(pending.signature),
      },
    );
    await completeExternalSignature(input.preparedPath, pending.signature, signatureValue, {
      timestamp: input.timestamp,
    });
  } catch (cause) {
    throw new QualifiedSignatureError(pending.returnToken, 'unavailable', cause);
  }
  const certificate = Buffer.from(pending.signature.certificates[0] ?? '', 'base64');
  return { signerId, returnToken: pending.returnToken, certificate };
}

/**
 * Drops a signature the signer cancelled or the trust service refused (the callback
 * carried `error`); answers the signer and link token, or null for an unknown state.
 */
export async function abandonQualifiedSignature(
  deps: QualifiedSignatureDeps,
  state: string,
): Promise<{ signerId: string; returnToken: string } | null> {
  try {
    const { signerId, pending } = await takeState(deps, state);
    return { signerId, returnToken: pending.returnToken };
  } catch (error) {
    if (error instanceof QualifiedSignatureError) return null;
    throw error;
  }
}

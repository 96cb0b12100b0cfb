import {
  completeExternalSignature,
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
import { signingErrorKeys } from '@esign/contract';
import type { CscConfig } from '../../config/csc-config.ts';
import { certificateNamesSigner, type QualifiedSigner } from './credential-owner.ts';
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
  clock: () => Date;
}

/** A signature the signer has not authorised within this time is refused (and removed). */
export const qualifiedSignatureTtlMs = 15 * 60_000;

export interface StartQualifiedSignatureInput {
  signerId: string;
  /** Whose credential signs: found at the trust service, its certificate must name them. */
  signer: QualifiedSigner;
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

/**
 * The signer's own credential at the trust service: among those credentials/list gives for
 * the signer (userID), the first authorised in the browser whose certificate names them.
 * Answers null when they have none, so that nobody signs in another's name.
 */
async function signersCredential(csc: CscConfig, signer: QualifiedSigner) {
  const userID = csc.userIdFrom === 'email' ? signer.email : signer.personalIdentityCode;
  if (!userID) return null;
  const service = { baseUrl: csc.baseUrl, accessToken: await requestServiceToken(csc) };
  for (const credentialID of await listCscCredentials(service, userID)) {
    const credential = await readCscCredential(service, credentialID);
    if (
      credential.authMode === 'oauth2code' &&
      certificateNamesSigner(credential.certificate, signer)
    )
      return credential;
  }
  return null;
}

/**
 * Starts a qualified signature: finds the signer's own credential at the trust service,
 * writes the prepared document to `outputPath`, keeps what the callback needs in the
 * database for 15 minutes and answers where to send the signer's browser.
 */
export async function startQualifiedSignature(
  deps: QualifiedSignatureDeps,
  input: StartQualifiedSignatureInput,
): Promise<{ authorizeUrl: string; state: string }> {
  if (new URL(input.redirectUri).search) throw new Error('redirectUri must carry no query');
  const now = deps.clock();
  const credential = await signersCredential(deps.csc, input.signer).catch((cause: unknown) => {
    throw new QualifiedSignatureError(input.returnToken, 'unavailable', cause);
  });
  if (!credential)
    throw new QualifiedSignatureError(
      input.returnToken,
      'validation',
      new Error('the trust service has no credential whose certificate names the signer'),
      signingErrorKeys.noQualifiedCertificate,
    );
  const prepared = await prepareExternalSignature({
    input: input.inputPath,
    output: input.outputPath,
    certificate: credential.certificate,
    chain: credential.chain,
    level: input.level,
    fieldName: input.fieldName,
    appearance: { lines: input.appearanceLines, showLevel: false },
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
  const now = deps.clock();
  const expired = now.getTime() - Date.parse(toIsoString(row.created_at)) > qualifiedSignatureTtlMs;
  return { signerId: row.signer_id, pending, expired };
}

/**
 * Finishes a qualified signature from the trust service's callback: the state is used up
 * whatever happens; the code is exchanged for the credential-scope token, the hash signed
 * (signHash) and the CMS written into the prepared document at `preparedPath` in place.
 * Answers the signer, their link token and the certificate that signed with its chain (DER).
 */
export async function completeQualifiedSignature(
  deps: QualifiedSignatureDeps,
  input: { state: string; code: string; preparedPath: string; timestamp: TimestampSource },
): Promise<{
  signerId: string;
  returnToken: string;
  certificates: Buffer[];
  credentialID: string;
}> {
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
  const certificates = pending.signature.certificates.map((item) => Buffer.from(item, 'base64'));
  return {
    signerId,
    returnToken: pending.returnToken,
    certificates,
    credentialID: pending.credentialID,
  };
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

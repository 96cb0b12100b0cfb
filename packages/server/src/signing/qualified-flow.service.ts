import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { signingErrorKeys, signingRoutes } from '@esign/contract';
import { AppError } from '../errors/app-error.ts';
import { storeReserved } from '../files/store-and-record.ts';
import { discardUnrecordedFiles } from '../files/stored-objects.ts';
import type { RequestContext } from '../http/request-context.ts';
import { signatureFieldName } from './flow-start.service.ts';
import type { CscConfig } from '../config/csc-config.ts';
import {
  abandonQualifiedSignature,
  completeQualifiedSignature,
  startQualifiedSignature,
} from './qualified/qualified-signature.service.ts';
import { QualifiedSignatureError } from './qualified/qualified-signature-error.ts';
import { appearanceLines } from './sign.service.ts';
import { storeSignature } from './signature-record.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findWorkingFile } from './signing.repository.ts';
import { insertAuthState, takeAuthState } from './signer-auth.repository.ts';
import { hashToken } from './signing-links.ts';
import {
  asSigner,
  assertIdentified,
  assertOpen,
  loadSignerContext,
  type SignerContext,
} from './signer-task.service.ts';
import { downloadToFile, withTempDir } from '../files/working-document.ts';

/** Where a prepared document waits for the signer's authorisation, and what it was built on. */
const baseKind = 'csc-base';
const baseStateOf = (state: string) => hashToken(`qualified-base\0${state}`);
const pendingKeyOf = (state: string) => `pending/${hashToken(state)}`;

const qualifiedDeps = (deps: SigningDeps, csc: CscConfig) => ({
  db: deps.db,
  csc,
  sessionSecret: deps.config.sessionSecret,
  clock: () => deps.clock.now(),
});

function cscOf(deps: SigningDeps): CscConfig {
  if (!deps.config.csc) throw new AppError('unavailable', { key: signingErrorKeys.signingFailed });
  return deps.config.csc;
}

/**
 * Starts a qualified signature: prepares the field on the current working document, keeps
 * the prepared file in the shared storage (any node may take the callback) and answers the
 * trust service's address where the signer authorises it.
 */
export async function startQualified(deps: SigningDeps, context: SignerContext): Promise<string> {
  assertOpen(context);
  assertIdentified(context);
  if (context.flow.minimum_signature_level !== 'Qualified')
    throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
  const working = await findWorkingFile(deps.db, context.flow);
  if (!working) throw new AppError('conflict', { key: signingErrorKeys.flowEnded });
  const csc = cscOf(deps);
  return withTempDir(deps.scratch, async (dir) => {
    const inputPath = join(dir, 'working.pdf');
    const outputPath = join(dir, 'prepared.pdf');
    await downloadToFile(deps.storage, working.storage_key, inputPath);
    const { authorizeUrl, state } = await startQualifiedSignature(qualifiedDeps(deps, csc), {
      signerId: context.signer.id,
      signer: {
        email: context.signer.email,
        personalIdentityCode: context.signer.personal_identity_code,
      },
      returnToken: context.token,
      inputPath,
      outputPath,
      fieldName: signatureFieldName(context.signer),
      appearanceLines: appearanceLines(context.signer.name, 'Qualified', context.flow.language),
      level: 'B-T',
      redirectUri: new URL(signingRoutes.qualifiedCallback.slice(1), deps.config.publicUrl).href,
    });
    // Reserved like any object: if the signer never comes back, the sweep removes it.
    await storeReserved(deps, [
      { key: pendingKeyOf(state), file: outputPath, contentType: 'application/pdf' },
    ]);
    await insertAuthState(deps.db, baseKind, {
      state: baseStateOf(state),
      signerId: context.signer.id,
      payload: JSON.stringify({ workingFileId: working.id, workingKey: working.storage_key }),
      createdAt: deps.clock.now(),
    });
    return authorizeUrl;
  });
}

async function takeBase(deps: SigningDeps, state: string) {
  const row = await takeAuthState(deps.db, baseKind, baseStateOf(state));
  return row ? (JSON.parse(row.payload) as { workingFileId: string; workingKey: string }) : null;
}

type QualifiedCallback = { state: string; code?: string; error?: string };

/**
 * The trust service's answer: with a code, the signature is completed and recorded as the
 * signer's; with an error (the signer cancelled), the prepared document is dropped.
 * Answers the signer's link token, and an error key to show on their page if any; a failure
 * that knows the signer's link answers it with the failure's key, any other is thrown.
 */
export async function finishQualified(
  deps: SigningDeps,
  query: QualifiedCallback,
  request: RequestContext,
): Promise<{ returnToken: string | null; errorKey: string | null }> {
  try {
    return await completeQualified(deps, query, request);
  } catch (error) {
    if (error instanceof QualifiedSignatureError && error.returnToken)
      return { returnToken: error.returnToken, errorKey: error.key };
    throw error;
  }
}

async function completeQualified(
  deps: SigningDeps,
  query: QualifiedCallback,
  request: RequestContext,
): Promise<{ returnToken: string | null; errorKey: string | null }> {
  const csc = cscOf(deps);
  const base = await takeBase(deps, query.state);
  const pendingKey = pendingKeyOf(query.state);
  try {
    if (query.error || !query.code) {
      const abandoned = await abandonQualifiedSignature(qualifiedDeps(deps, csc), query.state);
      return { returnToken: abandoned?.returnToken ?? null, errorKey: null };
    }
    if (!base) throw new AppError('validation', { key: signingErrorKeys.signingFailed });
    const code = query.code;
    return await withTempDir(deps.scratch, async (dir) => {
      const preparedPath = join(dir, 'prepared.pdf');
      await downloadToFile(deps.storage, pendingKey, preparedPath);
      const { returnToken, certificates, credentialID } = await completeQualifiedSignature(
        qualifiedDeps(deps, csc),
        { state: query.state, code, preparedPath, timestamp: (d) => deps.trust.timestamp(d) },
      );
      const context = await loadSignerContext(deps, returnToken, undefined);
      const subject = new X509Certificate(certificates[0] ?? Buffer.alloc(0)).subject;
      const name = /^CN=(.*)$/m.exec(subject)?.[1] ?? context.signer.name;
      const won = await storeSignature(
        deps,
        {
          flow: context.flow,
          signer: context.signer,
          previousFileId: base.workingFileId,
          previousStorageKey: base.workingKey,
          identity: {
            method: 'csc',
            email: context.signer.email,
            name,
            // The trust service and the credential, for the evidence report.
            issuer: csc.baseUrl,
            subject: credentialID,
            // The chain too: completion puts it in the document's validation data.
            certificates: certificates.map((item) => item.toString('base64')),
          },
          level: 'Qualified',
        },
        preparedPath,
        asSigner(request, context),
      );
      // Another signature landed on the document meanwhile: this one must be made again.
      if (!won) return { returnToken, errorKey: signingErrorKeys.signingFailed };
      return { returnToken, errorKey: null };
    });
  } finally {
    await discardUnrecordedFiles(deps, [pendingKey]);
  }
}

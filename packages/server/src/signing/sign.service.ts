import { join } from 'node:path';
import { issueOneTimeCertificate, keySigner, signPdf, type Signer } from '@esign/pades';
import {
  languageOf as signaturePageLanguage,
  signingErrorKeys,
  type SignatureLevel,
} from '@esign/contract';
import { AppError } from '../errors/app-error.ts';
import { portalLevelPolicies, type PortalIssuedLevel } from '../pki/portal-policies.ts';
import type { RequestContext } from '../http/request-context.ts';
import { signatureFieldName } from './flow-start.service.ts';
import { inFlowQueue } from './flow-queue.ts';
import { storeSignature } from './signature-record.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findFlow, findSigner, findWorkingFile } from './signing.repository.ts';
import { assertIdentified, assertOpen, type SignerContext } from './signer-task.service.ts';
import type { VerifiedIdentity } from './signer-session.ts';
import { downloadToFile, withTempDir } from '../files/working-document.ts';

const levelLines: Record<'fi' | 'en' | 'sv', Record<SignatureLevel, string>> = {
  fi: {
    Low: 'Sähköinen allekirjoitus',
    Advanced: 'Kehittynyt sähköinen allekirjoitus',
    Qualified: 'Hyväksytty sähköinen allekirjoitus',
  },
  en: {
    Low: 'Electronic signature',
    Advanced: 'Advanced electronic signature',
    Qualified: 'Qualified electronic signature',
  },
  sv: {
    Low: 'Elektronisk underskrift',
    Advanced: 'Avancerad elektronisk underskrift',
    Qualified: 'Kvalificerad elektronisk underskrift',
  },
};

/** What the signature's box shows: the name, (the time, added by pades) and the level. */
export function appearanceLines(name: string, level: SignatureLevel, language: string | null) {
  return [name, levelLines[signaturePageLanguage(language)][level]];
}

const asciiEmail = (email: string | null) =>
  email && /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+$/.test(email) ? email : undefined;

/**
 * A key and a certificate, valid for minutes, issued by the portal CA to the verified signer,
 * whose policy names the level it was issued for (read back by the verification page).
 */
async function oneTimeSigner(
  deps: SigningDeps,
  name: string,
  identity: VerifiedIdentity,
  level: PortalIssuedLevel,
) {
  const credential = await issueOneTimeCertificate(deps.trust.pki, {
    commonName: name,
    email: asciiEmail(identity.email),
    validityMinutes: 10,
    policies: [portalLevelPolicies[level]],
  });
  return keySigner(credential.privateKey, credential.certificate, credential.chain);
}

/**
 * How long a signature may keep losing to other signers' (each loss costs one signature of
 * another signer, a fraction of a second) before the signer is asked to try again: far longer
 * than any number of people signing one document at the same moment needs.
 */
const signingPatienceMs = 120_000;

/**
 * Adds the signer's PAdES B-T signature to the working document and records it. Signatures
 * on one flow wait for each other in this node (inFlowQueue); when another node's signature
 * lands first, the signature is made again on the newer document, until it is recorded.
 */
export async function signWithSigner(
  deps: SigningDeps,
  context: SignerContext,
  identity: VerifiedIdentity,
  signer: Signer,
  level: SignatureLevel,
  request: RequestContext,
) {
  const name = identity.name ?? context.signer.name;
  const certificates = [signer.certificate, ...signer.chain].map((der) => der.toString('base64'));
  const giveUpAt = performance.now() + signingPatienceMs;
  for (let attempt = 0; performance.now() < giveUpAt; attempt += 1) {
    const won = await inFlowQueue(context.flow.id, async () => {
      const flow = (await findFlow(deps.db, context.flow.id)) ?? context.flow;
      const working = await findWorkingFile(deps.db, flow);
      // The same signer's other request (a double submit) got there first: asked before the
      // flow's state, which that signature may already have finished.
      if ((await findSigner(deps.db, context.signer.id))?.status !== 'Unsigned')
        throw new AppError('conflict', { key: signingErrorKeys.alreadyDone });
      if (flow.status !== 'Sent' || !working)
        throw new AppError('conflict', { key: signingErrorKeys.flowEnded });
      return withTempDir(deps.scratch, async (dir) => {
        const input = join(dir, 'working.pdf');
        const output = join(dir, 'signed.pdf');
        // Replaced by another node's signature and already removed: a lost race, not a fault.
        const read = await downloadToFile(deps.storage, working.storage_key, input).then(
          () => true,
          async (error: unknown) => {
            if ((await findWorkingFile(deps.db, flow))?.id !== working.id) return false;
            throw error;
          },
        );
        if (!read) return false;
        await signPdf({
          input,
          output,
          signer,
          level: 'B-T',
          timestamp: (digest) => deps.trust.timestamp(digest),
          fieldName: signatureFieldName(context.signer),
          name,
          signingTime: deps.clock.now(),
          appearance: { lines: appearanceLines(name, level, flow.language), showLevel: false },
        });
        const outcome = {
          flow,
          signer: context.signer,
          previousFileId: working.id,
          previousStorageKey: working.storage_key,
          identity: { ...identity, certificates },
          level,
        };
        return storeSignature(deps, outcome, output, request);
      });
    });
    if (won) return;
    // Another node's signature won: a short, growing, jittered pause spreads the retries.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(1_000, 20 * 2 ** attempt) * (0.5 + Math.random())),
    );
  }
  throw new AppError('unavailable', { key: signingErrorKeys.signingFailed });
}

/** Signs for an identified signer with a one-time certificate (Low and Advanced). */
export async function signWithOneTimeKey(
  deps: SigningDeps,
  context: SignerContext,
  request: RequestContext,
) {
  assertOpen(context);
  const identity = assertIdentified(context);
  const level = (context.flow.minimum_signature_level ?? 'Low') as SignatureLevel;
  if (level === 'Qualified' || (level === 'Advanced' && identity.method !== 'oidc'))
    throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
  const signer = await oneTimeSigner(deps, identity.name ?? context.signer.name, identity, level);
  await signWithSigner(deps, context, identity, signer, level, request);
}

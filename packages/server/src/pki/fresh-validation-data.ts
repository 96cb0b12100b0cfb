import { addCollectedValidationData, latestCertificateUse } from '@esign/pades';
import type { PortalTrust } from './portal-trust.ts';

/** What adding the portal's validation data needs: its PKI (every generation), seal and CRLs. */
interface TrustDeps {
  trust: PortalTrust;
}

/**
 * What the portal knows without fetching, for the /DSS: the certificates of every generation
 * of its PKI (CAs, TSA, seal: a file may hold signatures and time stamps of earlier ones) and
 * CRLs of its root and of every issuing CA issued in a later second than `after` (so they
 * speak for every signature made before it, as validators want revocation data issued after
 * the signature). A trust service's or an external TSA's chain is collected from the file itself.
 */
async function portalValidationData(deps: TrustDeps, after: Date, certificates: Buffer[]) {
  const { trust } = deps;
  const credentials = [
    ...trust.generations.flatMap(({ pki }) => [pki.root, pki.issuing, pki.timeStamping, pki.seal]),
    trust.seal,
  ];
  const unique = new Map<string, Buffer>();
  for (const der of credentials.flatMap((credential) => [
    credential.certificate,
    ...credential.chain,
  ]))
    unique.set(der.toString('base64'), der);
  const issuingCrls = await Promise.all(
    trust.issuingGenerations().map((generation) => trust.crl('issuing', after, generation)),
  );
  return {
    certificates: [...unique.values(), ...certificates],
    crls: [...issuingCrls, await trust.crl('root', after)],
  };
}

/** How far ahead of ours a time stamp's clock may be for its revocation data to wait for it. */
const maxClockLeadMs = 60_000;

/**
 * Adds to `input`'s /DSS, as `output`, the validation data of every signature and time stamp
 * in it (chains up to a root, found among `certificates` — e.g. the chains a trust service
 * gave with its signatures — and the portal's, else at a certificate's CA issuers URL, and
 * OCSP responses or CRLs issued after each use); throws a
 * `ValidationDataError` when some cannot be had yet (then completion is tried again: at the
 * CA's next CRL when the one it has is older than a signature).
 */
export async function addFreshValidationData(
  deps: TrustDeps,
  input: string,
  output: string,
  certificates: Buffer[] = [],
): Promise<void> {
  // After every signature and time stamp the file holds, by its own dates too: an external
  // TSA's clock may run a second ahead of ours, and a CRL issued in the same second as its
  // genTime does not read to validators as issued after it. (The CRL waits for that second;
  // a clock more than a minute ahead is the TSA's fault, not worth holding completion for.)
  const now = new Date();
  const latestUse = await latestCertificateUse(input);
  const lead = latestUse === undefined ? 0 : latestUse.getTime() - now.getTime();
  const after = latestUse !== undefined && lead > 0 && lead <= maxClockLeadMs ? latestUse : now;
  await addCollectedValidationData(input, output, {
    known: await portalValidationData(deps, after, certificates),
    issuedAfterUse: true,
  });
}

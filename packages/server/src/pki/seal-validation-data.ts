import type { ValidationData } from '@esign/pades';
import type { PortalTrust } from './portal-trust.ts';

/**
 * What a file the portal sealed needs in its /DSS to be verified long after: the seal's
 * certificates, the portal CAs' and TSA's, and the CAs' current CRLs.
 */
export async function sealValidationData(trust: PortalTrust): Promise<ValidationData> {
  const { seal, pki } = trust;
  const certificates = new Map<string, Buffer>();
  for (const credential of [seal, pki.root, pki.issuing, pki.timeStamping])
    for (const der of [credential.certificate, ...credential.chain])
      certificates.set(der.toString('base64'), der);
  return {
    certificates: [...certificates.values()],
    crls: [await trust.crl('issuing'), await trust.crl('root')],
  };
}

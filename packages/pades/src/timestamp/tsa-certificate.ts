import * as pkijs from 'pkijs';
import { timestampOids, toArrayBuffer } from './asn1.ts';

/** Parses a DER certificate; throws a clear error on anything else. */
export function parseCertificate(der: Buffer, what = 'certificate'): pkijs.Certificate {
  try {
    return pkijs.Certificate.fromBER(toArrayBuffer(der));
  } catch (error) {
    throw new Error(`${what} is not a DER X.509 certificate`, { cause: error });
  }
}

/**
 * True when the certificate is fit for a TSA as RFC 3161 §2.3 requires: one critical
 * extended-key-usage extension whose only purpose is timeStamping.
 */
export function isTimestampingCertificate(certificate: pkijs.Certificate): boolean {
  const extensions = (certificate.extensions ?? []).filter(
    (extension) => extension.extnID === timestampOids.extendedKeyUsage,
  );
  const [extension] = extensions;
  if (extensions.length !== 1 || !extension?.critical) return false;
  try {
    const usage = pkijs.ExtKeyUsage.fromBER(
      toArrayBuffer(extension.extnValue.valueBlock.valueHexView),
    );
    return usage.keyPurposes.length === 1 && usage.keyPurposes[0] === timestampOids.timeStamping;
  } catch {
    return false;
  }
}

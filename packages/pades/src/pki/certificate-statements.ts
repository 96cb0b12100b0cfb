import * as asn1js from 'asn1js';
import { x509 } from './x509.ts';

/** What a certificate says of itself beyond its names: its policies and qualified statements. */
export interface CertificateStatements {
  /** The certificatePolicies extension's policy OIDs (RFC 5280 §4.2.1.4). */
  policies: string[];
  /** It carries the QcCompliance statement: issued as an EU qualified certificate (ETSI EN 319 412-5). */
  qcCompliance: boolean;
}

const qcStatementsOid = '1.3.6.1.5.5.7.1.3';
const qcComplianceOid = '0.4.0.1862.1.1';

/** The statement ids of a qcStatements extension value: SEQUENCE OF SEQUENCE { OID, info? }. */
function qcStatementIds(value: ArrayBuffer): string[] {
  const parsed = asn1js.fromBER(value);
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return [];
  return parsed.result.valueBlock.value.flatMap((statement) => {
    if (!(statement instanceof asn1js.Sequence)) return [];
    const [id] = statement.valueBlock.value;
    return id instanceof asn1js.ObjectIdentifier ? [id.valueBlock.toString()] : [];
  });
}

/**
 * Reads a certificate's (PEM or DER) policies and whether it claims to be qualified; an
 * unreadable certificate or extension counts as saying nothing.
 */
export function readCertificateStatements(certificate: string | Buffer): CertificateStatements {
  let parsed: x509.X509Certificate;
  try {
    parsed = new x509.X509Certificate(certificate);
  } catch {
    return { policies: [], qcCompliance: false };
  }
  let policies: string[] = [];
  try {
    policies = [...(parsed.getExtension(x509.CertificatePolicyExtension)?.policies ?? [])];
  } catch {
    // an unreadable extension names no policy
  }
  const qcStatements = parsed.getExtension(qcStatementsOid);
  let qcCompliance = false;
  try {
    qcCompliance = qcStatements
      ? qcStatementIds(qcStatements.value).includes(qcComplianceOid)
      : false;
  } catch {
    // an unreadable extension claims nothing
  }
  return { policies, qcCompliance };
}

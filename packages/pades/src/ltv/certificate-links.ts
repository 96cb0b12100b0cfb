import { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from '../timestamp/asn1.ts';
import { distributionPoints } from '../pki/fetch-crls.ts';
import { x509 } from '../pki/x509.ts';
import { fetchResource, mayFetch, type FetchPolicy } from './fetch-resource.ts';

/** Where a certificate says its revocation data and its issuer's certificate are published. */
export interface CertificateLinks {
  ocsp: string[];
  crls: string[];
  caIssuers: string[];
}

const urisOf = (names: x509.GeneralName[]) =>
  names.flatMap((name) => (name.type === 'url' ? [name.value] : []));

/** The OCSP responders, CRL distribution points and CA issuers a certificate names (http and https only). */
export function linksOf(certificate: X509Certificate): CertificateLinks {
  const parsed = new x509.X509Certificate(certificate.raw);
  const access = parsed.getExtension(x509.AuthorityInfoAccessExtension);
  const web = (url: string) => /^https?:\/\//i.test(url);
  return {
    ocsp: urisOf(access?.ocsp ?? []).filter(web),
    crls: distributionPoints(parsed),
    caIssuers: urisOf(access?.caIssuers ?? []).filter(web),
  };
}

/** True when `issuer`'s name and key issued `certificate`. */
export function issued(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** True when the certificate names itself as issuer and its own key verifies it. */
export function selfSigned(certificate: X509Certificate): boolean {
  return certificate.subject === certificate.issuer && issued(certificate, certificate);
}

/** The certificates of a caIssuers answer: one certificate (DER or PEM) or a PKCS#7 certs-only bundle. */
function certificatesIn(body: Buffer): X509Certificate[] {
  try {
    return [new X509Certificate(body)];
  } catch {
    // not a single certificate: a .p7c, as RFC 5280 §4.2.2.1 allows
  }
  const info = pkijs.ContentInfo.fromBER(toArrayBuffer(body));
  const signedData = new pkijs.SignedData({ schema: info.content });
  return (signedData.certificates ?? []).flatMap((item) =>
    item instanceof pkijs.Certificate
      ? [new X509Certificate(Buffer.from(item.toSchema().toBER(false)))]
      : [],
  );
}

/**
 * The issuer of `certificate`: from `pool`, else downloaded from the CA issuers URLs its
 * Authority Information Access names (as the policy allows); null when neither has it.
 */
export async function findIssuer(
  certificate: X509Certificate,
  pool: X509Certificate[],
  policy: FetchPolicy,
  failures: string[],
): Promise<X509Certificate | null> {
  const known = pool.find((candidate) => issued(certificate, candidate));
  if (known) return known;
  for (const url of linksOf(certificate).caIssuers.filter((item) => mayFetch(item, policy))) {
    try {
      const found = certificatesIn(await fetchResource(url, policy)).find((candidate) =>
        issued(certificate, candidate),
      );
      if (found) return found;
      failures.push(`${url} did not answer the issuer's certificate`);
    } catch (error) {
      failures.push(
        `cannot fetch ${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return null;
}

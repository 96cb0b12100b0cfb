import * as pkijs from 'pkijs';
import { fetchResource, type FetchPolicy } from '../ltv/fetch-resource.ts';
import { fromPem } from './credential.ts';
import { PkiError } from './errors.ts';
import { x509 } from './x509.ts';

export interface FetchCrlsOptions extends FetchPolicy {
  /** Skip a certificate that names no distribution point instead of failing (a service that answers OCSP only). */
  skipWithoutDistributionPoint?: boolean;
}

/** The http(s) URLs of a certificate's CRL distribution points. */
export function distributionPoints(certificate: x509.X509Certificate): string[] {
  const extension = certificate.getExtension(x509.CRLDistributionPointsExtension);
  return (extension?.distributionPoints ?? [])
    .flatMap((point) => point.distributionPoint?.fullName ?? [])
    .flatMap((name) => (name.uniformResourceIdentifier ? [name.uniformResourceIdentifier] : []))
    .filter((url) => /^https?:\/\//i.test(url));
}

/**
 * Downloads one CRL (DER or PEM) as the fetch policy allows and checks that it parses as one;
 * throws a `PkiError` naming the URL and the reason otherwise.
 */
export async function downloadCrl(url: string, policy: FetchPolicy): Promise<Buffer> {
  let body: Buffer;
  try {
    body = await fetchResource(url, policy);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PkiError('invalid-input', `cannot fetch the CRL ${url}: ${reason}`, { cause: error });
  }
  const text = body.toString('latin1');
  let der = body;
  try {
    if (text.includes('-----BEGIN X509 CRL-----')) der = fromPem(text, 'X509 CRL');
    pkijs.CertificateRevocationList.fromBER(new Uint8Array(der));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PkiError('invalid-input', `${url} did not answer a CRL: ${reason}`, { cause: error });
  }
  return der;
}

/**
 * Fetches (HTTP GET, each within the timeout) the CRLs named by the CRL distribution points of
 * the given certificates (DER), once per URL, for PAdES B-LT validation data. Throws a
 * `PkiError` when a certificate that is not self-signed names no such URL (unless told to
 * skip it) or none answers.
 */
export async function fetchCrls(
  certificates: Buffer[],
  options: FetchCrlsOptions = {},
): Promise<Buffer[]> {
  const { skipWithoutDistributionPoint = false } = options;
  const fetched = new Map<string, Buffer>();
  for (const der of certificates) {
    const certificate = new x509.X509Certificate(der);
    if (await certificate.isSelfSigned()) continue;
    const urls = distributionPoints(certificate);
    if (urls.length === 0 && skipWithoutDistributionPoint) continue;
    if (urls.length === 0)
      throw new PkiError(
        'invalid-input',
        `${certificate.subject} names no CRL distribution point to fetch revocation data from`,
      );
    if (urls.some((url) => fetched.has(url))) continue;
    const failures: string[] = [];
    for (const url of urls) {
      try {
        fetched.set(url, await downloadCrl(url, options));
        break;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (failures.length === urls.length) throw new PkiError('invalid-input', failures.join('; '));
  }
  return [...fetched.values()];
}

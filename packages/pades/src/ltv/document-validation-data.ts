import { X509Certificate } from 'node:crypto';
import { PdfDocument } from '../pdf/document.ts';
import type { ValidationData } from '../pdf/dss-update.ts';
import { parsePdfDate } from '../pdf/serializer.ts';
import { fileSource } from '../pdf/source.ts';
import { nameOf, PdfString } from '../pdf/values.ts';
import { verifyTimestampToken } from '../timestamp/verify-token.ts';
import { readCertificates } from '../verify/chain.ts';
import { checkCms } from '../verify/cms-check.ts';
import { signatureFields } from '../verify/signature-fields.ts';
import { firstElement } from '../verify/timestamp-check.ts';
import { readDss } from '../verify/validation-data.ts';
import { collectValidationData, type CertificateUse, type CollectOptions } from './collect.ts';

/** The signer or TSA of a time-stamp token, at its genTime, with the certificates it carries. */
async function tokenUse(token: Buffer, pool: X509Certificate[]): Promise<CertificateUse> {
  const stated = await verifyTimestampToken(firstElement(token), {
    certificates: pool.map((certificate) => Buffer.from(certificate.raw)),
  });
  return {
    certificate: new X509Certificate(stated.signerCertificate),
    at: stated.genTime,
    pool: readCertificates(stated.certificates),
  };
}

/**
 * Every certificate that signed something in the document, and when: each signature's signer
 * (at its signature time stamp's genTime, else its /M, else now), each signature time stamp's
 * and each document time stamp's TSA (at its genTime). Contents that cannot be read are skipped:
 * they have no validation data to give.
 */
export async function certificateUsesOf(document: PdfDocument, dssPool: X509Certificate[]) {
  const uses: CertificateUse[] = [];
  for (const field of await signatureFields(document)) {
    const contents = field.value.get('Contents');
    if (!(contents instanceof PdfString)) continue;
    try {
      if (nameOf(field.value.get('SubFilter')) === 'ETSI.RFC3161') {
        uses.push(await tokenUse(contents.bytes, dssPool));
        continue;
      }
      const cms = checkCms(contents.bytes, Buffer.alloc(0));
      if (!cms.signerCertificate) continue;
      const pool = [...readCertificates(cms.certificates), ...dssPool];
      const stamp = cms.timestampToken ? await tokenUse(cms.timestampToken, pool) : null;
      const claimed = field.value.get('M');
      const at =
        stamp?.at ?? (claimed instanceof PdfString ? parsePdfDate(claimed) : null) ?? new Date();
      uses.push({ certificate: new X509Certificate(cms.signerCertificate), at, pool });
      if (stamp) uses.push(stamp);
    } catch {
      // unreadable contents: nothing to collect for them
    }
  }
  return uses;
}

/**
 * The validation data the document still needs for PAdES B-LT and B-LTA (EN 319 142-1 §5.4):
 * for every signature's signer, every signature time stamp and every document time stamp
 * already in it, the chain up to a root and revocation data for each certificate but the
 * root ({@link collectValidationData}, its /DSS counting as data at hand), leaving out what
 * the /DSS already holds. Throws a `ValidationDataError` when some cannot be had.
 */
export async function collectDocumentValidationData(
  input: string,
  options: CollectOptions = {},
): Promise<Required<ValidationData>> {
  const source = await fileSource(input);
  try {
    const document = await PdfDocument.open(source);
    const dss = await readDss(document);
    const uses = await certificateUsesOf(document, readCertificates(dss.certificates));
    const known = options.known;
    const collected = await collectValidationData(uses, {
      ...options,
      known: {
        certificates: [...(known?.certificates ?? []), ...dss.certificates],
        crls: [...(known?.crls ?? []), ...dss.crls],
        ocsps: [...(known?.ocsps ?? []), ...dss.ocsps],
      },
    });
    const held = new Set(
      [...dss.certificates, ...dss.crls, ...dss.ocsps].map((item) => item.toString('base64')),
    );
    const missing = (items: Buffer[]) => items.filter((item) => !held.has(item.toString('base64')));
    return {
      certificates: missing(collected.certificates),
      crls: missing(collected.crls),
      ocsps: missing(collected.ocsps),
    };
  } finally {
    await source.close();
  }
}

/**
 * The latest moment at which anything in the document was signed or time-stamped, as the
 * document itself states it (time stamps' genTimes, else signatures' /M); undefined when it
 * holds none. Revocation data meant to speak for every signature must be issued after it —
 * which is not always after "now" on this machine's clock, when a TSA's clock runs ahead.
 */
export async function latestCertificateUse(input: string): Promise<Date | undefined> {
  const source = await fileSource(input);
  try {
    const document = await PdfDocument.open(source);
    const dss = await readDss(document);
    const uses = await certificateUsesOf(document, readCertificates(dss.certificates));
    const times = uses.map((use) => use.at.getTime());
    return times.length === 0 ? undefined : new Date(Math.max(...times));
  } finally {
    await source.close();
  }
}

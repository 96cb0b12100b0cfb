import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encode } from '../timestamp/asn1.ts';
import type { RevocationData } from './revocation-data.ts';

const ocspFormat = '1.3.6.1.5.5.7.16.2';
const adobeRevocationArchival = '1.2.840.113583.1.1.8';

/** Adobe's RevocationInfoArchival: [0] CRLs, [1] OCSP responses, each a SEQUENCE OF. */
function archived(value: unknown, tag: number): Buffer[] {
  if (!(value instanceof asn1js.Sequence)) return [];
  return value.valueBlock.value.flatMap((item) => {
    if (!(item instanceof asn1js.Constructed) || item.idBlock.tagNumber !== tag) return [];
    const list = item.valueBlock.value[0];
    return list instanceof asn1js.Sequence ? list.valueBlock.value.map(encode) : [];
  });
}

/**
 * The CRLs and OCSP responses a CMS carries: its RevocationInfoChoices (CRLs and
 * id-ri-ocsp-response) and the adbe-revocationInfoArchival signed attribute.
 */
export function cmsRevocationData(
  signedData: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
): RevocationData {
  const crls: Buffer[] = [];
  const ocsps: Buffer[] = [];
  for (const item of signedData.crls ?? []) {
    if (item instanceof pkijs.CertificateRevocationList) crls.push(encode(item.toSchema()));
    else if (
      item.otherRevInfoFormat === ocspFormat &&
      item.otherRevInfo instanceof asn1js.BaseBlock
    )
      ocsps.push(encode(item.otherRevInfo));
  }
  const archival = signerInfo.signedAttrs?.attributes.find(
    (attribute) => attribute.type === adobeRevocationArchival,
  )?.values[0];
  crls.push(...archived(archival, 0));
  ocsps.push(...archived(archival, 1));
  return { crls, ocsps };
}

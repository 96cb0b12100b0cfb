import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** PKIFailureInfo bits an RFC 3161 TSA may set (RFC 3161 §2.4.2). */
export const failureInfoBits = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  timeNotAvailable: 14,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  addInfoNotAvailable: 17,
  systemFailure: 25,
} as const;

export type FailureInfo = keyof typeof failureInfoBits;

/** A DER BIT STRING with exactly the one named bit set (trailing zero bits dropped, as DER wants). */
export function encodeFailureInfo(failure: FailureInfo): asn1js.BitString {
  const bit = failureInfoBits[failure];
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (bit % 8);
  return new asn1js.BitString({ valueHex: bytes, unusedBits: 7 - (bit % 8) });
}

/** The names of the failure bits set in a PKIFailureInfo (unknown bits are shown by number). */
export function decodeFailureInfo(bitString: asn1js.BitString): string[] {
  const bytes = bitString.valueBlock.valueHexView;
  const names: string[] = [];
  for (let bit = 0; bit < bytes.length * 8 - bitString.valueBlock.unusedBits; bit++) {
    if (((bytes[bit >> 3] ?? 0) & (0x80 >> (bit % 8))) === 0) continue;
    const name = Object.entries(failureInfoBits).find(([, value]) => value === bit)?.[0];
    names.push(name ?? `bit ${bit}`);
  }
  return names;
}

/** True for the statuses that come with a token (granted, grantedWithMods). */
export function isGranted(status: pkijs.PKIStatusInfo): boolean {
  return (
    status.status === pkijs.PKIStatus.granted || status.status === pkijs.PKIStatus.grantedWithMods
  );
}

/** A one-line account of a status for error messages: name, failure bits, the TSA's own text. */
export function describeStatus(status: pkijs.PKIStatusInfo): string {
  const name = pkijs.PKIStatus[status.status] ?? `status ${status.status}`;
  const failures = status.failInfo ? decodeFailureInfo(status.failInfo) : [];
  const text = (status.statusStrings ?? []).map((line) => line.valueBlock.value).join('; ');
  return [name, failures.length ? `(${failures.join(', ')})` : '', text ? `"${text}"` : '']
    .filter(Boolean)
    .join(' ');
}

import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { decodeFailureInfo, describeStatus, encodeFailureInfo } from './status.ts';
import * as asn1js from 'asn1js';

const hex = (value: { toBER(): ArrayBuffer }) => Buffer.from(value.toBER()).toString('hex');

describe('PKIFailureInfo', () => {
  it('encodes one bit in DER form, trailing zero bits dropped', () => {
    expect(hex(encodeFailureInfo('badAlg'))).toBe('03020780');
    expect(hex(encodeFailureInfo('badDataFormat'))).toBe('03020204');
    expect(hex(encodeFailureInfo('unacceptedPolicy'))).toBe('0303000001');
    expect(hex(encodeFailureInfo('systemFailure'))).toBe('03050600000040');
  });

  it('decodes what it encodes', () => {
    for (const name of [
      'badAlg',
      'badRequest',
      'timeNotAvailable',
      'addInfoNotAvailable',
    ] as const) {
      expect(decodeFailureInfo(encodeFailureInfo(name))).toEqual([name]);
    }
  });

  it('describes a refusal with its status, failure and text', () => {
    const status = new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: 'quota exceeded' })],
      failInfo: encodeFailureInfo('addInfoNotAvailable'),
    });
    expect(describeStatus(status)).toBe('rejection (addInfoNotAvailable) "quota exceeded"');
  });
});

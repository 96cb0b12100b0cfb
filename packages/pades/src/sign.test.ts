import { describe, expect, it } from 'vitest';
import { appearanceFor } from './sign.ts';

const noCertificate = Buffer.alloc(0);

describe('appearanceFor', () => {
  it('puts the level the caller names right after the first line', () => {
    const lines = ['Maija Meikäläinen', 'Testipankki'];
    expect(appearanceFor({ appearance: { lines }, level: 'B-T' }, noCertificate).lines).toEqual([
      'Maija Meikäläinen',
      'PAdES B-T',
      'Testipankki',
    ]);
    expect(appearanceFor({ name: 'Sinetti Oy', level: 'B-LTA' }, noCertificate).lines).toEqual([
      'Sinetti Oy',
      'PAdES B-LTA',
    ]);
  });

  it("keeps the caller's lines as they are without a level, or when one already names a level", () => {
    const lines = ['Maija Meikäläinen', 'Qualified (PAdES B-T)'];
    expect(appearanceFor({ appearance: { lines }, level: 'B-T' }, noCertificate).lines).toEqual(
      lines,
    );
    expect(
      appearanceFor(
        { appearance: { lines: ['Maija'], showLevel: false }, level: 'B-T' },
        noCertificate,
      ).lines,
    ).toEqual(['Maija']);
    expect(appearanceFor({ appearance: { lines: ['Maija'] } }, noCertificate).lines).toEqual([
      'Maija',
    ]);
  });
});

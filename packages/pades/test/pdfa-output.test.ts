import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAtLevel } from '../src/levels.ts';
import { appendInformationPage } from '../src/pdf/information-page.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import { libreOfficePdf, pdfsig, qpdfCheck, workDir } from './support/fixtures.ts';
import { outputIntents, pdfaClaim, pdfaFindings, pdffonts } from './support/pdfa-rules.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const signers = [
  { name: 'Áile Ŋuvttaš-Čoarvi', email: 'aile@example.no' },
  { name: 'Ξένια Παπαδοπούλου', email: 'xenia@example.gr' },
];

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ signers: [...signers.map((signer) => signer.name), 'Sinetti'] });
});

function signerAt(index: number) {
  const signer = pki.signers[index];
  if (!signer) throw new Error(`no signer ${index}`);
  return signer;
}

/**
 * A flow's whole life on `input`: the signature page, one signature at B-T and one at
 * B-LTA (validation data and a document time stamp), the information page and its seal.
 */
async function signedFlow(input: Buffer) {
  const dir = workDir();
  const step = (name: string) => join(dir, name);
  writeFileSync(step('in.pdf'), input);
  await prepareForSigning({
    input: step('in.pdf'),
    output: step('prepared.pdf'),
    title: 'Hallituksen kokouksen pöytäkirja 3/2025',
    signers,
    language: 'fi',
  });
  const { timestamp } = pki;
  await signPdf({
    input: step('prepared.pdf'),
    output: step('one.pdf'),
    signer: signerAt(0),
    fieldName: 'Signer1',
    level: 'B-T',
    timestamp,
  });
  await signAtLevel({
    input: step('one.pdf'),
    output: step('two.pdf'),
    signer: signerAt(1),
    fieldName: 'Signer2',
    level: 'B-LTA',
    timestamp,
  });
  await appendInformationPage({
    input: step('two.pdf'),
    output: step('page.pdf'),
    heading: 'Allekirjoittajien varmennetut henkilötunnisteet',
    lines: signers.map((signer) => `${signer.name}, ${signer.email}`),
    sealField: { name: 'OrganisationSeal', label: 'Esimerkkiyliopisto' },
    language: 'fi',
  });
  await signPdf({
    input: step('page.pdf'),
    output: step('sealed.pdf'),
    signer: signerAt(2),
    fieldName: 'OrganisationSeal',
    level: 'B-T',
    timestamp,
  });
  return { input: step('in.pdf'), prepared: step('prepared.pdf'), output: step('sealed.pdf') };
}

/** A pdf-lib page with a PDF/A output intent whose profile has `components` colour components. */
async function withOutputIntent(components: 1 | 4): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  const { context } = document;
  // Only the profile's /N matters to what is drawn; the bytes stand in for a real ICC profile.
  const profile = context.register(context.stream(new Uint8Array(128), { N: components }));
  const intent = context.register(
    context.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: components === 4 ? 'FOGRA39' : 'Grey',
      DestOutputProfile: profile,
    }),
  );
  document.catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe('a PDF/A-2b input', () => {
  it('stays PDF/A-2b through the signature page, the signatures and the information page', async () => {
    const { input, prepared, output } = await signedFlow(libreOfficePdf('poytakirja-pdfa'));
    expect(pdfaClaim(input)).toEqual({ part: '2', conformance: 'B' });
    expect(pdfaClaim(output)).toEqual(pdfaClaim(input));
    expect(outputIntents(output)).toEqual(outputIntents(input));
    expect(outputIntents(output)).toEqual([{ subtype: '/GTS_PDFA1', components: 3 }]);
    // Every rule checked, over the whole file: LibreOffice's objects and ours.
    // The empty fields of the prepared file need an appearance of their own (§6.3.3).
    expect(pdfaFindings(input)).toEqual([]);
    expect(pdfaFindings(prepared)).toEqual([]);
    expect(pdfaFindings(output)).toEqual([]);
    const fonts = pdffonts(output);
    expect(fonts.filter((font) => font.name.includes('NotoSans')).length).toBeGreaterThanOrEqual(3);
    expect(fonts.every((font) => font.embedded && font.unicode)).toBe(true);
    expect(qpdfCheck(output)).toBeNull();
    const poppler = pdfsig(output);
    expect(poppler.valid.filter(Boolean)).toHaveLength(3);
  });

  it.each([
    ['CMYK', 4, 'k'],
    ['grey', 1, 'g'],
  ] as const)(
    'draws in the device colours a %s output intent allows',
    async (_label, components, operator) => {
      const { output } = await signedFlow(await withOutputIntent(components));
      expect(outputIntents(output)).toEqual([{ subtype: '/GTS_PDFA1', components }]);
      expect(pdfaFindings(output).filter((finding) => finding.clause === '6.2.4.3')).toEqual([]);
      const content = execFileSync('qpdf', ['--qdf', '--object-streams=disable', output, '-'], {
        encoding: 'latin1',
        maxBuffer: 1 << 26,
      });
      expect(content).toMatch(new RegExp(`\\s${operator}\\s`));
      expect(content).not.toMatch(/\srg\s/);
    },
  );
});

describe('the PDF/A rules the tests check', () => {
  it('find annotations that would not print in a file that is no PDF/A', () => {
    const path = join(workDir(), 'tagged.pdf');
    writeFileSync(path, libreOfficePdf('muistio-tagged'));
    expect(pdfaClaim(path)).toBeNull();
    expect(pdfaFindings(path).map((finding) => finding.clause)).toContain('6.3.2');
  });
});

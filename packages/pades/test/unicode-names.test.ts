import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendInformationPage } from '../src/pdf/information-page.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, pdfsig, qpdfCheck, verifyFile, workDir } from './support/fixtures.ts';
import { pdfaFindings, pdffonts } from './support/pdfa-rules.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

// A Northern Sámi, a Greek, a Russian and a Polish name: none of them fits WinAnsi.
const signers = [
  { name: 'Áile Ŋuvttaš-Čoarvi', email: 'aile@example.no' },
  { name: 'Ξένια Παπαδοπούλου', email: 'xenia@example.gr' },
  { name: 'Дмитрий Шостакович', email: 'dmitri@example.ru' },
  { name: 'Łukasz Żółkiewski', email: 'lukasz@example.pl' },
  { name: 'Đorđe Ŧuolmmáš' },
];
const title = 'Sopimus – Συμφωνία – Договор';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ signers: signers.map((signer) => signer.name) });
});

const lastPage = (path: string) =>
  Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));
const pageText = (path: string, page = lastPage(path)) =>
  execFileSync('pdftotext', ['-f', `${page}`, '-l', `${page}`, path, '-'], { encoding: 'utf8' });

/** Prepares a signature page for the signers and signs the first two fields with their names. */
async function signedByTwo() {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
  const step = (name: string) => join(dir, name);
  await prepareForSigning({
    input: step('in.pdf'),
    output: step('prepared.pdf'),
    title,
    signers,
    language: 'fi',
  });
  for (const [index, input, output] of [
    [0, 'prepared.pdf', 'one.pdf'],
    [1, 'one.pdf', 'two.pdf'],
  ] as const) {
    const signer = pki.signers[index];
    if (!signer) throw new Error(`no signer ${index}`);
    await signPdf({
      input: step(input),
      output: step(output),
      signer,
      fieldName: `Signer${index + 1}`,
      appearance: { lines: [signers[index]?.name ?? '', 'PAdES B-B'] },
    });
  }
  return { dir, signed: step('two.pdf') };
}

describe('names outside Latin-1', () => {
  it('prints every name as written on the signature page and in the signed boxes', async () => {
    const { signed } = await signedByTwo();
    const text = pageText(signed);
    expect(text).toContain(title);
    for (const { name, email } of signers) {
      expect(text).toContain(name);
      if (email) expect(text).toContain(email);
    }
    // Each signed box repeats its signer's name under the page's own caption.
    expect(text.match(/Áile Ŋuvttaš-Čoarvi/g)).toHaveLength(2);
    expect(text.match(/Ξένια Παπαδοπούλου/g)).toHaveLength(2);
    expect(text).not.toContain('?');
  });

  it('embeds every font it adds, as a subset with a Unicode map', async () => {
    const { signed } = await signedByTwo();
    const added = pdffonts(signed).filter((font) => font.name.includes('NotoSans'));
    // The page's regular and bold faces, and one regular subset per signed box.
    expect(added.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSans-Regular',
      'NotoSans-Regular',
    ]);
    for (const font of added) {
      expect(font).toMatchObject({
        type: 'CID TrueType',
        embedded: true,
        subset: true,
        unicode: true,
      });
      expect(font.name).toMatch(/^[A-Z]{6}\+/);
    }
    // pdf-lib's own page uses the standard Helvetica, which it does not embed.
    expect(
      pdffonts(signed)
        .filter((font) => !font.embedded)
        .map((font) => font.name),
    ).toEqual(['Helvetica']);
    expect(pdfaFindings(signed).filter((finding) => finding.clause.startsWith('6.2.11'))).toEqual([
      {
        clause: '6.2.11.4.1',
        object: expect.any(String),
        message: 'font Helvetica is not embedded',
      },
    ]);
  });

  it('keeps both signatures valid and the file sound, and draws the page without a font warning', async () => {
    const { dir, signed } = await signedByTwo();
    expect(qpdfCheck(signed)).toBeNull();
    expect(pdfsig(signed).valid).toEqual([true, true, false, false, false]);
    const reports = await verifyFile(signed, [pki.root]);
    expect(reports.map((report) => [report.fieldName, report.valid])).toEqual([
      ['Signer1', true],
      ['Signer2', true],
    ]);
    const page = `${lastPage(signed)}`;
    const drawn = spawnSync(
      'pdftoppm',
      ['-png', '-r', '60', '-f', page, '-l', page, '-singlefile', signed, join(dir, 'page')],
      { encoding: 'utf8' },
    );
    expect(drawn.status).toBe(0);
    expect(drawn.stderr).not.toMatch(/font/i);
    expect(readFileSync(join(dir, 'page.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('shows a character the font lacks as a question mark', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await prepareForSigning({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'prepared.pdf'),
      title: 'Sopimus',
      signers: [{ name: 'Li 李' }],
      language: 'en',
    });
    expect(pageText(join(dir, 'prepared.pdf'))).toContain('Li ?');
  });

  it('writes an information page in any of those scripts', async () => {
    const { dir, signed } = await signedByTwo();
    const output = join(dir, 'personal.pdf');
    await appendInformationPage({
      input: signed,
      output,
      heading: 'Allekirjoittajien varmennetut henkilötunnisteet',
      lines: signers.map(({ name, email }) => [name, email].filter(Boolean).join(', ')),
      sealField: { name: 'OrganisationSeal', label: 'Sámi allaskuvla – Sámi University' },
    });
    const text = pageText(output);
    for (const { name } of signers) expect(text).toContain(name);
    expect(text).toContain('Sámi allaskuvla');
    expect(pdfsig(output).valid.slice(0, 2)).toEqual([true, true]);
  });
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, addValidationData } from '../src/levels.ts';
import { embedFile, readEmbeddedFiles } from '../src/pdf/embedded-file.ts';
import { signPdf } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import { pdfLibDocument, pdfsig, qpdfCheck, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;
beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen')).signer;
});

const report = Buffer.from('%PDF-1.7\n% the evidence report stands in here\n');
const options = {
  name: 'todisteraportti.pdf',
  data: report,
  mimeType: 'application/pdf',
  description: 'Todisteraportti',
  relationship: 'Supplement' as const,
  modified: new Date('2026-11-28T06:00:00Z'),
};

async function signed(dir: string, pdf: Buffer) {
  writeFileSync(join(dir, 'in.pdf'), pdf);
  await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'signed.pdf'), signer });
  return join(dir, 'signed.pdf');
}

describe('a file embedded after the signatures', () => {
  it('is listed by pdfdetach with its checksum, and the signature stays valid to us, pdfsig and qpdf', async () => {
    const dir = workDir();
    const input = await signed(dir, await pdfLibDocument(1));
    expect(await embedFile(input, join(dir, 'embedded.pdf'), options)).toBe(true);
    await addValidationData(join(dir, 'embedded.pdf'), join(dir, 'dss.pdf'), {
      certificates: [signer.certificate, ...signer.chain],
      crls: await pki.crls(),
    });
    await addDocumentTimestamp(join(dir, 'dss.pdf'), join(dir, 'out.pdf'), pki.timestamp);
    const out = join(dir, 'out.pdf');

    expect(execFileSync('pdfdetach', ['-list', out], { encoding: 'utf8' })).toContain(
      '1: todisteraportti.pdf',
    );
    execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'saved.pdf'), out]);
    expect(readFileSync(join(dir, 'saved.pdf'))).toEqual(report);
    const json = JSON.parse(execFileSync('qpdf', ['--json', out], { encoding: 'utf8' })) as {
      attachments: Record<string, { filespec: string }>;
      qpdf: [
        unknown,
        Record<
          string,
          { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }
        >,
      ];
    };
    expect(Object.keys(json.attachments)).toEqual(['todisteraportti.pdf']);
    const spec = json.qpdf[1][`obj:${json.attachments['todisteraportti.pdf']?.filespec}`]?.value;
    expect(spec).toMatchObject({ '/AFRelationship': '/Supplement', '/Type': '/Filespec' });
    const streamRef = (spec?.['/EF'] as Record<string, string>)['/F'] ?? '';
    const stream = json.qpdf[1][`obj:${streamRef}`]?.stream?.dict;
    expect(stream).toMatchObject({
      '/Subtype': '/application/pdf',
      '/Params': {
        '/Size': report.length,
        '/CheckSum': `b:${createHash('md5').update(report).digest('hex')}`,
      },
    });
    expect(qpdfCheck(out)).toBeNull();
    // poppler checks the signature; it cannot validate document time stamps.
    expect(pdfsig(out).valid[0]).toBe(true);
    const [signature] = await verifyFile(out);
    expect(signature?.valid).toBe(true);
    expect(signature?.changesAfter).toEqual({
      signatures: 0,
      documentTimestamps: 1,
      validationData: true,
      embeddedFiles: true,
      // EU DSS calls a catalog's new /AF an undefined change (its default policy warns).
      undefinedChanges: [expect.stringContaining('/AF')],
      other: [],
    });
    expect(await readEmbeddedFiles(out)).toEqual([{ name: 'todisteraportti.pdf', data: report }]);
  });

  it('joins an earlier attachment in its sorted place', async () => {
    const dir = workDir();
    const document = await PDFDocument.load(await pdfLibDocument(1));
    await document.attach(Buffer.from('liite'), 'a-liite.txt', { mimeType: 'text/plain' });
    await document.attach(Buffer.from('muistio'), 'z-muistio.txt', { mimeType: 'text/plain' });
    const input = await signed(dir, Buffer.from(await document.save()));
    await embedFile(input, join(dir, 'out.pdf'), options);
    const files = await readEmbeddedFiles(join(dir, 'out.pdf'));
    expect(files.map((file) => file.name)).toEqual([
      'a-liite.txt',
      'todisteraportti.pdf',
      'z-muistio.txt',
    ]);
    const [signature] = await verifyFile(join(dir, 'out.pdf'));
    expect(signature?.changesAfter.other).toEqual([]);
    expect(qpdfCheck(join(dir, 'out.pdf'))).toBeNull();
  });

  it('leaves a PDF/A-1 file without one, which may hold no embedded file', async () => {
    const dir = workDir();
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="1" pdfaid:conformance="B"/>' +
      '</rdf:RDF></x:xmpmeta>';
    const document = await PDFDocument.load(await pdfLibDocument(1));
    const metadata = document.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
    document.catalog.set(
      document.context.obj('Metadata') as never,
      document.context.register(metadata),
    );
    const input = await signed(dir, Buffer.from(await document.save()));
    expect(await embedFile(input, join(dir, 'out.pdf'), options)).toBe(false);
    expect(readFileSync(join(dir, 'out.pdf'))).toEqual(readFileSync(input));
  });
});

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addValidationData, signAtLevel } from '../src/levels.ts';
import { isDict, isRef, type PdfRef } from '../src/pdf/values.ts';
import type { Signer } from '../src/signers/signer.ts';
import {
  libreOfficePdf,
  pdfsig,
  rewriteWithQpdf,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import { objectText, withDocument } from './support/object-bytes.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signers: Signer[];
// The CRLs as a CA publishes them until its next update: the same bytes for every signature.
let crls: Buffer[];
beforeAll(async () => {
  pki = await createTestPki();
  signers = [(await pki.issue('Maija Meikäläinen')).signer, (await pki.issue('Pekka')).signer];
  crls = await pki.crls();
});

const validationData = (signer: Signer) => ({
  certificates: [signer.certificate, ...signer.chain, pki.pki.timeStamping.certificate],
  crls,
});

interface StoredDss {
  dss: number;
  certs: number[];
  crls: number[];
  /** The SHA-256 of each item's (decoded) bytes, Certs then CRLs. */
  digests: string[];
}

/** The catalog's /DSS: its object number, the items it lists and their digests. */
async function readDss(path: string): Promise<StoredDss> {
  return withDocument(path, async (document) => {
    const catalog = await document.resolve(document.trailer.get('Root'));
    const ref = isDict(catalog) ? catalog.get('DSS') : undefined;
    const dss = await document.resolve(ref);
    if (!isRef(ref) || !isDict(dss)) throw new Error('no DSS');
    const list = async (key: string) => {
      const items = await document.resolve(dss.get(key));
      return (Array.isArray(items) ? items : []).filter(isRef);
    };
    const certs = await list('Certs');
    const crls = await list('CRLs');
    const digests: string[] = [];
    for (const item of [...certs, ...crls] as PdfRef[]) {
      const stream = await document.getStream(item);
      digests.push(
        createHash('sha256')
          .update(stream?.data ?? '')
          .digest('hex'),
      );
    }
    const nums = (refs: PdfRef[]) => refs.map((item) => item.num);
    return { dss: ref.num, certs: nums(certs), crls: nums(crls), digests };
  });
}

describe('validation data added to a document that has a /DSS', () => {
  it('keeps every earlier entry by reference and adds only the certificates it lacks', async () => {
    const [first, second] = signers;
    if (!first || !second) throw new Error('no signers');
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficePdf('vuokrasopimus'));
    const signAt = async (signer: Signer, input: string, output: string) =>
      signAtLevel({
        input: join(dir, input),
        output: join(dir, output),
        level: 'B-LT',
        signer,
        timestamp: pki.timestamp,
        validationData: validationData(signer),
      });
    await signAt(first, 'in.pdf', 'one.pdf');
    await signAt(second, 'one.pdf', 'two.pdf');

    const before = await readDss(join(dir, 'one.pdf'));
    const after = await readDss(join(dir, 'two.pdf'));
    // The same DSS object, its lists grown in place: the catalog is not written again.
    expect(after.dss).toBe(before.dss);
    expect(after.certs.slice(0, before.certs.length)).toEqual(before.certs);
    // The second signer shares the chain and the TSA: only their own certificate is new.
    expect(after.certs).toHaveLength(before.certs.length + 1);
    expect(after.crls).toEqual(before.crls);
    expect(new Set(after.digests).size).toBe(after.digests.length);
    const catalog = await withDocument(join(dir, 'in.pdf'), async (document) => {
      const root = document.trailer.get('Root');
      return isRef(root) ? root.num : 0;
    });
    expect(await objectText(join(dir, 'two.pdf'), catalog)).toEqual(
      await objectText(join(dir, 'one.pdf'), catalog),
    );

    const reports = await verifyFile(join(dir, 'two.pdf'), [pki.root]);
    expect(reports.map((report) => [report.valid, report.level])).toEqual([
      [true, 'B-LT'],
      [true, 'B-LT'],
    ]);
    expect(pdfsig(join(dir, 'two.pdf')).valid).toEqual([true, true]);
  });

  it('writes no update when the DSS holds all of it already, compressed or not', async () => {
    const [signer] = signers;
    if (!signer) throw new Error('no signer');
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficePdf('muistio-tagged'));
    const data = validationData(signer);
    await addValidationData(join(dir, 'in.pdf'), join(dir, 'dss.pdf'), data);
    await addValidationData(join(dir, 'dss.pdf'), join(dir, 'again.pdf'), data);
    expect(readFileSync(join(dir, 'again.pdf'))).toEqual(readFileSync(join(dir, 'dss.pdf')));

    // Another tool's DSS, its streams deflated, is compared by what they hold.
    const deflated = join(dir, 'deflated.pdf');
    writeFileSync(
      deflated,
      rewriteWithQpdf(readFileSync(join(dir, 'dss.pdf')), [
        '--compress-streams=y',
        '--object-streams=generate',
      ]),
    );
    await addValidationData(deflated, join(dir, 'deflated-again.pdf'), data);
    expect(readFileSync(join(dir, 'deflated-again.pdf'))).toEqual(readFileSync(deflated));
  });
});

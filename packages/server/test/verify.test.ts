import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VerifyResult } from '@esign/contract';
import { keySigner, signPdf } from '@esign/pades';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createQualifiedTestCredential,
  type TestCscCredential,
} from '../../pades/test/support/csc-test-credential.ts';
import { signWithAnotherTool } from '../../pades/test/support/signpdf-tool.ts';
import { rateLimits } from '../src/http/rate-limit.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { encryptedPdf, makePdf, pdfWithBrokenObjectStream, pngImage } from './support/pdf.ts';
import { signingIn } from './support/signed-copy.ts';
import { mailsTo, pdfsigVerdicts, sendFlow, signingTokenIn } from './support/signing.ts';
import { useTestApp, type TestContext } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

const pathOf = (location: string) => {
  const url = new URL(location, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
};

/** The text poppler reads from a PDF. */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'esign-verify-text-'));
  writeFileSync(join(dir, 'report.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
}

/** The byte offset of `needle` inside the signed bytes (the first occurrence). */
function flipByteOf(pdf: Buffer, needle: string): Buffer {
  const at = pdf.indexOf(needle, 0, 'latin1');
  if (at < 0) throw new Error(`no ${needle} in the file`);
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

/** The PDF with an incremental update that replaces its first page's content stream. */
function withPageChangedAfterSigning(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number([...text.matchAll(/\/Size (\d+)/g)].at(-1)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1] ?? '1 0 R';
  const stream = 'BT /F1 24 Tf 72 760 Td (Muutettu sopimus) Tj ET';
  const update = `\n4 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`;
  const at = pdf.length + 1;
  const xrefAt = pdf.length + Buffer.byteLength(update, 'latin1');
  const tail =
    `xref\n4 1\n${String(at).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size} /Root ${root} /Prev ${startxref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update + tail, 'latin1')]);
}

describe.each(databaseKinds)('the public verification, on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(kind, { JOB_WORKER: 'false', MAX_UPLOAD_MB: '1' }, { clock });
  const { runJobs, sender, signAll } = signingIn(context);

  /** A browser that has loaded a page, so it holds the anonymous XSRF cookie. */
  const visitor = async (remoteAddress?: string) => {
    const browser = new TestClient(context.app, remoteAddress ? { remoteAddress } : {});
    await browser.get('/api/config/common');
    return browser;
  };
  const verify = async (pdf: Buffer, browser?: TestClient) => {
    const response = await (browser ?? (await visitor())).upload('/api/verify', 'sopimus.pdf', pdf);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VerifyResult>();
  };

  let signedOnce: Buffer | undefined;
  /** A flow the portal finished: one Low signature, validation data and a document time stamp. */
  const portalSigned = async () => {
    if (signedOnce) return signedOnce;
    const owner = await sender();
    const { id } = await signAll(owner, `Tarkistettava ${kind}`, [`tarkistus.${kind}@example.com`]);
    await runJobs();
    const detail = (await owner.get(`${flows}/${id}`)).json();
    const download = await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`);
    expect(download.statusCode).toBe(200);
    signedOnce = download.rawPayload;
    return signedOnce;
  };

  it('reports a file the portal signed as valid: a Low signature at B-LTA and its document time stamp', async () => {
    const result = await verify(await portalSigned());
    expect(result.Verdict).toBe('Valid');
    expect(result.Signatures).toHaveLength(2);
    const [signature, stamp] = result.Signatures;
    expect(signature).toMatchObject({
      Kind: 'Signature',
      Signer: 'Allekirjoittaja 1',
      PortalLevel: 'Low',
      PadesLevel: 'B-LTA',
      Intact: true,
      CoversWholeDocument: false,
      ChainTrusted: true,
      Revocation: 'Good',
    });
    expect(signature?.LaterChanges.map((change) => change.Kind).sort()).toEqual([
      'DocumentTimestamp',
      'EmbeddedFile',
      'ValidationData',
    ]);
    // The evidence report; EU DSS warns of the catalog's /AF that lists it.
    expect(signature?.LaterChanges.find((change) => change.Kind === 'EmbeddedFile')).toEqual({
      Kind: 'EmbeddedFile',
      Detail: expect.stringContaining('/AF'),
    });
    expect(Date.parse(signature?.TimestampTime ?? '')).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(signature?.ClaimedTime ?? '') - clock.now().getTime())).toBeLessThan(
      60_000,
    );
    expect(stamp).toMatchObject({
      Kind: 'DocumentTimestamp',
      PortalLevel: null,
      PadesLevel: null,
      Intact: true,
      CoversWholeDocument: true,
      LaterChanges: [],
      ChainTrusted: true,
      Revocation: 'Good',
    });
  });

  it('reports a signature the portal made at Advanced, after a strong login, as Advanced', async () => {
    const owner = await sender();
    const name = `Kehittynyt ${kind}`;
    const id = await sendFlow(owner, {
      name,
      level: 'Advanced',
      signers: [{ Name: 'Ville Virtanen', Email: 'user2@example.com' }],
    });
    await runJobs();
    const invitation = (await mailsTo(context.database.handle.db, 'user2@example.com')).find(
      (mail) => mail.subject.includes(name),
    );
    const token = signingTokenIn(invitation?.text_body ?? '');
    const signer = new TestClient(context.app);
    await signer.get(`/api/sign/${token}`);
    // The built-in provider's strong login as the demo account with a test identity code.
    await signer.follow(await signer.get(`/api/sign/${token}/identify`));
    const submitted = await signer.post(`${signer.lastLocation}/login`, {
      email: 'user2@example.com',
      password: 'user2-demo',
    });
    // Through the provider and the portal's callback, back to the signing page.
    let answer = await signer.get(pathOf(submitted.json<{ location: string }>().location));
    while (
      answer.statusCode === 303 &&
      !pathOf(String(answer.headers.location)).startsWith('/sign/')
    )
      answer = await signer.get(pathOf(String(answer.headers.location)));
    expect(pathOf(String(answer.headers.location))).toBe(`/sign/${token}`);
    const signed = await signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();
    const detail = (await owner.get(`${flows}/${id}`)).json();
    const download = await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`);
    const result = await verify(download.rawPayload);
    expect(result.Verdict).toBe('Valid');
    expect(result.Signatures[0]).toMatchObject({
      PortalLevel: 'Advanced',
      Signer: 'Ville Virtanen',
    });
  });

  it('reports a file another tool signed (pdf-lib and @signpdf) as intact but not confirmed', async () => {
    const result = await verify(
      await signWithAnotherTool(makePdf('Toinen työkalu'), 'Olli Ulkopuolinen'),
    );
    expect(result).toEqual({
      Verdict: 'Indeterminate',
      Signatures: [
        expect.objectContaining({
          Kind: 'Signature',
          Signer: 'Olli Ulkopuolinen',
          PortalLevel: null,
          PadesLevel: null,
          Intact: true,
          CoversWholeDocument: true,
          LaterChanges: [],
          ChainTrusted: false,
          Revocation: 'NotChecked',
        }),
      ],
    });
  });

  it('reports a portal-signed file with a changed byte as invalid', async () => {
    // The page's text sits in the bytes every signature covers.
    const tampered = flipByteOf(await portalSigned(), 'Tf 72 760 Td');
    const result = await verify(tampered);
    expect(result.Verdict).toBe('Invalid');
    expect(result.Signatures.map((signature) => signature.Intact)).toEqual([false, false]);
  });

  it('reports a page changed in an update after the signatures as invalid, the signatures intact', async () => {
    const result = await verify(withPageChangedAfterSigning(await portalSigned()));
    expect(result.Verdict).toBe('Invalid');
    expect(result.Signatures.every((signature) => signature.Intact)).toBe(true);
    const [signature] = result.Signatures;
    expect(signature?.CoversWholeDocument).toBe(false);
    expect(signature?.LaterChanges.filter((change) => change.Kind === 'Other')).toHaveLength(1);
  });

  it('reports a PDF without signatures as unsigned', async () => {
    expect(await verify(makePdf('Allekirjoittamaton'))).toEqual({
      Verdict: 'Unsigned',
      Signatures: [],
    });
  });

  it('refuses what is not a PDF, an encrypted or unreadable PDF and a file over MAX_UPLOAD_MB, with their message keys', async () => {
    const browser = await visitor();
    const image = await browser.upload('/api/verify', 'kuva.pdf', pngImage());
    expect(image.statusCode).toBe(400);
    expect(image.json().issues).toEqual([{ path: 'file', key: 'validation.invalidFileFormat' }]);
    const locked = await browser.upload('/api/verify', 'lukittu.pdf', encryptedPdf());
    expect(locked.json().issues).toEqual([{ path: 'file', key: 'validation.encryptedPdf' }]);
    const large = await browser.upload('/api/verify', 'iso.pdf', Buffer.alloc(1024 * 1024 + 1, 32));
    expect(large.statusCode).toBe(413);
    expect(large.json().issues).toEqual([
      { path: 'file', key: 'validation.fileTooLarge', params: { max: 1 } },
    ]);
    // A PDF by its header and trailer whose objects cannot be read.
    const unreadable = await browser.upload(
      '/api/verify',
      'rikki.pdf',
      pdfWithBrokenObjectStream('check sum'),
    );
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().key).toBe('verify.errors.unreadable');
  });

  it('keeps nothing: the uploads folder is empty after each answer, refusals included', async () => {
    const uploads = join(context.config.dataDir, 'tmp');
    const left = () => readdirSync(uploads).filter((name) => name.startsWith('upload-'));
    await verify(makePdf());
    await (await visitor()).upload('/api/verify', 'kuva.pdf', pngImage());
    expect(left()).toEqual([]);
  });

  it('answers a call without the XSRF header with 403, as every anonymous POST', async () => {
    const browser = await visitor();
    const response = await browser.request({
      method: 'POST',
      url: '/api/verify',
      xsrf: false,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('errors.csrf');
  });

  it('refuses files past the limit from one address with 429, others go on', async () => {
    const browser = await visitor('198.51.100.20');
    const pdf = makePdf();
    for (let call = 0; call < rateLimits.verify.max; call += 1)
      expect((await browser.upload('/api/verify', 'a.pdf', pdf)).statusCode).toBe(200);
    const refused = await browser.upload('/api/verify', 'a.pdf', pdf);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await (await visitor('198.51.100.21')).upload('/api/verify', 'a.pdf', pdf)).statusCode,
    ).toBe(200);
    clock.advance(rateLimits.verify.windowMs);
  });

  it('downloads the report as a PDF sealed by the portal, in the language asked for, which itself verifies', async () => {
    const browser = await visitor();
    const response = await browser.upload(
      '/api/verify/report?Language=en',
      'Vuokrasopimus.pdf',
      await portalSigned(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('signature-check.pdf');
    const report = response.rawPayload;
    const text = textOf(report);
    expect(text).toContain('Signature check');
    expect(text).toContain('File: Vuokrasopimus.pdf');
    expect(text).toContain('Valid: the document has not been changed after signing');
    expect(text).toContain('Signed by: Allekirjoittaja 1');
    expect(text).toContain('Level: Simple electronic signature');
    expect(text).toContain('PAdES level: B-LTA');
    expect(pdfsigVerdicts(report).valid).toBe(1);
    const again = await verify(report, browser);
    expect(again.Verdict).toBe('Valid');
    expect(again.Signatures[0]).toMatchObject({ Kind: 'Signature', PadesLevel: 'B-LTA' });

    const finnish = await browser.upload('/api/verify/report?Language=fi', 'x.pdf', makePdf());
    expect(textOf(finnish.rawPayload)).toContain('Ei allekirjoitettu');
  });

  it('tells signers and the sender of a finished flow where to check the signatures', async () => {
    const owner = await sender();
    const email = `linkki.${kind}@example.com`;
    await signAll(owner, `Linkki ${kind}`, [email]);
    await runJobs();
    const db = context.database.handle.db;
    const mails = [...(await mailsTo(db, email)), ...(await mailsTo(db, 'user@example.com'))];
    const finished = mails.filter((mail) =>
      [`Allekirjoitettu: Linkki ${kind}`, `Allekirjoitettu asiakirja: Linkki ${kind}`].includes(
        mail.subject,
      ),
    );
    expect(finished).toHaveLength(2);
    for (const mail of finished) {
      expect(mail.text_body).toContain(
        `Tarkista allekirjoitukset:\n${context.config.publicUrl.href}verify`,
      );
      expect(mail.html_body).toContain(`href="${context.config.publicUrl.href}verify"`);
    }
  });
});

/** A PDF signed (B-B) with a qualified test credential: its certificate carries QcCompliance. */
async function qualifiedSigned(credential: TestCscCredential): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'esign-verify-qualified-'));
  writeFileSync(join(dir, 'in.pdf'), makePdf('Hyväksytty allekirjoitus'));
  const [certificate = Buffer.alloc(0), ...chain] = credential.certificates;
  await signPdf({
    input: join(dir, 'in.pdf'),
    output: join(dir, 'out.pdf'),
    signer: keySigner(credential.privateKey, certificate, chain),
    fieldName: 'Maija',
    signingTime: new Date(),
  });
  return readFileSync(join(dir, 'out.pdf'));
}

describe('a qualified signature whose chain reaches TRUSTED_ROOTS_DIR', () => {
  const rootsDir = mkdtempSync(join(tmpdir(), 'esign-trusted-roots-'));
  let credential: TestCscCredential;
  beforeAll(async () => {
    const qualified = await createQualifiedTestCredential();
    credential = qualified.credential;
    writeFileSync(
      join(rootsDir, 'qualified-root.pem'),
      new X509Certificate(qualified.root).toString(),
    );
  });
  const trusting = useTestApp('sqlite', { JOB_WORKER: 'false', TRUSTED_ROOTS_DIR: rootsDir });
  const untrusting = useTestApp('sqlite', { JOB_WORKER: 'false' });

  const verifyIn = async (app: TestContext, pdf: Buffer) => {
    const browser = new TestClient(app.app);
    await browser.get('/api/config/common');
    const response = await browser.upload('/api/verify', 'hyvaksytty.pdf', pdf);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VerifyResult>();
  };

  it('shows as a Qualified signature from a trusted chain, and as of unknown level where the list is not configured', async () => {
    const pdf = await qualifiedSigned(credential);
    const trusted = await verifyIn(trusting, pdf);
    expect(trusted.Signatures[0]).toMatchObject({
      Signer: 'Maija Meikäläinen',
      PortalLevel: 'Qualified',
      PadesLevel: 'B-B',
      Intact: true,
      ChainTrusted: true,
    });
    const untrusted = await verifyIn(untrusting, pdf);
    expect(untrusted.Verdict).toBe('Indeterminate');
    expect(untrusted.Signatures[0]).toMatchObject({
      PortalLevel: null,
      ChainTrusted: false,
      Revocation: 'NotChecked',
    });
  });
});

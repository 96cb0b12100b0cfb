import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import {
  activePdfs,
  encryptedPdf,
  makePdf,
  pdfWithBrokenObjectStream,
  pdfWithBrokenPageTree,
  pdfWithPageTreeListingItself,
  pdfWithWebLink,
  pngImage,
  xrefStreamPdf,
} from './support/pdf.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file below a directory, recursively. */
function filesUnder(directory: string): string[] {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe.each(databaseKinds)('the files of a sign flow on %s', (kind) => {
  const context = useTestApp(kind, { MAX_UPLOAD_MB: '0.5' });
  const storedFiles = () => filesUnder(join(context.config.dataDir, 'files'));
  const newDraft = async (name = 'Liitteellinen') => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const flow = (await browser.post(flows, { Name: name })).json<{ Guid: string }>();
    return { browser, flow, base: `${flows}/${flow.Guid}` };
  };
  const issuesOf = (response: { json(): unknown }) =>
    (response.json() as { issues: unknown[] }).issues;

  it('keeps the file to sign byte for byte, with its non-ASCII name, and serves byte ranges', async () => {
    const { browser, base } = await newDraft();
    const pdf = makePdf('Kauppakirja');
    const upload = await browser.upload(
      `${base}/signfile`,
      'Kauppakirja – äöå.pdf',
      pdf,
      'application/pdf',
    );
    expect(upload.statusCode).toBe(200);
    const info = upload.json();
    expect(info.FileName).toBe('Kauppakirja – äöå.pdf');
    const row = await context.database.handle.db
      .selectFrom('sign_flow_files')
      .selectAll()
      .where('id', '=', info.Guid)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(pdf));
    expect(Number(row.size)).toBe(pdf.length);

    const download = await browser.get(`${base}/signfile/${info.Guid}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''Kauppakirja%20%E2%80%93%20%C3%A4%C3%B6%C3%A5.pdf",
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const part = await browser.request({
      method: 'GET',
      url: `${base}/signfile/${info.Guid}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.body).toBe('%PDF-1.7');
    const tail = await browser.request({
      method: 'GET',
      url: `${base}/signfile/${info.Guid}`,
      headers: { range: 'bytes=-6' },
    });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 6))).toBe(true);
    const beyond = await browser.request({
      method: 'GET',
      url: `${base}/signfile/${info.Guid}`,
      headers: { range: `bytes=${pdf.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);

    const replaced = await browser.upload(`${base}/signfile`, 'uusi.pdf', makePdf('Uusi'));
    expect((await browser.get(base)).json().SignFileInfo).toEqual(replaced.json());
    expect((await browser.get(`${base}/signfile/${info.Guid}`)).statusCode).toBe(404);
  });

  it('accepts a PDF with a cross-reference stream', async () => {
    const { browser, base } = await newDraft();
    expect(
      (await browser.upload(`${base}/signfile`, 'tiivis.pdf', xrefStreamPdf())).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'a text file named .pdf',
      () => Buffer.from('Tämä ei ole PDF.\n'.repeat(20)),
      'validation.invalidFileFormat',
    ],
    ['a PNG named .pdf', pngImage, 'validation.invalidFileFormat'],
    ['a truncated PDF', () => makePdf().subarray(0, 300), 'validation.invalidFileFormat'],
    ['an empty file', () => Buffer.alloc(0), 'validation.invalidFileFormat'],
    [
      'a PDF whose page tree is broken behind a sound trailer',
      pdfWithBrokenPageTree,
      'validation.invalidFileFormat',
    ],
    [
      'a PDF whose page tree lists itself, which could be signed but never time-stamped',
      pdfWithPageTreeListingItself,
      'validation.invalidFileFormat',
    ],
    [
      "a PDF whose object stream fails zlib's check sum (Z_DATA_ERROR)",
      () => pdfWithBrokenObjectStream('check sum'),
      'validation.invalidFileFormat',
    ],
    [
      'a PDF whose object stream ends early (Z_BUF_ERROR)',
      () => pdfWithBrokenObjectStream('cut short'),
      'validation.invalidFileFormat',
    ],
    ['an encrypted PDF', encryptedPdf, 'validation.encryptedPdf'],
  ])('refuses %s as the file to sign, keeping nothing', async (_label, content, key) => {
    const { browser, base } = await newDraft();
    const before = storedFiles().length;
    const response = await browser.upload(
      `${base}/signfile`,
      'sopimus.pdf',
      content(),
      'application/pdf',
    );
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual([{ path: 'file', key }]);
    expect((await browser.get(base)).json().SignFileInfo).toBeNull();
    expect(storedFiles().length).toBe(before);
    expect(filesUnder(join(context.config.dataDir, 'tmp'))).toEqual([]);
  });

  it.each(Object.entries(activePdfs))(
    'refuses as the file to sign a PDF that %s, saying why',
    async (_label, content) => {
      const { browser, base } = await newDraft();
      const response = await browser.upload(`${base}/signfile`, 'sopimus.pdf', content());
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response)).toEqual([{ path: 'file', key: 'validation.pdfActiveContent' }]);
      expect((await browser.get(base)).json().SignFileInfo).toBeNull();
    },
  );

  it('keeps a PDF with a web link as the file to sign', async () => {
    const { browser, base } = await newDraft();
    expect(
      (await browser.upload(`${base}/signfile`, 'linkki.pdf', pdfWithWebLink())).statusCode,
    ).toBe(200);
  });

  it('keeps page.html, image.svg and script.js uploaded as attachments as the text files they are', async () => {
    const { browser, base } = await newDraft();
    const uploads = {
      'page.html': '<!doctype html><script>fetch("/api/esign/SignFlows")</script>',
      'image.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'script.js': 'document.cookie',
    };
    for (const [name, content] of Object.entries(uploads)) {
      const response = await browser.upload(`${base}/attachment`, name, Buffer.from(content));
      expect(response.statusCode, response.body).toBe(200);
      const kept = response.json<{ Guid: string; FileName: string }>();
      expect(kept.FileName).toBe(name.replace(/\.\w+$/, '.txt'));
      const download = await browser.get(`${base}/attachment/${kept.Guid}`);
      expect(download.headers['content-type']).toMatch(/^text\/plain/);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${kept.FileName}"`,
      );
    }
    const names = (await browser.get(base)).json<{ AttachmentInfo: Array<{ FileName: string }> }>();
    expect(names.AttachmentInfo.map((file) => file.FileName)).toEqual([
      'page.txt',
      'image.txt',
      'script.txt',
    ]);
  });

  it('strips a right-to-left override from a file name, so x\u202efdp.js cannot pass for xsj.pdf', async () => {
    const { browser, base } = await newDraft();
    const attachment = await browser.upload(
      `${base}/attachment`,
      'x\u202efdp.js',
      Buffer.from('x'),
    );
    expect(attachment.json().FileName).toBe('xfdp.txt');
    const signFile = await browser.upload(`${base}/signfile`, 'lasku\u202efdp.exe', makePdf());
    expect(signFile.json().FileName).toBe('laskufdp.pdf');
    const detail = (await browser.get(base)).json();
    expect([detail.SignFileInfo.FileName, detail.AttachmentInfo[0].FileName]).toEqual([
      'laskufdp.pdf',
      'xfdp.txt',
    ]);
  });

  it('refuses a file over MAX_UPLOAD_MB with a clear message and leaves no temporary file', async () => {
    const { browser, base } = await newDraft();
    const response = await browser.upload(
      `${base}/attachment`,
      'iso.txt',
      Buffer.alloc(600 * 1024, 'a'),
    );
    expect(response.statusCode).toBe(413);
    expect(issuesOf(response)).toEqual([
      { path: 'file', key: 'validation.fileTooLarge', params: { max: 0.5 } },
    ]);
    expect(filesUnder(join(context.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('checks attachments by content, refuses duplicates and long names, and stops at 50', async () => {
    const { browser, base } = await newDraft();
    expect((await browser.upload(`${base}/attachment`, 'kuva.png', pngImage())).statusCode).toBe(
      200,
    );
    const binary = await browser.upload(
      `${base}/attachment`,
      'ohjelma.png',
      Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
    );
    expect(issuesOf(binary)).toEqual([{ path: 'file', key: 'validation.invalidFileFormat' }]);
    const duplicate = await browser.upload(`${base}/attachment`, 'KUVA.png', pngImage());
    expect(issuesOf(duplicate)).toEqual([
      { path: 'file', key: 'validation.fileAlreadyAdded', params: { name: 'KUVA.png' } },
    ]);
    const longName = await browser.upload(
      `${base}/attachment`,
      `${'n'.repeat(201)}.txt`,
      Buffer.from('teksti'),
    );
    expect(issuesOf(longName)).toEqual([{ path: 'file', key: 'validation.fileNameTooLong' }]);
    for (let index = 2; index <= 50; index += 1) {
      const response = await browser.upload(
        `${base}/attachment`,
        `liite-${index}.txt`,
        Buffer.from(`liite ${index}`),
      );
      expect(response.statusCode).toBe(200);
    }
    const fiftyFirst = await browser.upload(
      `${base}/attachment`,
      'liite-51.txt',
      Buffer.from('yksi liikaa'),
    );
    expect(fiftyFirst.statusCode).toBe(400);
    expect(issuesOf(fiftyFirst)).toEqual([
      { path: 'file', key: 'validation.tooManyAttachments', params: { max: 50 } },
    ]);
    const detail = (await browser.get(base)).json();
    expect(detail.AttachmentInfo).toHaveLength(50);
    expect(detail.AttachmentInfo[0].FileName).toBe('kuva.png');

    const first = detail.AttachmentInfo[0].Guid;
    expect((await browser.delete(`${base}/attachment/${first}`)).statusCode).toBe(204);
    expect((await browser.get(base)).json().AttachmentInfo).toHaveLength(49);
    expect((await browser.get(`${base}/attachment/${first}`)).statusCode).toBe(404);
  });

  it('refuses an upload without a file', async () => {
    const { browser, base } = await newDraft();
    const response = await browser.request({
      method: 'POST',
      url: `${base}/signfile`,
      payload: { file: null },
    });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual([{ path: 'file', key: 'validation.required' }]);
  });

  it('copies a flow as new with its files copied on the server', async () => {
    const { browser, base, flow } = await newDraft('Alkuperäinen');
    const pdf = makePdf('Kopioitava');
    await browser.upload(`${base}/signfile`, 'sopimus.pdf', pdf);
    await browser.upload(`${base}/attachment`, 'liite.txt', Buffer.from('liitteen sisältö'));
    const copy = (
      await browser.post(flows, {
        Name: 'Kopio',
        CopyFromGuid: flow.Guid,
        Signers: [{ Name: 'M', Email: 'm@example.com' }],
      })
    ).json();
    expect(copy.Guid).not.toBe(flow.Guid);
    const detail = (await browser.get(`${flows}/${copy.Guid}`)).json();
    expect(detail.SignFileInfo.FileName).toBe('sopimus.pdf');
    expect(detail.AttachmentInfo.map((file: { FileName: string }) => file.FileName)).toEqual([
      'liite.txt',
    ]);
    const copied = await browser.get(`${flows}/${copy.Guid}/signfile/${detail.SignFileInfo.Guid}`);
    expect(copied.rawPayload.equals(pdf)).toBe(true);
    // The copy is independent: deleting the original keeps the copy's files.
    expect((await browser.delete(base)).statusCode).toBe(204);
    expect(
      (
        await browser.get(`${flows}/${copy.Guid}/signfile/${detail.SignFileInfo.Guid}`)
      ).rawPayload.equals(pdf),
    ).toBe(true);
  });

  it('deletes a draft with all its files, leaving none in storage', async () => {
    const { browser, base, flow } = await newDraft('Poistettava');
    await browser.upload(`${base}/signfile`, 'a.pdf', makePdf());
    await browser.upload(`${base}/attachment`, 'b.txt', Buffer.from('b'));
    const keys = await context.database.handle.db
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('flow_id', '=', flow.Guid)
      .execute();
    expect(keys).toHaveLength(2);
    expect((await browser.delete(base)).statusCode).toBe(204);
    for (const { storage_key } of keys) {
      expect(storedFiles().some((path) => path.endsWith(storage_key))).toBe(false);
    }
    const pending = await context.database.handle.db
      .selectFrom('pending_file_deletions')
      .selectAll()
      .execute();
    expect(pending).toEqual([]);
  });
});

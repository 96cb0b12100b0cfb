import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { makePdf } from './support/pdf.ts';
import { useTestApp } from './support/test-app.ts';
import { sendUnfinished } from './support/unfinished-request.ts';

const flows = '/api/esign/SignFlows';
const mib = 1024 * 1024;
const boundary = '----esignlimits';
const fieldPart = (name: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
const filePart = (name = 'sopimus.pdf') =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
const multipartType = `multipart/form-data; boundary=${boundary}`;

describe('what one upload may hold', () => {
  const context = useTestApp('sqlite', { MAX_UPLOAD_MB: '0.5' });
  let origin = '';
  let sender: TestClient;
  let upload = '';

  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
    sender = new TestClient(context.app);
    await sender.login('user@example.com', 'user-demo');
    const flow = (await sender.post(flows, { Name: 'Rajat' })).json<{ Guid: string }>();
    upload = `${flows}/${flow.Guid}/signfile`;
  });

  /** The sender's browser headers over a real socket: the session and the XSRF token. */
  const browserHeaders = (extra: Record<string, string>) => ({
    cookie: [...sender.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-xsrf-token': sender.cookies.get('XSRF-TOKEN') ?? '',
    ...extra,
  });
  const temporaryFiles = () => {
    try {
      return readdirSync(join(context.config.dataDir, 'tmp'), { recursive: true });
    } catch {
      return []; // not even made
    }
  };
  const signFileOf = async () =>
    (await sender.get(upload.replace('/signfile', ''))).json<{ SignFileInfo: unknown }>()
      .SignFileInfo;

  it('refuses an upload that declares more than MAX_UPLOAD_MB before reading a byte of its body', async () => {
    const answer = await sendUnfinished(`${origin}${upload}`, {
      headers: browserHeaders({
        'content-type': multipartType,
        'content-length': String(10 * mib),
      }),
      chunks: [filePart(), Buffer.alloc(1024, 'a')],
    });
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({
      issues: [{ path: 'file', key: 'validation.fileTooLarge', params: { max: 0.5 } }],
    });
    expect(await signFileOf()).toBeNull();
  });

  it('refuses text fields sent ahead of the file at the first one, before any of it is buffered', async () => {
    // The attack: up to a thousand 1 MiB fields, all held in memory until the file comes.
    // The server must answer while the first field is still arriving, without waiting for more.
    const answer = await sendUnfinished(`${origin}${upload}`, {
      headers: browserHeaders({ 'content-type': multipartType, 'transfer-encoding': 'chunked' }),
      chunks: [fieldPart('padding-1'), Buffer.alloc(256 * 1024, 'x')],
    });
    expect(answer?.status).toBe(413);
    expect(temporaryFiles()).toEqual([]);
    expect(await signFileOf()).toBeNull();
  });

  it('refuses a field or a second file after the file, and keeps nothing', async () => {
    for (const after of [fieldPart('extra'), filePart('toinen.pdf')]) {
      const response = await sender.request({
        method: 'POST',
        url: upload,
        headers: { 'content-type': multipartType },
        payload: Buffer.concat([
          filePart(),
          makePdf(),
          Buffer.from('\r\n'),
          after,
          Buffer.from('x'),
          closing,
        ]),
      });
      expect(response.statusCode, response.body).toBe(413);
      expect(temporaryFiles()).toEqual([]);
      expect(await signFileOf()).toBeNull();
    }
  });

  it('refuses a file streamed past MAX_UPLOAD_MB without a declared length, and keeps nothing', async () => {
    const answer = await sendUnfinished(`${origin}${upload}`, {
      headers: browserHeaders({ 'content-type': multipartType, 'transfer-encoding': 'chunked' }),
      chunks: [filePart(), Buffer.alloc(mib, 'a')],
    });
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({
      issues: [{ path: 'file', key: 'validation.fileTooLarge' }],
    });
    expect(temporaryFiles()).toEqual([]);
  });

  it('still takes one file in the field "file", as the web app sends it', async () => {
    const response = await sender.upload(upload, 'sopimus.pdf', makePdf(), 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(await signFileOf()).toMatchObject({ FileName: 'sopimus.pdf' });
  });
});

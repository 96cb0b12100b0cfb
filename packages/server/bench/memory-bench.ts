import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { startSession } from '../src/auth/session.service.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const mib = 1024 * 1024;

/** A valid PDF of about `size` bytes: one page and one large stream object. */
async function writeLargePdf(path: string, size: number) {
  const out = createWriteStream(path);
  const write = (text: string | Buffer) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  const offsets: number[] = [];
  let position = 0;
  const emit = async (text: string | Buffer) => {
    await write(text);
    position += typeof text === 'string' ? Buffer.byteLength(text, 'latin1') : text.length;
  };
  await emit('%PDF-1.7\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  for (const [index, object] of objects.entries()) {
    offsets.push(position);
    await emit(`${index + 1} 0 obj\n${object}\nendobj\n`);
  }
  offsets.push(position);
  const chunk = Buffer.alloc(mib, 0x41);
  const chunks = Math.floor(size / mib);
  await emit(`4 0 obj\n<< /Length ${chunks * mib} >>\nstream\n`);
  for (let index = 0; index < chunks; index += 1) await emit(chunk);
  await emit('\nendstream\nendobj\n');
  const xref = position;
  await emit(
    `xref\n0 5\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  await emit(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  await new Promise<void>((resolve) => out.end(resolve));
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function peakRssDuring(pid: number, action: () => Promise<unknown>) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    await action();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssOf(pid));
}

export interface MemoryBenchResult {
  fileMb: number;
  baselineMb: number;
  uploadPeakMb: number;
  downloadPeakMb: number;
}

/** Uploads and downloads a large file through a real server process, watching its resident memory. */
export async function benchMemory(fileSize = 200 * mib): Promise<MemoryBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-bench-'));
  const pdfPath = join(dataDir, 'large.pdf');
  await writeLargePdf(pdfPath, fileSize);

  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const userId = randomUUID();
  const flowId = randomUUID();
  const now = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values({
      id: userId,
      issuer: 'bench',
      subject: userId,
      email: 'b@example.com',
      display_name: 'B',
      organisation: null,
      title: null,
      is_admin: false,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  await database.db
    .insertInto('sign_flows')
    .values({
      id: flowId,
      owner_id: userId,
      group_id: null,
      name: 'Large',
      name_search: 'large',
      note: null,
      status: 'Draft',
      signature_process: null,
      minimum_signature_level: null,
      inspector_email: null,
      reminder_interval_days: null,
      cancellation_comment: null,
      language: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
      cancelled_at: null,
      finished_at: null,
      rejected_at: null,
      last_status_query_at: null,
      auto_delete_at: null,
    })
    .execute();
  const token = await startSession(
    database.db,
    { userId, loginMethod: 'oidc', ip: null, userAgent: null },
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
    new Date(),
  );
  await database.close();

  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_UPLOAD_MB: '300',
    },
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const pid = child.pid ?? 0;
    const first = await fetch(`${base}/api/config/common`, {
      headers: { cookie: `esign_session=${token}` },
    });
    const xsrf =
      first.headers
        .getSetCookie()
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split(';')[0]
        ?.slice(11) ?? '';
    const cookie = `esign_session=${token}; XSRF-TOKEN=${xsrf}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = rssOf(pid);

    const boundary = 'benchboundary';
    const body = new PassThrough();
    void (async () => {
      body.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      await pipeline(createReadStream(pdfPath), body, { end: false });
      body.end(`\r\n--${boundary}--\r\n`);
    })();
    let fileGuid = '';
    const uploadPeak = await peakRssDuring(pid, async () => {
      const response = await fetch(`${base}/api/esign/SignFlows/${flowId}/signfile`, {
        method: 'POST',
        headers: {
          cookie,
          'x-xsrf-token': xsrf,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Readable.toWeb(body) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (!response.ok)
        throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      fileGuid = ((await response.json()) as { Guid: string }).Guid;
    });
    const downloadPeak = await peakRssDuring(pid, async () => {
      const response = await fetch(`${base}/api/esign/SignFlows/${flowId}/signfile/${fileGuid}`, {
        headers: { cookie },
      });
      let received = 0;
      for await (const part of response.body as unknown as AsyncIterable<Uint8Array>)
        received += part.length;
      if (received < fileSize) throw new Error(`download short: ${received}`);
    });
    return {
      fileMb: fileSize / mib,
      baselineMb: baseline / mib,
      uploadPeakMb: uploadPeak / mib,
      downloadPeakMb: downloadPeak / mib,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

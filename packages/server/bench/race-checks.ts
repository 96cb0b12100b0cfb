import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { limits } from '@esign/contract';
import type { RacePortal } from './race-portal.ts';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext reads it, all white space as one space. */
async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'esign-race-check-'));
  try {
    const path = join(dir, 'file.pdf');
    await writeFile(path, bytes);
    const { stdout } = await run('pdftotext', [path, '-'], { encoding: 'utf8' });
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What is wrong with a flow after a race, as its users would meet it: a flow out for signing
 * whose signers lack links, whose signature page names someone who is not its signer (or
 * misses one who is), or whose file to sign is not the one on the page; in any state more
 * attachments than allowed or two files of one name. `people` are every name and address
 * the race used. An empty list: consistent.
 */
export async function problemsOf(
  portal: RacePortal,
  flowId: string,
  people: string[],
): Promise<string[]> {
  const problems: string[] = [];
  const flow = await portal.db
    .selectFrom('sign_flows')
    .selectAll()
    .where('id', '=', flowId)
    .executeTakeFirstOrThrow();
  const files = await portal.db
    .selectFrom('sign_flow_files')
    .selectAll()
    .where('flow_id', '=', flowId)
    .execute();
  const userFiles = files.filter((file) => file.kind === 'signfile' || file.kind === 'attachment');
  const attachments = userFiles.filter((file) => file.kind === 'attachment');
  if (attachments.length > limits.maxAttachments)
    problems.push(`${attachments.length} attachments`);
  const names = userFiles.map((file) => file.file_name.toLowerCase());
  if (new Set(names).size !== names.length) problems.push(`duplicate names: ${names.join(', ')}`);
  if (flow.status === 'Draft') return problems;

  const signers = await portal.db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('flow_id', '=', flowId)
    .execute();
  if (signers.some((signer) => !signer.token_hash)) problems.push('a signer without a link');
  const working = files.find((file) => file.id === flow.working_file_id);
  const signFiles = userFiles.filter((file) => file.kind === 'signfile');
  if (!working || signFiles.length !== 1) {
    problems.push(
      `${signFiles.length} files to sign, working document ${working ? '' : 'missing'}`,
    );
    return problems;
  }
  const page = await pdfText(await portal.readObject(working.storage_key));
  const listed = new Set(signers.flatMap((signer) => [signer.name, signer.email]));
  for (const person of listed)
    if (!page.includes(person)) problems.push(`the signature page misses ${person}`);
  for (const person of people)
    if (!listed.has(person) && page.includes(person))
      problems.push(`the signature page names ${person}, who is not a signer`);
  const original = (await pdfText(await portal.readObject(signFiles[0]?.storage_key ?? ''))).trim();
  if (!page.includes(original)) problems.push('the file to sign is not the one being signed');
  return problems;
}

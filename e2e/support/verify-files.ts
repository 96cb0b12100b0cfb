import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { makeUserFiles } from './files.ts';
import { waitForMail } from './mailbox.ts';
import { logInAsSender, sendFlowThroughApi } from './sender.ts';
import { identifyWithCode, invitationLink, signDocument, subjects } from './signing.ts';

interface AnotherTool {
  signWithAnotherTool(pdf: Buffer, signerName: string): Promise<Buffer>;
}

// The signing engine's test support is typed for Node alone and clashes with the DOM library
// the browser tests compile with; named through a variable, it is loaded at run time only.
const anotherToolModule: string = '../../packages/pades/test/support/signpdf-tool.ts';

/** A PDF signed as another tool signs (pdf-lib and @signpdf), with a self-signed certificate. */
export async function signedByAnotherTool(pdf: Buffer, signerName: string): Promise<Buffer> {
  const tool = (await import(anotherToolModule)) as AnotherTool;
  return tool.signWithAnotherTool(pdf, signerName);
}

/** The same bytes with one byte of the page's text changed: inside every signed range. */
export function tampered(pdf: Buffer): Buffer {
  const at = pdf.indexOf('Vuokrasopimus) Tj', 0, 'latin1');
  if (at < 0) throw new Error('no page text to change');
  const copy = Buffer.from(pdf);
  copy[at] = 'W'.charCodeAt(0);
  return copy;
}

export interface VerifyFiles {
  portal: string;
  anotherTool: string;
  tampered: string;
  unsigned: string;
  /** The verification page's address from the signer's mail about the finished flow. */
  mailedVerifyLink: string;
}

/**
 * The four kinds of file the verification page must tell apart: one the portal signed (a
 * flow sent, signed by its signer and finished), one another tool signed, the portal's with a
 * changed byte, and one never signed. Written to a temporary folder.
 */
export async function makeVerifyFiles(
  page: Page,
  openSigningPage: (link: string) => Promise<Page>,
  run: string,
): Promise<VerifyFiles> {
  const email = `tarkistus.${run}@example.com`;
  const name = `Tarkistettava ${run}`;
  await logInAsSender(page);
  await sendFlowThroughApi(page, {
    name,
    level: 'Low',
    process: 'Concurrent',
    language: 'en',
    signers: [{ name: 'Tero Tarkistaja', email }],
  });
  const signing = await openSigningPage(await invitationLink(email, name));
  await identifyWithCode(signing, email, name);
  await signDocument(signing);
  const mail = await waitForMail(email, subjects.signedCopy(name));
  const copyLink = /https?:\/\/\S+\/signed\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? '';
  const download = await page.request.get(copyLink);
  expect(download.status()).toBe(200);
  const signed = await download.body();
  const unsigned = makeUserFiles().contract;
  const dir = mkdtempSync(join(tmpdir(), 'esign-e2e-verify-'));
  const write = async (fileName: string, content: Buffer) => {
    const path = join(dir, fileName);
    await writeFile(path, content);
    return path;
  };
  return {
    portal: await write('Allekirjoitettu.pdf', signed),
    anotherTool: await write(
      'Toinen-tyokalu.pdf',
      await signedByAnotherTool(await readFile(unsigned), 'Olli Ulkopuolinen'),
    ),
    tampered: await write('Muutettu.pdf', tampered(signed)),
    unsigned,
    mailedVerifyLink: /https?:\/\/\S+\/verify\b/.exec(mail.text)?.[0] ?? '',
  };
}

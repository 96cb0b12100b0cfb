import { limits, validationKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { checkAttachments, checkSignFile, type PickedFile } from './file-checks.ts';

const file = (name: string, type: string, size = 1000): PickedFile => ({ name, type, size });
const allowedTypes = ['application/pdf', 'image/png', 'text/plain'];

describe('the browser’s check of a file to sign', () => {
  it('accepts a PDF', () => {
    expect(checkSignFile(file('contract.pdf', 'application/pdf'), [])).toBeUndefined();
  });

  it('accepts a file without a type when its name ends in .pdf', () => {
    expect(checkSignFile(file('CONTRACT.PDF', ''), [])).toBeUndefined();
  });

  it('refuses anything else as an invalid file format', () => {
    expect(checkSignFile(file('contract.docx', 'application/msword'), [])?.issue.key).toBe(
      validationKeys.invalidFileFormat,
    );
    expect(checkSignFile(file('notes.txt', ''), [])?.issue.key).toBe(
      validationKeys.invalidFileFormat,
    );
  });

  it('refuses an empty file', () => {
    expect(checkSignFile(file('empty.pdf', 'application/pdf', 0), [])?.issue.key).toBe(
      validationKeys.invalidFileFormat,
    );
  });

  it('refuses a name an attachment already has, naming the file', () => {
    expect(checkSignFile(file('Map.pdf', 'application/pdf'), ['map.PDF'])?.issue).toEqual({
      path: 'SignFileInfo',
      key: validationKeys.fileAlreadyAdded,
      params: { name: 'Map.pdf' },
    });
  });

  it('refuses a too long file name', () => {
    const name = `${'x'.repeat(limits.fileNameMaxLength)}.pdf`;
    expect(checkSignFile(file(name, 'application/pdf'), [])?.issue.key).toBe(
      validationKeys.fileNameTooLong,
    );
  });

  it('refuses a file over the size limit when the limit is known, giving it in MB', () => {
    const big = file('big.pdf', 'application/pdf', 3 * 1024 * 1024);
    expect(checkSignFile(big, [], { maxBytes: 2 * 1024 * 1024 })?.issue).toEqual({
      path: 'SignFileInfo',
      key: validationKeys.fileTooLarge,
      params: { max: 2 },
    });
    expect(checkSignFile(big, [])).toBeUndefined();
  });
});

describe('the browser’s check of picked attachments', () => {
  const context = {
    existingNames: ['contract.pdf', 'photo.png'],
    existingAttachmentCount: 1,
    allowedTypes,
  };

  it('accepts allowed types and refuses the others one by one', () => {
    const result = checkAttachments(
      [
        file('a.txt', 'text/plain'),
        file('b.exe', 'application/x-msdownload'),
        file('c.png', 'image/png'),
      ],
      context,
    );
    expect(result.accepted.map((picked) => picked.name)).toEqual(['a.txt', 'c.png']);
    expect(result.problems).toEqual([
      {
        fileName: 'b.exe',
        issue: { path: 'AttachmentInfo', key: validationKeys.invalidFileFormat },
      },
    ]);
  });

  it('leaves a file the browser gives no type to the server', () => {
    expect(checkAttachments([file('data.odt', '')], context).accepted).toHaveLength(1);
  });

  it('refuses a name already added, also twice in one selection', () => {
    const result = checkAttachments(
      [file('PHOTO.png', 'image/png'), file('x.txt', 'text/plain'), file('X.txt', 'text/plain')],
      context,
    );
    expect(result.accepted.map((picked) => picked.name)).toEqual(['x.txt']);
    expect(result.problems.map((problem) => problem.issue.params)).toEqual([
      { name: 'PHOTO.png' },
      { name: 'X.txt' },
    ]);
  });

  it('refuses a whole selection that would pass 50 attachments and keeps the ones added', () => {
    const picked = [file('a.txt', 'text/plain'), file('b.txt', 'text/plain')];
    const result = checkAttachments(picked, { ...context, existingAttachmentCount: 49 });
    expect(result.accepted).toEqual([]);
    expect(result.problems).toEqual([
      {
        fileName: '',
        issue: {
          path: 'AttachmentInfo',
          key: validationKeys.tooManyAttachments,
          params: { max: 50 },
        },
      },
    ]);
    expect(
      checkAttachments(picked.slice(0, 1), { ...context, existingAttachmentCount: 49 }).accepted,
    ).toHaveLength(1);
  });
});

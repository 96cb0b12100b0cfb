import { limits, validationKeys, type FieldIssue } from '@esign/contract';

/** What the browser knows of a picked file before uploading it. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** A picked file the browser refused, with the reason. */
export interface FileProblem {
  fileName: string;
  issue: FieldIssue;
}

interface CommonLimits {
  /** Unknown when the server does not say; the server is the judge either way. */
  maxBytes?: number;
}

const sameName = (left: string, right: string) => left.toLowerCase() === right.toLowerCase();

function commonProblem(
  file: PickedFile,
  otherNames: readonly string[],
  { maxBytes }: CommonLimits,
  path: string,
): FieldIssue | undefined {
  if (file.name.length > limits.fileNameMaxLength) {
    return { path, key: validationKeys.fileNameTooLong };
  }
  if (otherNames.some((name) => sameName(name, file.name))) {
    return { path, key: validationKeys.fileAlreadyAdded, params: { name: file.name } };
  }
  if (file.size === 0) return { path, key: validationKeys.invalidFileFormat };
  if (maxBytes !== undefined && file.size > maxBytes) {
    return {
      path,
      key: validationKeys.fileTooLarge,
      params: { max: Math.round((maxBytes / 1024 / 1024) * 10) / 10 },
    };
  }
  return undefined;
}

function looksLikePdf(file: PickedFile): boolean {
  if (file.type !== '') return file.type === 'application/pdf';
  return file.name.toLowerCase().endsWith('.pdf');
}

/**
 * The browser's check of a file to sign: a PDF by its type (or, without one, its name) whose
 * name no attachment has. The server checks the content.
 */
export function checkSignFile(
  file: PickedFile,
  attachmentNames: readonly string[],
  options: CommonLimits = {},
): FileProblem | undefined {
  const path = 'SignFileInfo';
  const issue =
    commonProblem(file, attachmentNames, options, path) ??
    (looksLikePdf(file) ? undefined : { path, key: validationKeys.invalidFileFormat });
  return issue === undefined ? undefined : { fileName: file.name, issue };
}

interface AttachmentContext extends CommonLimits {
  /** The names of the file to sign and of the attachments already added. */
  existingNames: readonly string[];
  existingAttachmentCount: number;
  /** The server's allowed content types; a file the browser gives no type is left to the server. */
  allowedTypes: readonly string[] | undefined;
}

/**
 * The browser's check of picked attachments: a selection that would pass 50 is refused whole;
 * otherwise each file is accepted or refused on its own.
 */
export function checkAttachments<Picked extends PickedFile>(
  files: readonly Picked[],
  context: AttachmentContext,
): { accepted: Picked[]; problems: FileProblem[] } {
  const path = 'AttachmentInfo';
  if (context.existingAttachmentCount + files.length > limits.maxAttachments) {
    const issue = {
      path,
      key: validationKeys.tooManyAttachments,
      params: { max: limits.maxAttachments },
    };
    return { accepted: [], problems: [{ fileName: '', issue }] };
  }
  const accepted: Picked[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    const names = [...context.existingNames, ...accepted.map((other) => other.name)];
    const typeAllowed =
      file.type === '' ||
      context.allowedTypes === undefined ||
      context.allowedTypes.includes(file.type);
    const issue =
      commonProblem(file, names, context, path) ??
      (typeAllowed ? undefined : { path, key: validationKeys.invalidFileFormat });
    if (issue === undefined) accepted.push(file);
    else problems.push({ fileName: file.name, issue });
  }
  return { accepted, problems };
}

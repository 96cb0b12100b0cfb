import { FileInfo } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson, requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { templateUrl } from './get-template.ts';
import { templatesQueryKey } from './templates-query-key.ts';

export type TemplateFileKind = 'signfile' | 'attachment';

/** Adds (or, the file to sign, replaces) a template's file. */
export function uploadTemplateFile(input: {
  id: string;
  kind: TemplateFileKind;
  file: File;
}): Promise<FileInfo> {
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  return requestJson(`${templateUrl(input.id)}/${input.kind}`, FileInfo, { method: 'POST', body });
}

/** Removes the file to sign, or one attachment, of a template. */
export function deleteTemplateFile(input: {
  id: string;
  kind: TemplateFileKind;
  fileId: string;
}): Promise<void> {
  const url =
    input.kind === 'signfile'
      ? `${templateUrl(input.id)}/signfile`
      : `${templateUrl(input.id)}/attachment/${encodeURIComponent(input.fileId)}`;
  return requestVoid(url, { method: 'DELETE' });
}

/** Where a template's file downloads from. */
export const templateFileUrl = (id: string, fileId: string) =>
  `${templateUrl(id)}/files/${encodeURIComponent(fileId)}`;

export const uploadTemplateFileMutationOptions = () =>
  mutationOptions({
    mutationFn: uploadTemplateFile,
    onSuccess: (_file, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export const deleteTemplateFileMutationOptions = () =>
  mutationOptions({
    mutationFn: deleteTemplateFile,
    onSuccess: (_nothing, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export function useUploadTemplateFile() {
  return useMutation(uploadTemplateFileMutationOptions());
}

export function useDeleteTemplateFile() {
  return useMutation(deleteTemplateFileMutationOptions());
}

import { errorKeys, type FileInfo, type SignFlowDetailResponse } from '@esign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommonConfig } from '../../../../lib/common-config.ts';
import { useAllowedAttachmentContentTypes } from '../../api/get-allowed-lists.ts';
import { signFlowQueryOptions } from '../../api/get-signflow.ts';
import { deleteAttachment, deleteSignFile } from '../../api/delete-signflow-file.ts';
import { uploadSignFlowFile } from '../../api/upload-signflow-file.ts';
import { checkAttachments, checkSignFile, type FileProblem } from './file-checks.ts';
import { isRefusal, issuesOfError } from './signflow-edit-issues.ts';
import type { Notice, NoticeArea, Notices } from './signflow-edit-notices.ts';
import type { EditMode, SignFlowSubmit } from './signflow-edit-submit.ts';

interface FileActionOptions {
  mode: EditMode;
  flow: SignFlowDetailResponse | undefined;
  notices: Notices;
  submit: SignFlowSubmit;
}

const toNotice = ({ fileName, issue }: FileProblem): Notice => ({ issue, fileName });

/** Adding and removing the file to sign and the attachments, each checked in the browser first. */
export function useFileActions({ mode, flow, notices, submit }: FileActionOptions) {
  const queryClient = useQueryClient();
  const allowedTypes = useAllowedAttachmentContentTypes();
  const maxBytes = useCommonConfig().MaxUploadMb * 1024 * 1024;
  const [pendingName, setPendingName] = useState<string>();
  const signFile = mode === 'new' ? null : (flow?.SignFileInfo ?? null);
  const attachments = mode === 'new' ? [] : (flow?.AttachmentInfo ?? []);
  const attachmentNames = attachments.map((file) => file.FileName);

  const showProblems = (area: NoticeArea, problems: Notice[]) => {
    notices.show(area, problems);
    submit.focusFirstInvalid();
  };

  /** Runs one change on the saved draft (saving a new one first), then shows the draft as it is. */
  const onSavedDraft = async (label: string, change: (guid: string) => Promise<void>) => {
    setPendingName(label);
    try {
      const guid = await submit.ensureSaved();
      if (guid === undefined) return;
      await change(guid);
      await submit.continueAt(guid);
    } finally {
      setPendingName(undefined);
    }
  };

  /** Shows why the server refused a file; other failures only say that saving failed. */
  const reportFileFailure = (area: NoticeArea, fileName: string, error: unknown): Notice[] => {
    if (!isRefusal(error)) {
      submit.reportFailure(error, 'dialogs.savingFailed');
      return [];
    }
    const issues = issuesOfError(error);
    if (issues.length === 0) return [{ issue: { key: errorKeys.checkInput }, fileName }];
    return issues.map((issue) => ({
      issue,
      fileName: area === 'AttachmentInfo' ? fileName : undefined,
    }));
  };

  const addSignFile = async (file: File) => {
    notices.clear('SignFileInfo');
    const problem = checkSignFile(file, attachmentNames, { maxBytes });
    if (problem !== undefined) {
      showProblems('SignFileInfo', [{ issue: problem.issue }]);
      return;
    }
    await onSavedDraft(file.name, async (guid) => {
      try {
        await uploadSignFlowFile({ signFlowId: guid, kind: 'signfile', file });
      } catch (error) {
        const problems = reportFileFailure('SignFileInfo', file.name, error);
        if (problems.length > 0) showProblems('SignFileInfo', problems);
      }
    });
  };

  const addAttachments = async (files: File[]) => {
    notices.clear('AttachmentInfo');
    const names = [...attachmentNames, ...(signFile ? [signFile.FileName] : [])];
    const { accepted, problems } = checkAttachments(files, {
      existingNames: names,
      existingAttachmentCount: attachments.length,
      allowedTypes: allowedTypes.data,
      maxBytes,
    });
    const shown = problems.map(toNotice);
    if (accepted.length > 0) {
      await onSavedDraft(accepted.map((file) => file.name).join(', '), async (guid) => {
        for (const file of accepted) {
          try {
            await uploadSignFlowFile({ signFlowId: guid, kind: 'attachment', file });
          } catch (error) {
            shown.push(...reportFileFailure('AttachmentInfo', file.name, error));
          }
        }
      });
    }
    if (shown.length > 0) showProblems('AttachmentInfo', shown);
  };

  /** The draft's own copy of a file: in a copy not yet saved, the file shown is the source's. */
  const fileOnDraft = async (guid: string, file: FileInfo, kind: 'signfile' | 'attachment') => {
    if (guid === flow?.Guid) return file;
    const draft = await queryClient.fetchQuery(signFlowQueryOptions(guid));
    return kind === 'signfile'
      ? draft.SignFileInfo
      : draft.AttachmentInfo.find((other) => other.FileName === file.FileName);
  };

  const removeFile = async (file: FileInfo, kind: 'signfile' | 'attachment') => {
    notices.clear(kind === 'signfile' ? 'SignFileInfo' : 'AttachmentInfo');
    await onSavedDraft(file.FileName, async (guid) => {
      try {
        const onDraft = await fileOnDraft(guid, file, kind);
        if (onDraft === undefined || onDraft === null) return;
        if (kind === 'signfile') await deleteSignFile(guid);
        else await deleteAttachment(guid, onDraft.Guid);
      } catch (error) {
        submit.reportFailure(error, 'dialogs.savingFailed');
      }
    });
  };

  return {
    signFile,
    attachments,
    /** In a copy not yet saved, the files listed are the source's, to be copied on the first save. */
    filesToBeCopied: mode === 'copy',
    allowedTypes: allowedTypes.data,
    pendingName,
    addSignFile,
    addAttachments,
    removeFile,
  };
}

export type FileActions = ReturnType<typeof useFileActions>;

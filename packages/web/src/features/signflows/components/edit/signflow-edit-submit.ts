import {
  errorKeys,
  findSendProblems,
  type FieldIssue,
  type SignFlowDetailResponse,
} from '@esign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { paths } from '../../../../config/paths.ts';
import { signFlowQueryOptions } from '../../api/get-signflow.ts';
import { useSaveSignFlow } from '../../api/save-signflow.ts';
import { useSendSignFlow } from '../../api/send-signflow.ts';
import { useErrorSummary } from './error-summary.tsx';
import { isRefusal, issuesOfError, toFieldError } from './signflow-edit-issues.ts';
import { isNoticeArea, type NoticeArea, type Notices } from './signflow-edit-notices.ts';
import { continueEditingState } from './signflow-edit-continuation.ts';
import {
  toSaveRequest,
  withSavedSignerGuids,
  type SignFlowFormValues,
} from './signflow-edit-values.ts';

export type EditMode = 'new' | 'edit' | 'copy';

/** The form's own fields, to which a field issue of the server can be attached. */
const formFieldPath =
  /^(Name|Note|SignatureProcess|MinimumSignatureLevel|Role|InspectorEmail|ReminderIntervalInDays|Language|ExpiryDate)$|^Signers\.\d+\.(Name|Email|Organisation|PersonalIdentityCode)$/;

interface SubmitOptions {
  form: UseFormReturn<SignFlowFormValues>;
  mode: EditMode;
  /** The flow being edited, or the source of a copy. */
  flow: SignFlowDetailResponse | undefined;
  notices: Notices;
  formRef: RefObject<HTMLFormElement | null>;
}

const invalidSelector = '[aria-invalid="true"], [data-invalid="true"]';

/**
 * Focuses the first field with a message, in the order the screen shows them, once the
 * messages have been rendered.
 */
function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const first = () => formRef.current?.querySelector<HTMLElement>(invalidSelector);
    const found = first();
    if (found) {
      found.focus();
      return;
    }
    // Messages that arrive a render later (the form's own state) are waited for once.
    const frame = requestAnimationFrame(() => first()?.focus());
    return () => cancelAnimationFrame(frame);
  }, [request, formRef]);
  return () => setRequest((count) => count + 1);
}

/** Saving and sending: validation with the contract, the server's answers shown where they belong. */
export function useSignFlowSubmit({ form, mode, flow, notices, formRef }: SubmitOptions) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveSignFlow();
  const send = useSendSignFlow();
  const [confirmingSend, setConfirmingSend] = useState(false);
  const savedGuid = mode === 'edit' ? flow?.Guid : undefined;
  const target = { guid: savedGuid, copyFromGuid: mode === 'copy' ? flow?.Guid : undefined };

  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  // A save or a send that cannot go lists every problem at the top, each a link to its field.
  const summary = useErrorSummary(formRef);

  /** Puts each issue under its field; one that belongs nowhere goes to the general message. */
  const showIssues = (issues: FieldIssue[], fileArea: NoticeArea = 'general') => {
    const grouped = new Map<NoticeArea, FieldIssue[]>();
    for (const issue of issues) {
      if (formFieldPath.test(issue.path)) {
        form.setError(issue.path as 'Name', toFieldError(issue));
        continue;
      }
      const area =
        issue.path === 'file' ? fileArea : isNoticeArea(issue.path) ? issue.path : 'general';
      grouped.set(area, [...(grouped.get(area) ?? []), issue]);
    }
    for (const [area, list] of grouped)
      notices.show(
        area,
        list.map((issue) => ({ issue })),
      );
    summary.show();
  };

  /** A refused call shows why; a call that failed otherwise only says so. */
  const reportFailure = (
    error: unknown,
    failedKey: 'dialogs.savingFailed' | 'dialogs.sendingFailed',
    fileArea?: NoticeArea,
  ) => {
    showToast({ message: t(failedKey), variant: 'danger' });
    if (!isRefusal(error)) return;
    const issues = issuesOfError(error);
    if (issues.length > 0) showIssues(issues, fileArea);
    else notices.show(fileArea ?? 'general', [{ issue: { key: errorKeys.checkInput } }]);
  };

  /** The form's values when the contract's schema accepts them; otherwise the messages show. */
  const validatedValues = () =>
    new Promise<SignFlowFormValues | undefined>((resolve) => {
      void form.handleSubmit(resolve, () => {
        summary.show();
        resolve(undefined);
      })();
    });

  /** Saves the values; answers the draft's guid, or undefined when the save failed (and said so). */
  const saveValues = async (values: SignFlowFormValues): Promise<string | undefined> => {
    notices.clear('general');
    try {
      const saved = await save.mutateAsync(toSaveRequest(values, target));
      // What is typed while the save is under way stays; new signers get the ids the server gave.
      form.reset(withSavedSignerGuids(form.getValues(), saved.Signers));
      return saved.Guid;
    } catch (error) {
      reportFailure(error, 'dialogs.savingFailed');
      return undefined;
    }
  };

  /** After the first save of a new draft or a copy, the address becomes the draft's own. */
  const continueAt = async (guid: string) => {
    if (guid === savedGuid) {
      await queryClient.invalidateQueries({ queryKey: signFlowQueryOptions(guid).queryKey });
      return;
    }
    // Loaded before moving, so the screen stays as it is instead of showing 'Loading'.
    await queryClient.fetchQuery(signFlowQueryOptions(guid)).catch(() => undefined);
    await navigate(paths.signFlowEdit.getHref(guid), {
      replace: true,
      state: continueEditingState,
    });
  };

  /** The saved draft's guid; a new draft or copy is saved first (files can only go to a draft). */
  const ensureSaved = async (): Promise<string | undefined> => {
    if (savedGuid !== undefined) return savedGuid;
    const values = await validatedValues();
    return values === undefined ? undefined : saveValues(values);
  };

  /** Messages of earlier actions go when the form is submitted again; what still holds comes back. */
  const clearEarlierNotices = () => {
    notices.clear('general', 'Signers', 'SignFileInfo', 'AttachmentInfo');
    summary.clear();
  };

  const saveDraft = async () => {
    clearEarlierNotices();
    const values = await validatedValues();
    if (values === undefined) return;
    const guid = await saveValues(values);
    if (guid === undefined) return;
    showToast({ message: t('dialogs.saved') });
    await continueAt(guid);
  };

  /** Checks everything sending needs, all at once, before asking for confirmation. */
  const requestSend = async () => {
    clearEarlierNotices();
    const values = await validatedValues();
    const current = values ?? form.getValues();
    const problems = findSendProblems({
      hasSignFile: mode !== 'new' && flow?.SignFileInfo != null,
      signerCount: current.Signers.length,
      SignatureProcess: current.SignatureProcess,
      MinimumSignatureLevel: current.MinimumSignatureLevel,
    });
    if (problems.length > 0) showIssues(problems);
    else if (values !== undefined) setConfirmingSend(true);
  };

  const confirmSend = async () => {
    const guid = await saveValues(form.getValues());
    if (guid === undefined) {
      setConfirmingSend(false);
      return;
    }
    try {
      await send.mutateAsync(guid);
      setConfirmingSend(false);
      showToast({ message: t('dialogs.sent') });
      await navigate(paths.home.getHref());
    } catch (error) {
      setConfirmingSend(false);
      reportFailure(error, 'dialogs.sendingFailed');
      await continueAt(guid);
    }
  };

  return {
    savedGuid,
    saving: save.isPending,
    sending: send.isPending,
    confirmingSend,
    cancelSend: () => setConfirmingSend(false),
    saveDraft,
    requestSend,
    confirmSend,
    ensureSaved,
    continueAt,
    reportFailure,
    focusFirstInvalid,
    summary,
  };
}

export type SignFlowSubmit = ReturnType<typeof useSignFlowSubmit>;

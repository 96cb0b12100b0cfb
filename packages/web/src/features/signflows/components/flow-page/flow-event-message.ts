import { SignatureLevel, type FlowEvent } from '@esign/contract';
import type fi from '../../../../locales/fi.json';

/** The messages under signflow.timeline.operations. */
type MessageName = keyof (typeof fi)['signflow']['timeline']['operations'];

export interface FlowEventMessage {
  key: `signflow.timeline.operations.${MessageName}`;
  params: Record<string, string>;
  /** A signature level the event names; its own message key, translated before it fills {{level}}. */
  levelKey?: `signflow.signatureLevel.${SignatureLevel}`;
  /** Calendar dates (YYYY-MM-DD) the message names, formatted in the chosen language before they fill it. */
  dates?: Record<string, string>;
}

type Details = FlowEvent['Details'];

/** A detail as text, or undefined when it is missing, empty or not text. */
function textOf(details: Details, name: string): string | undefined {
  const value = details[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function message(name: MessageName, params: Record<string, string> = {}): FlowEventMessage {
  return { key: `signflow.timeline.operations.${name}`, params };
}

/** With the detail: the message that quotes it; without: the plain one. */
function withDetail(
  details: Details,
  detail: string,
  plain: MessageName,
  quoting: MessageName,
): FlowEventMessage {
  const value = textOf(details, detail);
  return value === undefined ? message(plain) : message(quoting, { [detail]: value });
}

function signedMessage(details: Details): FlowEventMessage {
  const level = textOf(details, 'level');
  if (level === undefined) return message('signed');
  const known = SignatureLevel.safeParse(level);
  if (!known.success) return message('signedAtLevel', { level });
  return {
    ...message('signedAtLevel', { level }),
    levelKey: `signflow.signatureLevel.${known.data}`,
  };
}

/** Which mail went: a signer's invitation or copy, or one to a copy recipient or viewer. */
const mailedMessages: Record<string, [MessageName, MessageName]> = {
  signedCopy: ['signedCopyMailed', 'signedCopyMailedTo'],
  copySent: ['copySentMailed', 'copySentMailedTo'],
  viewerInvitation: ['viewerMailed', 'viewerMailedTo'],
  copyFinished: ['copyFinishedMailed', 'copyFinishedMailedTo'],
};

function mailedMessage(details: Details): FlowEventMessage {
  const [plain, quoting] = mailedMessages[textOf(details, 'kind') ?? ''] ?? ['mailed', 'mailedTo'];
  return withDetail(details, 'to', plain, quoting);
}

/** The sentence that tells the sender what an audit event means; an unknown one shows its raw name. */
export function describeFlowEvent(
  event: Pick<FlowEvent, 'Operation' | 'Details'>,
): FlowEventMessage {
  const { Details: details } = event;
  switch (event.Operation) {
    case 'Sent':
      return message('sent');
    case 'Mailed':
      return mailedMessage(details);
    case 'Opened':
      return message(textOf(details, 'recipientKind') === 'viewer' ? 'viewerOpened' : 'opened');
    case 'Authenticated':
      return message('authenticated');
    case 'Authentication Failed':
      return message('authenticationFailed');
    case 'Sign':
      return signedMessage(details);
    case 'RejectSignature':
      return withDetail(details, 'comment', 'rejected', 'rejectedWithComment');
    case 'Reminded':
      return withDetail(details, 'to', 'reminded', 'remindedTo');
    case 'Cancelled':
      return withDetail(details, 'comment', 'cancelled', 'cancelledWithComment');
    case 'Finished':
      return message('finished');
    case 'Failed':
      return withDetail(details, 'reason', 'failed', 'failedWithReason');
    case 'Resumed':
      return message('resumed');
    case 'Expired':
      return message('expired');
    case 'Deadline Extended': {
      const to = textOf(details, 'to');
      return to !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(to)
        ? { ...message('deadlineExtendedTo'), dates: { to } }
        : message('deadlineExtended');
    }
    case 'Link Locked':
      return message('linkLocked');
    case 'Link Unlocked':
      return message('linkUnlocked');
    case 'Downloaded':
      if (textOf(details, 'link') === 'copyRecipient')
        return message(
          textOf(details, 'kind') === 'evidencereport'
            ? 'copyRecipientDownloadedEvidence'
            : 'copyRecipientDownloadedSigned',
        );
      return message(textOf(details, 'kind') === 'signedfile' ? 'downloadedSigned' : 'downloaded');
    case 'Deleted':
      return message(
        textOf(details, 'reason') === 'auto-delete' ? 'deletedAutomatically' : 'deleted',
      );
    case 'Archive Time Stamp Renewed':
      return message('archiveRenewed');
    default:
      return message('unknown', { operation: event.Operation });
  }
}

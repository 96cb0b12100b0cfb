import {
  calendarDate,
  code,
  finnishDate,
  link,
  linkIf,
  explainedLinkIf,
  paragraph,
  paragraphIf,
  quote,
  senderOf,
  type MailBlock,
  type MailTexts,
} from './template-blocks.ts';
import type { MailParams } from './template-params.ts';
import { hostOf } from './template-params.ts';

const howToSign: Record<MailParams['invitation']['level'], string> = {
  Low: 'To sign, open the link below. You will confirm it is you with a one-time code that we send to this e-mail address.',
  Advanced:
    'To sign, open the link below. You will identify yourself with strong electronic identification (online banking credentials or a mobile certificate), and your signature will be an advanced electronic signature.',
  Qualified:
    'To sign, open the link below. You will identify yourself with strong electronic identification, and a qualified trust service will create a qualified electronic signature for you.',
};

const automatic = paragraph(
  'This is an automatic message from the Signing portal; replies to it are not read.',
);

/** Where anyone can check the signed document's signatures (a message queued before had none). */
const checkSignatures = (url: string | undefined) =>
  explainedLinkIf(
    'Anyone can check the signatures of the signed document on the portal’s verification page.',
    'Check the signatures',
    url,
  );

function signingRequest(params: MailParams['invitation'], opening: string): MailBlock[] {
  return [
    paragraph(opening),
    ...paragraphIf(
      params.deadline,
      () => `Please sign by ${finnishDate(params.deadline ?? '', 'en-GB')}.`,
    ),
    paragraph(howToSign[params.level]),
    ...quote('Message from the sender:', params.note),
    link('Open the document for signing', params.link),
    paragraph('The link is personal: please do not forward this message.'),
    automatic,
  ];
}

/** English mail. */
export const englishMail: MailTexts = {
  invitation: (params) => ({
    subject: `Signature request: ${params.flowName}`,
    blocks: signingRequest(
      params,
      `${senderOf(params)} asks you to sign the document “${params.flowName}”.`,
    ),
  }),
  reminder: (params) => ({
    subject: `Reminder: signature request ${params.flowName}`,
    blocks: signingRequest(
      params,
      `A reminder: ${senderOf(params)} has asked you to sign the document “${params.flowName}”, and your signature is still missing.`,
    ),
  }),
  code: (params) => ({
    subject: `Your signing code for ${params.flowName}`,
    blocks: [
      paragraph(`Your one-time code for signing the document “${params.flowName}” is:`),
      code(params.code),
      paragraph(
        `The code is valid for ${params.validMinutes} minutes. If you did not ask for it, you can ignore this message.`,
      ),
      automatic,
    ],
  }),
  rejected: (params) => ({
    subject: `Signature request ended: ${params.flowName} was rejected`,
    blocks: [
      paragraph(
        `${params.signerName} rejected the document “${params.flowName}”, so the signature request has ended and no more signatures will be collected.`,
      ),
      ...quote('Their comment:', params.comment),
      ...linkIf('Open the signature request', params.link),
      automatic,
    ],
  }),
  cancelled: (params) => ({
    subject: `Signature request cancelled: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} cancelled the signature request for the document “${params.flowName}”. You no longer need to sign it, and the signing link you received no longer works.`,
      ),
      ...quote('Comment from the sender:', params.comment),
      automatic,
    ],
  }),
  finished: (params) => ({
    subject: `Signed: ${params.flowName}`,
    blocks: [
      paragraph(
        `All signers have signed the document “${params.flowName}”. The signed document is ready in the Signing portal.`,
      ),
      link('Open the signature request', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  signedCopy: (params) => ({
    subject: `Signed document: ${params.flowName}`,
    blocks: [
      paragraph(
        `All signers have signed the document “${params.flowName}” that ${senderOf(params)} sent for signing.`,
      ),
      paragraph(
        params.attached
          ? 'The signed document is attached to this message. You can also download it through the link below.'
          : 'You can download the signed document through the link below.',
      ),
      link('Download the signed document', params.link),
      paragraph(
        `The link works until ${finnishDate(params.validUntil, 'en-GB')}. After that, ask the sender for a copy.`,
      ),
      paragraph('The link is personal: please do not forward this message.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  copySent: (params) => ({
    subject: `For your information: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} has sent the document “${params.flowName}” to sign and named you its copy recipient. You do not need to do anything: you do not sign it.`,
      ),
      ...paragraphIf(
        params.deadline,
        () => `The signers are asked to sign by ${finnishDate(params.deadline ?? '', 'en-GB')}.`,
      ),
      paragraph(
        'When everyone has signed, you will get the signed document and its evidence report by e-mail.',
      ),
      ...quote('Message from the sender:', params.note),
      automatic,
    ],
  }),
  viewerInvitation: (params) => ({
    subject: `A document for you to read: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} has sent the document “${params.flowName}” to sign and named you its viewer: you can read it while it is out for signing. You do not sign it.`,
      ),
      ...quote('Message from the sender:', params.note),
      link('Read the document', params.link),
      ...paragraphIf(
        params.deadline,
        () =>
          `The link works while the signing request is open, at the latest until ${finnishDate(params.deadline ?? '', 'en-GB')}.`,
      ),
      paragraph('The link is personal: please do not forward this message.'),
      automatic,
    ],
  }),
  copyFinished: (params) => ({
    subject: `Signed document: ${params.flowName}`,
    blocks: [
      paragraph(
        `All signers have signed the document “${params.flowName}” that ${senderOf(params)} sent for signing. You get it as its copy recipient.`,
      ),
      paragraph(
        params.attached
          ? 'The signed document is attached to this message. You can also download it, and its evidence report, through the links below.'
          : 'You can download the signed document and its evidence report through the links below.',
      ),
      link('Download the signed document', params.link),
      ...linkIf('Download the evidence report', params.evidenceLink),
      paragraph(
        `The links work until ${finnishDate(params.validUntil, 'en-GB')}. After that, ask the sender for a copy.`,
      ),
      paragraph('The links are personal: please do not forward this message.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  inspector: (params) => ({
    subject: `A signed document for you to view: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} has named you the inspector of the document “${params.flowName}”. All signers have signed it, and you can view the signed document through the link below. The link lets you view it, not change it.`,
      ),
      link('View the signed document', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  failed: (params) => ({
    subject: `Processing failed: ${params.flowName}`,
    blocks: [
      paragraph(
        `Processing the signature request “${params.flowName}” failed, so it has not been completed.`,
      ),
      ...quote('Reason:', params.reason),
      paragraph('You can try again with the status check on the request’s page.'),
      link('Open the signature request', params.link),
      automatic,
    ],
  }),
  deadlineExtended: (params) => ({
    subject: `More time to sign: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} has extended the deadline of the signing request for the document “${params.flowName}”. Please sign by ${calendarDate(params.expiryDate, 'en-GB')}.`,
      ),
      link('Open the document for signing', params.link),
      paragraph('The link is personal: please do not forward this message.'),
      automatic,
    ],
  }),
  viewerDeadlineExtended: (params) => ({
    subject: `More time to read: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} has extended the deadline of the signing request for the document “${params.flowName}”, which you were sent to read. Your link works while the request is open, at the latest until the end of ${calendarDate(params.expiryDate, 'en-GB')}. You do not sign it.`,
      ),
      link('Read the document', params.link),
      paragraph('The link is personal: please do not forward this message.'),
      automatic,
    ],
  }),
  expired: (params) => ({
    subject: `Signature request expired: ${params.flowName}`,
    blocks: [
      paragraph(
        `The signature request from ${senderOf(params)} for the document “${params.flowName}” has expired: its deadline passed before everyone had signed. You no longer need to sign it, and the signing link you received no longer works.`,
      ),
      automatic,
    ],
  }),
  webhookDisabled: (params) => ({
    subject: `Webhook turned off: ${hostOf(params.url)}`,
    blocks: [
      paragraph(
        `The Signing portal turned off the webhook that sent events to ${params.url}: every delivery has failed since ${finnishDate(params.failingSince, 'en-GB')}. Check the receiving service, then turn the webhook back on on the Webhooks page, where failed deliveries can also be sent again.`,
      ),
      link('Open the Webhooks page', params.link),
      automatic,
    ],
  }),
  expiredSender: (params) => ({
    subject: `Signature request expired: ${params.flowName}`,
    blocks: [
      paragraph(
        `The deadline of the signature request “${params.flowName}” passed with ${params.signed} of ${params.total} signatures made, so the request has ended without a signed document. You can copy it as a new request and send it again.`,
      ),
      link('Open the signature request', params.link),
      automatic,
    ],
  }),
  linkLocked: (params) => ({
    subject: `Signing link locked: ${params.flowName}`,
    blocks: [
      paragraph(
        `The signing link of ${params.signerName} (${params.signerEmail}) for the document “${params.flowName}” has been locked, because the e-mail code was asked for or entered wrong too many times.`,
      ),
      paragraph(
        'If it was the signer, unlock the link on the signature request’s page: they will get their link again and can ask for a new code. If you think someone else has the link, cancel the request instead.',
      ),
      link('Open the signature request', params.link),
      automatic,
    ],
  }),
  linkUnlocked: (params) => ({
    subject: `You can sign again: ${params.flowName}`,
    blocks: [
      paragraph(
        `${params.senderName} has unlocked your signing link for the document “${params.flowName}”. Open the link and ask for a new code to sign.`,
      ),
      link('Open the document for signing', params.link),
      paragraph('The link is personal: please do not forward this message.'),
      automatic,
    ],
  }),
};

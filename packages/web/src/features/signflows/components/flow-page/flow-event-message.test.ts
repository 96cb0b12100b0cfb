import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { describeFlowEvent } from './flow-event-message.ts';

// The English and Swedish catalogues load when chosen; these tests read every language.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const event = (Operation: string, Details: Record<string, unknown> = {}) => ({
  Operation,
  Details,
});

describe('the sentence for a flow event', () => {
  it('names the address an invitation or a reminder went to', () => {
    expect(describeFlowEvent(event('Mailed', { to: 'anna@example.com' }))).toEqual({
      key: 'signflow.timeline.operations.mailedTo',
      params: { to: 'anna@example.com' },
    });
    expect(describeFlowEvent(event('Reminded', { to: 'anna@example.com' })).key).toBe(
      'signflow.timeline.operations.remindedTo',
    );
  });

  it("tells a signer's signed document apart from an invitation", () => {
    expect(
      describeFlowEvent(event('Mailed', { to: 'anna@example.com', kind: 'signedCopy' })),
    ).toEqual({
      key: 'signflow.timeline.operations.signedCopyMailedTo',
      params: { to: 'anna@example.com' },
    });
  });

  it("tells a copy recipient's and a viewer's mail, opening and downloads apart from a signer's", () => {
    const to = 'kaisa@example.com';
    const key = (operation: string, details: Record<string, unknown>) =>
      describeFlowEvent(event(operation, details)).key;
    expect(key('Mailed', { to, kind: 'copySent' })).toBe(
      'signflow.timeline.operations.copySentMailedTo',
    );
    expect(key('Mailed', { to, kind: 'viewerInvitation' })).toBe(
      'signflow.timeline.operations.viewerMailedTo',
    );
    expect(key('Mailed', { kind: 'copyFinished' })).toBe(
      'signflow.timeline.operations.copyFinishedMailed',
    );
    expect(key('Opened', { recipientKind: 'viewer' })).toBe(
      'signflow.timeline.operations.viewerOpened',
    );
    expect(key('Downloaded', { kind: 'evidencereport', link: 'copyRecipient' })).toBe(
      'signflow.timeline.operations.copyRecipientDownloadedEvidence',
    );
  });

  it('translates a known signature level and quotes an unknown one as it is', () => {
    expect(describeFlowEvent(event('Sign', { level: 'Advanced' }))).toEqual({
      key: 'signflow.timeline.operations.signedAtLevel',
      params: { level: 'Advanced' },
      levelKey: 'signflow.signatureLevel.Advanced',
    });
    expect(describeFlowEvent(event('Sign', { level: 'B-T' }))).toEqual({
      key: 'signflow.timeline.operations.signedAtLevel',
      params: { level: 'B-T' },
    });
  });

  it('quotes the comment of a rejection or cancellation and the reason of a failure', () => {
    expect(describeFlowEvent(event('RejectSignature', { comment: 'Wrong sum' })).params).toEqual({
      comment: 'Wrong sum',
    });
    expect(describeFlowEvent(event('Cancelled', { comment: 'Replaced' })).key).toBe(
      'signflow.timeline.operations.cancelledWithComment',
    );
    expect(describeFlowEvent(event('Failed', { reason: 'TSA unreachable' }))).toEqual({
      key: 'signflow.timeline.operations.failedWithReason',
      params: { reason: 'TSA unreachable' },
    });
  });

  it('falls back to the plain sentence when a detail is missing, empty or not text', () => {
    expect(describeFlowEvent(event('Mailed')).key).toBe('signflow.timeline.operations.mailed');
    expect(describeFlowEvent(event('Cancelled', { comment: ' ' })).key).toBe(
      'signflow.timeline.operations.cancelled',
    );
    expect(describeFlowEvent(event('Sign', { level: 3 })).key).toBe(
      'signflow.timeline.operations.signed',
    );
  });

  it('names the new deadline, a date the timeline formats in the chosen language', () => {
    expect(
      describeFlowEvent(event('Deadline Extended', { from: '2026-12-01', to: '2026-12-24' })),
    ).toEqual({
      key: 'signflow.timeline.operations.deadlineExtendedTo',
      params: {},
      dates: { to: '2026-12-24' },
    });
    expect(describeFlowEvent(event('Deadline Extended', { to: 'soon' })).key).toBe(
      'signflow.timeline.operations.deadlineExtended',
    );
  });

  it('shows the raw name of an operation it does not know', () => {
    expect(describeFlowEvent(event('Archived'))).toEqual({
      key: 'signflow.timeline.operations.unknown',
      params: { operation: 'Archived' },
    });
  });

  it('has a sentence in every language for each operation the server records', () => {
    const operations = [
      'Sent',
      'Mailed',
      'Opened',
      'Authenticated',
      'Authentication Failed',
      'Sign',
      'RejectSignature',
      'Reminded',
      'Cancelled',
      'Finished',
      'Failed',
      'Downloaded',
      'Deleted',
      'Archive Time Stamp Renewed',
      'Deadline Extended',
      'Expired',
      'Resumed',
      'Link Locked',
      'Link Unlocked',
    ];
    for (const operation of operations) {
      const { key } = describeFlowEvent(event(operation));
      expect(key, operation).not.toBe('signflow.timeline.operations.unknown');
      for (const language of ['fi', 'en', 'sv']) {
        expect(i18n.exists(key, { lng: language, fallbackLng: false }), `${key} ${language}`).toBe(
          true,
        );
      }
    }
  });

  it('reads as a sentence once translated', () => {
    const { key, params } = describeFlowEvent(event('Mailed', { to: 'anna@example.com' }));
    expect(i18n.t(key, { replace: params, lng: 'en' })).toBe(
      'Invitation mailed to anna@example.com',
    );
    expect(i18n.t(key, { replace: params, lng: 'fi' })).toBe(
      'Kutsu lähetetty osoitteeseen anna@example.com',
    );
  });
});

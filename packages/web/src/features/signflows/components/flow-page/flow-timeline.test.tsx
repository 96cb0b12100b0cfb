import type { FlowEventsResponse, SignFlowDetailResponse } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { flowEventsQueryOptions } from '../../api/get-flow-events.ts';
import { FlowTimeline } from './flow-timeline.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const flow: SignFlowDetailResponse = {
  Guid: 'flow-1',
  Name: 'Lease agreement',
  Status: 'Finished',
  CreationDate: '2025-01-02T10:00:00.000Z',
  SentToSignersDate: '2025-01-03T10:00:00.000Z',
  Signers: [],
  Note: null,
  SignFlowDetailsStatus: 'Finished',
  CompletionTimeUtc: '2025-01-04T10:00:00.000Z',
  LastStatusQueryTimeUtc: null,
  SignatureProcess: 'Concurrent',
  InspectorEmail: null,
  MinimumSignatureLevel: 'Advanced',
  Role: null,
  ReminderIntervalInDays: null,
  CancellationComment: null,
  ExpiryDate: null,
  CopyRecipients: [],
  Viewers: [],
  SignFileInfo: { Guid: 'file-1', FileName: 'lease.pdf' },
  AttachmentInfo: [],
  SignedFile: { Guid: 'file-2', FileName: 'lease-signed.pdf' },
  PersonalSignedFile: null,
  EvidenceReport: null,
  Language: 'en',
  FailureReason: null,
  SigningDeadline: null,
  CancelledBy: null,
  ExpiredTimeUtc: null,
};

function renderTimeline(events: FlowEventsResponse, language = 'en'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(flowEventsQueryOptions(flow.Guid).queryKey, events);
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <FlowTimeline flow={flow} />
    </QueryClientProvider>,
  );
}

const event = (Operation: string, Actor: string | null, Details: Record<string, unknown> = {}) => ({
  Id: Operation,
  Time: '2025-03-12T12:05:00Z',
  Operation,
  Actor,
  Ip: null,
  UserAgent: null,
  Details,
});

describe('the timeline of a sent flow', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('lists what happened in order, with the time, a sentence and who did it', () => {
    const html = renderTimeline({
      ChainIntact: true,
      Events: [
        event('Sent', 'Sara Sender sara@example.com'),
        event('Mailed', 'system', { to: 'anna@example.com' }),
        event('Sign', 'Anna anna@example.com', { level: 'Advanced' }),
        event('Archived', null),
      ],
    });
    expect(html).toMatch(
      /<h2 id="([^"]+)"[^>]*>Events<\/h2><ol class="flow-timeline" aria-labelledby="\1">/,
    );
    expect(html).toMatch(/<time datetime="2025-03-12T12:05:00Z"/i);
    expect(html).toContain('Sent for signing');
    expect(html).toContain('By Sara Sender sara@example.com');
    expect(html).toContain('Invitation mailed to anna@example.com');
    expect(html).toContain('By the system');
    expect(html).toContain('Signed (Advanced electronic signature)');
    expect(html).toContain('Archived');
    expect(html).not.toContain('audit-chain-broken');
  });

  it('writes the new deadline of an extension as the language writes dates', () => {
    const extended = event('Deadline Extended', 'Sara Sender sara@example.com', {
      from: '2025-03-20',
      to: '2025-04-02',
    });
    const inFinnish = renderTimeline({ ChainIntact: true, Events: [extended] }, 'fi');
    expect(inFinnish).toContain('Määräaikaa jatkettiin 2.4.2025 asti');
    const inSwedish = renderTimeline({ ChainIntact: true, Events: [extended] }, 'sv');
    expect(inSwedish).toContain('Tidsfristen förlängdes till 2025-04-02');
  });

  it('warns when the audit trail was altered', () => {
    const html = renderTimeline({ ChainIntact: false, Events: [event('Sent', 'system')] }, 'fi');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Tapahtumahistoriaa on muutettu jälkikäteen');
  });
});

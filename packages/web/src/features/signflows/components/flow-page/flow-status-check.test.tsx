import type { SignFlowDetailResponse } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { flowFixture } from '../../utils/detail-fixtures.ts';
import { FlowStatusCheck } from './flow-status-check.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const sentFlow = flowFixture({ SignFileInfo: { Guid: 'file-1', FileName: 'lease.pdf' } });

function renderCheck(flow: SignFlowDetailResponse, language = 'en'): string {
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <FlowStatusCheck flow={flow} />
    </QueryClientProvider>,
  );
}

describe('the status check of a sent flow', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('offers a status check while the flow is out for signing', () => {
    const html = renderCheck(sentFlow);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="check-status"[^>]*>Check status</);
    expect(html).not.toContain('flow-failure');
  });

  it('tells why processing failed and offers to check and retry', () => {
    const html = renderCheck(
      { ...sentFlow, Status: 'Error', FailureReason: 'Timestamp service unreachable' },
      'fi',
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(
      'Järjestelmän ilmoitus (englanniksi): <span lang="en">Timestamp service unreachable</span>',
    );
    expect(html).toContain('>Tarkista tila ja yritä uudelleen</button>');
  });

  it('says so when a failure has no recorded reason', () => {
    expect(renderCheck({ ...sentFlow, Status: 'Error' })).toContain('No reason was recorded.');
  });

  it('shows when the status was last checked', () => {
    const html = renderCheck({ ...sentFlow, LastStatusQueryTimeUtc: '2025-03-12T12:05:00Z' });
    expect(html).toContain('Status last checked 12 Mar 2025');
  });

  it('tells the sender the signers’ deadline while the flow is out, in their language', () => {
    const flow = { ...sentFlow, SigningDeadline: '2025-02-02T10:00:00.000Z' };
    expect(renderCheck(flow)).toContain(
      'The signers have until 2 Feb 2025 to sign; after that the request expires.',
    );
    expect(renderCheck(flow, 'fi')).toContain('Allekirjoittajilla on aikaa 2.2.2025 asti');
    expect(renderCheck(sentFlow)).not.toContain('signing-deadline');
  });

  it('shows the chosen last day to sign as a calendar date, with the sender’s way to extend it', () => {
    const flow = {
      ...sentFlow,
      ExpiryDate: '2025-02-02',
      SigningDeadline: '2025-02-02T21:59:59.999Z',
    };
    const english = renderCheck(flow);
    expect(english).toContain('The signers have until 2 Feb 2025 to sign');
    expect(english).toMatch(
      /<button type="button"[^>]*data-testid="extend-deadline"[^>]*>Extend deadline</,
    );
    expect(renderCheck(flow, 'fi')).toContain('>Jatka määräaikaa</button>');
    const swedish = renderCheck(flow, 'sv');
    expect(swedish).toContain('2025-02-02');
    expect(swedish).toContain('>Förläng tidsfristen</button>');
    // The form opens on the button; its status line is there for the result to be announced.
    expect(english).not.toContain('<form');
    expect(english).toContain('role="status"');
    expect(renderCheck({ ...flow, Status: 'Error' })).not.toContain('extend-deadline');
  });

  it('shows nothing for a flow that ended otherwise', () => {
    expect(renderCheck({ ...sentFlow, Status: 'Finished' })).toBe('');
    expect(renderCheck({ ...sentFlow, Status: 'Cancelled' })).toBe('');
  });
});

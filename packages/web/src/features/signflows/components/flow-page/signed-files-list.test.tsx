import type { SignFlowDetailResponse } from '@esign/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { flowFixture } from '../../utils/detail-fixtures.ts';
import { SignedFilesList } from './signed-files-list.tsx';

beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

function render(shown: SignFlowDetailResponse, language: string): string {
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(<SignedFilesList flow={shown} />);
}

const finished = flowFixture({
  Status: 'Finished',
  SignedFile: { Guid: 'signed-1', FileName: 'lease.pdf' },
  EvidenceReport: { Guid: 'evidence-1', FileName: 'evidence-report.pdf' },
});

describe('the signed files on the flow page', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it.each([
    ['fi', 'Todisteraportti'],
    ['en', 'Evidence report'],
    ['sv', 'Bevisrapport'],
  ])('offers the evidence report on its own, named in %s', (language, label) => {
    const html = render(finished, language);
    expect(html).toContain(
      `${label}: <a href="/api/esign/SignFlows/flow-1/evidencereport/evidence-1"`,
    );
    expect(html).toMatch(/download="evidence-report.pdf"[^>]*data-testid="evidence-report"/);
  });

  it('shows no evidence link before the flow has one', () => {
    const html = render(
      flowFixture({ SignedFile: { Guid: 'signed-1', FileName: 'lease.pdf' } }),
      'en',
    );
    expect(html).toContain('data-testid="signed-file"');
    expect(html).not.toContain('evidence');
  });
});

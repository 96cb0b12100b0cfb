import type { SignFlowDetailResponse } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastContext } from '../../../../components/toast/toast-context.ts';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { flowFixture, signerFixture } from '../../utils/detail-fixtures.ts';
import { FlowPageSigners } from './flow-page-signers.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const signer = signerFixture;
const flow = flowFixture;

function render(shown: SignFlowDetailResponse, language = 'en'): string {
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={{ showToast: () => undefined }}>
        <FlowPageSigners flow={shown} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the sender's notice of locked signing links on the flow page", () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('names each locked signer still to sign and offers to unlock their link', () => {
    const html = render(
      flow({
        Signers: [
          signer({ LinkLocked: true }),
          signer({ Guid: 'signer-2', Name: 'Matti', Email: 'matti@example.com' }),
        ],
      }),
    );
    expect(html.match(/data-testid="locked-link"/g)).toHaveLength(1);
    expect(html).toContain('The signing link of Maija Meikäläinen is locked');
    expect(html).toMatch(
      /<button type="button"[^>]*data-testid="unlock-signer"[^>]*>Unlock the link</,
    );
  });

  it('offers no unlocking once the flow has ended or the signer has signed', () => {
    const cancelled = render(
      flow({ Status: 'Cancelled', Signers: [signer({ LinkLocked: true })] }),
    );
    expect(cancelled).toContain('data-testid="flow-signer-0"');
    expect(cancelled).not.toContain('locked-link');
    const signed = render(flow({ Signers: [signer({ LinkLocked: true, Status: 'Signed' })] }));
    expect(signed).toContain('data-testid="flow-signer-0"');
    expect(signed).not.toContain('locked-link');
  });
});

import type { SignerTask } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { signerTaskQueryOptions } from '../api/get-signer-task.ts';
import { CodeIdentification } from './code-identification.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const task: SignerTask = {
  FlowName: 'Lease agreement',
  SenderName: 'Ulla User',
  SenderOrganisation: 'Demo Organisation',
  Note: null,
  SignatureLevel: 'Low',
  SignatureProcess: 'Concurrent',
  Language: 'en',
  SignerName: 'Maija Meikäläinen',
  SignerEmailHint: 'm***@example.com',
  State: 'Open',
  Authenticated: false,
  LinkLocked: false,
  NextCodeInSeconds: 0,
  CompletedAt: null,
  Signers: [],
  Document: null,
  Attachments: [],
  SignedCopy: null,
};

/** The identification step as the page renders it, the task just loaded. */
function render(shown: SignerTask, language = 'en'): string {
  void i18n.changeLanguage(language);
  const client = new QueryClient();
  client.setQueryData(signerTaskQueryOptions('token').queryKey, shown);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <CodeIdentification token="token" task={shown} />
    </QueryClientProvider>,
  );
}

describe('identification with an e-mail code', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('offers a code at once when there is no wait', () => {
    const html = render(task);
    expect(html).toMatch(
      /<button type="button"[^>]*data-testid="signing-send-code"[^>]*>Send me a code</,
    );
    expect(html).not.toContain('signing-next-code');
  });

  it('tells how long until the next code and keeps the button off until then', () => {
    const html = render({ ...task, NextCodeInSeconds: 90 });
    expect(html).toMatch(/<button type="button" disabled=""[^>]*data-testid="signing-send-code"/);
    expect(html).toContain('You can ask for a new code in 2 minutes.');
    expect(render({ ...task, NextCodeInSeconds: 25 }, 'fi')).toContain(
      'Voit pyytää uuden koodin 25 sekunnin kuluttua.',
    );
  });

  it('shows a locked link as locked, with no way to ask for a code', () => {
    for (const language of ['fi', 'en', 'sv']) {
      const html = render({ ...task, LinkLocked: true }, language);
      expect(html).toContain('data-testid="signing-link-locked"');
      expect(html).not.toContain('signing-send-code');
    }
    expect(render({ ...task, LinkLocked: true })).toContain('The sender has been told by e-mail.');
  });
});

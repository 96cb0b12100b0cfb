import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context.ts';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { frontpageInfoQueryOptions } from '../../frontpage/api/get-frontpage-info.ts';
import { FrontpageInfoEditor } from './frontpage-info-editor.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

describe('the front-page text editor', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('edits the text the front page shows, from the one cache entry both read', () => {
    const client = new QueryClient();
    client.setQueryData(commonConfigQueryOptions().queryKey, {
      ...defaultCommonConfig('http://localhost'),
      IsFrontpageInfoEditable: true,
    });
    client.setQueryData(frontpageInfoQueryOptions().queryKey, '# Tervetuloa');
    void i18n.changeLanguage('en');
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <ToastContext value={{ showToast: () => undefined }}>
          <FrontpageInfoEditor />
        </ToastContext>
      </QueryClientProvider>,
    );
    // The text area starts from the stored text: its count shows the text's 12 characters.
    expect(html).toContain('data-testid="frontpage-info-text"');
    expect(html).toContain('>12 / 5000 characters<');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { FrontpageInfoPreview } from './frontpage-info-preview.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

/** The preview once everything it loads (the Markdown renderer) has come. */
const render = async (text: string) => {
  await i18n.changeLanguage('en');
  const { prelude } = await prerender(<FrontpageInfoPreview text={text} />);
  return new Response(prelude).text();
};

describe('the front-page text preview', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('loads the Markdown renderer only when there is a text to show', async () => {
    await i18n.changeLanguage('en');
    const first = renderToStaticMarkup(<FrontpageInfoPreview text="# Welcome" />);
    expect(first).toContain('Loading');
    expect(first).not.toContain('<h2>Welcome</h2>');
    expect(await render('# Welcome')).toContain('<h2>Welcome</h2>');
  });

  it('shows headings one level below the page’s and working links', async () => {
    const html = await render('# Welcome\n\nRead the [instructions](https://example.fi/ohje).');
    expect(html).toContain('<h2>Welcome</h2>');
    expect(html).toContain('<a href="https://example.fi/ohje">instructions</a>');
  });

  it('drops raw HTML, script links and images, as the front page does', async () => {
    const html = await render(
      '<script>alert(1)</script>\n\n[click](javascript:alert(1)) ![x](https://example.fi/x.png)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    expect(html).toContain('>click</');
  });

  it('shows the default text when the text is empty', async () => {
    const html = await render('   ');
    expect(html).toContain('The text is empty, so the front page shows the default text:');
    expect(html).toContain('Welcome to the signing portal.');
  });
});

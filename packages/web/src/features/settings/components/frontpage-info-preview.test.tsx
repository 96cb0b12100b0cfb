import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { FrontpageInfoPreview } from './frontpage-info-preview.tsx';

const render = (text: string) => {
  void i18n.changeLanguage('en');
  return renderToStaticMarkup(<FrontpageInfoPreview text={text} />);
};

describe('the front-page text preview', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('shows headings one level below the page’s and working links', () => {
    const html = render('# Welcome\n\nRead the [instructions](https://example.fi/ohje).');
    expect(html).toContain('<h2>Welcome</h2>');
    expect(html).toContain('<a href="https://example.fi/ohje">instructions</a>');
  });

  it('drops raw HTML, script links and images, as the front page does', () => {
    const html = render(
      '<script>alert(1)</script>\n\n[click](javascript:alert(1)) ![x](https://example.fi/x.png)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
  });

  it('shows the default text when the text is empty', () => {
    const html = render('   ');
    expect(html).toContain('The text is empty, so the front page shows the default text:');
    expect(html).toContain('Welcome to the signing portal.');
  });
});

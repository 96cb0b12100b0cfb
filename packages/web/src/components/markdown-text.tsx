import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from '../lib/safe-url.ts';

// The page owns the one h1, so the text's headings start one level lower.
const shiftedHeadings: Components = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };

/** The renderer behind SafeMarkdown, in a chunk of its own with react-markdown. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      urlTransform={safeLinkUrl}
      components={shiftedHeadings}
      disallowedElements={['img']}
    >
      {text}
    </Markdown>
  );
}

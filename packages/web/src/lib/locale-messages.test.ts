import { describe, expect, it } from 'vitest';
import { expandDottedKeys } from './locale-messages.ts';

describe("an operator's extra messages", () => {
  it('are expanded from flat dotted keys into the nested catalogue shape', () => {
    expect(
      expandDottedKeys({
        'footer.privacyPolicy.text': 'Privacy',
        footer: { privacyPolicy: { url: 'https://example.org/privacy' } },
        'frontpage.title': 'Our portal',
      }),
    ).toEqual({
      footer: { privacyPolicy: { text: 'Privacy', url: 'https://example.org/privacy' } },
      frontpage: { title: 'Our portal' },
    });
  });

  it('drop values that are not text', () => {
    expect(expandDottedKeys({ a: 1, b: ['x'], c: null, d: { e: true, f: 'kept' } })).toEqual({
      d: { f: 'kept' },
    });
  });
});

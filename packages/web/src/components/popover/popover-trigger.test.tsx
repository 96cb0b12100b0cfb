import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpButton } from './help-button.tsx';
import { PopoverTrigger } from './popover-trigger.tsx';

type OverlayProps = ComponentProps<typeof OverlayTrigger>;

// A server render never opens an overlay, so the trigger's settings are read where they arrive.
const received = vi.hoisted((): OverlayProps[] => []);
vi.mock('react-bootstrap/OverlayTrigger', () => ({
  default: (props: OverlayProps) => {
    received.push(props);
    return typeof props.children === 'function' ? null : props.children;
  },
}));

function lastOverlay(): OverlayProps {
  const props = received.at(-1);
  if (props === undefined) throw new Error('no overlay was rendered');
  return props;
}

beforeEach(() => {
  received.length = 0;
});

describe('a popover', () => {
  it('opens after the default delay of 50 ms, on hover or focus', () => {
    const html = renderToStaticMarkup(
      <PopoverTrigger content="Help text">
        <button type="button">Info</button>
      </PopoverTrigger>,
    );
    expect(html).toBe('<button type="button">Info</button>');
    expect(lastOverlay()).toMatchObject({
      delay: 50,
      trigger: ['hover', 'focus'],
      rootClose: true,
    });
  });

  it('keeps the 50 ms delay for a help button opened by a click', () => {
    renderToStaticMarkup(
      <HelpButton label="Text formatting help">Use # for a heading.</HelpButton>,
    );
    expect(lastOverlay()).toMatchObject({ delay: 50, trigger: 'click', rootClose: true });
  });
});

import { uiTiming } from '@esign/contract';
import { useId, type ReactElement, type ReactNode } from 'react';
import OverlayTrigger, { type OverlayTriggerType } from 'react-bootstrap/OverlayTrigger';
import Popover from 'react-bootstrap/Popover';

interface PopoverTriggerProps {
  title?: string;
  content: ReactNode;
  /** The one element that opens the popover; it must be focusable. */
  children: ReactElement;
  trigger?: OverlayTriggerType | OverlayTriggerType[];
}

/** A popover shown after the standard 50 ms delay (SPEC §9); clicks outside or Escape close it. */
export function PopoverTrigger({
  title,
  content,
  children,
  trigger = ['hover', 'focus'],
}: PopoverTriggerProps) {
  const id = useId();
  const popover = (
    <Popover id={id}>
      {title !== undefined && <Popover.Header as="p">{title}</Popover.Header>}
      <Popover.Body>{content}</Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger={trigger}
      placement="auto"
      delay={uiTiming.popoverDelayMs}
      rootClose
      overlay={popover}
    >
      {children}
    </OverlayTrigger>
  );
}

import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { PopoverTrigger } from './popover-trigger.tsx';

interface HelpButtonProps {
  /** The button's accessible name, e.g. 'Text formatting help'. */
  label: string;
  title?: string;
  children: ReactNode;
}

/** A small '?' button that opens help text; click or Enter opens it, Escape or a click outside closes it. */
export function HelpButton({ label, title, children }: HelpButtonProps) {
  return (
    <PopoverTrigger title={title} content={children} trigger="click">
      <Button variant="outline-secondary" size="sm" className="help-button" aria-label={label}>
        ?
      </Button>
    </PopoverTrigger>
  );
}

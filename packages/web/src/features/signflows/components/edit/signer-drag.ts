import { useRef, useState, type DragEvent } from 'react';
import { dropTarget } from './signer-order.ts';
import type { SignerRowDrag } from './signer-row.tsx';

const dragType = 'application/x-esign-signer';

/** HTML5 drag and drop of signer rows by their handles; the keyboard uses the move buttons. */
export function useSignerDrag(moveSigner: (from: number, to: number) => void) {
  // A ref, not state: the first dragover can come before React has rendered the drag's start.
  const from = useRef<number | undefined>(undefined);
  const [over, setOver] = useState<{ index: number; place: 'before' | 'after' }>();

  const reset = () => {
    from.current = undefined;
    setOver(undefined);
  };

  const rowProps = (index: number): SignerRowDrag => ({
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(dragType, String(index));
      const row = (event.currentTarget as HTMLElement).closest('li');
      if (row) event.dataTransfer.setDragImage(row, 16, 16);
      from.current = index;
    },
    onDragOver: (event: DragEvent<HTMLLIElement>) => {
      if (from.current === undefined) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const box = event.currentTarget.getBoundingClientRect();
      const place = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
      if (over?.index !== index || over.place !== place) setOver({ index, place });
    },
    onDrop: (event: DragEvent) => {
      const start = from.current;
      if (start === undefined) return;
      event.preventDefault();
      const box = event.currentTarget.getBoundingClientRect();
      const place = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
      const to = dropTarget(start, index, place);
      if (to !== start) moveSigner(start, to);
      reset();
    },
    onDragEnd: reset,
    dropPlace: over?.index === index ? over.place : undefined,
  });

  return { rowProps };
}

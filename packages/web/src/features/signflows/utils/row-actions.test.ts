import { describe, expect, it } from 'vitest';
import { rowActionsFor } from './row-actions.ts';

describe('the actions of a row', () => {
  it('let a draft be edited, copied and deleted', () => {
    expect(rowActionsFor('Draft')).toEqual(['edit', 'copy', 'delete']);
  });

  it('let a sent flow be viewed, copied, cancelled and its signing links copied, but not deleted', () => {
    expect(rowActionsFor('Sent')).toEqual(['view', 'copy', 'cancel', 'link']);
  });

  it.each(['Finished', 'Rejected', 'Cancelled', 'Error'] as const)(
    'let an ended flow (%s) be viewed, copied and deleted, but not edited or cancelled',
    (status) => {
      expect(rowActionsFor(status)).toEqual(['view', 'copy', 'delete']);
    },
  );
});

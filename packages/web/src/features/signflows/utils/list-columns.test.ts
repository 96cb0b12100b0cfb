import { SignFlowSortColumn } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import {
  cardDatesOf,
  choosableColumns,
  columnChoiceKey,
  defaultColumnsOf,
  parseColumnChoice,
  shownColumnsOf,
} from './list-columns.ts';
import { statusViewNames } from './signflow-list-url.ts';

describe('the columns of the list', () => {
  it('offer every one of SPEC’s nine sortable columns: the name always, the rest to choose', () => {
    expect(['Name', ...choosableColumns.filter((column) => column !== 'Signers')].sort()).toEqual(
      [...SignFlowSortColumn.options].sort(),
    );
  });

  it('show in each view by default the dates that can hold a value there', () => {
    expect(defaultColumnsOf('drafts')).toEqual([
      'Status',
      'Signers',
      'CreationDate',
      'LastModifiedDate',
      'AutoDeleteDate',
    ]);
    expect(defaultColumnsOf('sent')).toContain('SentToSignersDate');
    expect(defaultColumnsOf('finished')).toContain('FinishedDate');
    expect(defaultColumnsOf('rejected')).toContain('RejectedDate');
    expect(defaultColumnsOf('canceled')).toContain('CancelledDate');
    for (const view of statusViewNames) {
      const columns = defaultColumnsOf(view);
      if (view !== 'finished') expect(columns, view).not.toContain('FinishedDate');
      if (view !== 'rejected') expect(columns, view).not.toContain('RejectedDate');
      if (view !== 'canceled') expect(columns, view).not.toContain('CancelledDate');
    }
    expect(defaultColumnsOf('drafts')).not.toContain('SentToSignersDate');
  });

  it('follow the user’s choice for a view and keep the table’s order', () => {
    const choice = { drafts: ['AutoDeleteDate', 'Status'] as const };
    expect(shownColumnsOf('drafts', { drafts: [...choice.drafts] }, 'Name')).toEqual([
      'Status',
      'AutoDeleteDate',
    ]);
    expect(shownColumnsOf('sent', { drafts: [...choice.drafts] }, 'Name')).toEqual(
      defaultColumnsOf('sent'),
    );
  });

  it('always show the column the list is sorted by, chosen or not', () => {
    expect(shownColumnsOf('drafts', {}, 'FinishedDate')).toContain('FinishedDate');
    expect(shownColumnsOf('drafts', { drafts: [] }, 'Status')).toEqual(['Status']);
  });

  it('give each card the view’s date and the sorted date when that is another', () => {
    expect(cardDatesOf('finished', 'Name')).toEqual(['FinishedDate']);
    expect(cardDatesOf('finished', 'FinishedDate')).toEqual(['FinishedDate']);
    expect(cardDatesOf('all', 'CreationDate')).toEqual(['LastModifiedDate', 'CreationDate']);
  });

  it('are kept per user, and a stored choice that cannot be read counts as none', () => {
    expect(columnChoiceKey('u-1')).not.toBe(columnChoiceKey('u-2'));
    expect(parseColumnChoice('{"sent":["Status","FinishedDate"]}')).toEqual({
      sent: ['Status', 'FinishedDate'],
    });
    expect(parseColumnChoice(null)).toEqual({});
    expect(parseColumnChoice('not json')).toEqual({});
    expect(parseColumnChoice('{"sent":["Password"]}')).toEqual({});
    expect(parseColumnChoice('{"nowhere":["Status"]}')).toEqual({});
  });
});

import { defaultSignFlowListQuery } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import {
  changeListState,
  countPages,
  defaultListState,
  parseListState,
  toApiQuery,
  toSearchParams,
  type ListState,
} from './signflow-list-url.ts';

const read = (query: string) => parseListState(new URLSearchParams(query));

describe('the list state in the query string', () => {
  it('starts from all flows, the latest change first, 20 to a page', () => {
    expect(read('')).toEqual({
      view: 'all',
      q: '',
      sort: 'LastModifiedDate',
      order: 'desc',
      page: 1,
      pageSize: 20,
      batch: '',
    });
  });

  it('reads a view, a search, a sort, a page and a page size', () => {
    expect(read('view=drafts&q=%20lease%20&sort=Name&order=asc&page=3&pageSize=50')).toEqual({
      view: 'drafts',
      q: 'lease',
      sort: 'Name',
      order: 'asc',
      page: 3,
      pageSize: 50,
      batch: '',
    });
  });

  it('falls back to the default for anything it cannot read', () => {
    expect(read('view=archived&sort=Owner&order=up&page=0&pageSize=7&constructor=1')).toEqual(
      defaultListState,
    );
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('view=toString').view).toBe('all');
  });

  it('writes only what differs from the default, so the plain list has a plain URL', () => {
    expect(toSearchParams(defaultListState).toString()).toBe('');
    const state: ListState = { ...defaultListState, view: 'sent', q: 'å b', page: 2 };
    expect(toSearchParams(state).toString()).toBe('view=sent&q=%C3%A5+b&page=2');
  });

  it('reads back exactly what it wrote', () => {
    const state: ListState = {
      view: 'canceled',
      q: 'contract 2025',
      sort: 'AutoDeleteDate',
      order: 'asc',
      page: 4,
      pageSize: 100,
      batch: 'b-1',
    };
    expect(parseListState(toSearchParams(state))).toEqual(state);
  });
});

describe('the batch filter', () => {
  it('asks the API for one batch’s flows and starts again from the first page when it goes', () => {
    const state: ListState = { ...defaultListState, batch: 'b-1', page: 3 };
    expect(toApiQuery(state)).toMatchObject({ batch: 'b-1' });
    expect(toApiQuery(defaultListState)).not.toHaveProperty('batch');
    expect(changeListState(state, { batch: '' })).toMatchObject({ batch: '', page: 1 });
  });
});

describe('the API query for a list state', () => {
  it('asks for the view’s status and one page in the chosen order', () => {
    expect(toApiQuery({ ...defaultListState, view: 'canceled', q: 'x', page: 2 })).toEqual({
      q: 'x',
      status: 'Cancelled',
      sort: 'LastModifiedDate',
      order: 'desc',
      page: 2,
      pageSize: 20,
    });
  });

  it('asks the plain list for exactly the contract’s default query', () => {
    const { status, sort, order, page, pageSize } = defaultSignFlowListQuery;
    expect(toApiQuery(defaultListState)).toEqual({ status, sort, order, page, pageSize });
  });

  it('leaves out an empty search and asks for every status in the all view', () => {
    const query = toApiQuery(defaultListState);
    expect(query).not.toHaveProperty('q');
    expect(query.status).toBe('all');
  });

  it('maps each view to the status the server knows', () => {
    const statuses = (['drafts', 'sent', 'finished', 'rejected'] as const).map(
      (view) => toApiQuery({ ...defaultListState, view }).status,
    );
    expect(statuses).toEqual(['Draft', 'Sent', 'Finished', 'Rejected']);
  });
});

describe('changing the list state', () => {
  const onPageThree: ListState = { ...defaultListState, page: 3 };

  it('goes back to the first page for a new view, search, sort or page size', () => {
    expect(changeListState(onPageThree, { view: 'drafts' }).page).toBe(1);
    expect(changeListState(onPageThree, { q: 'new' }).page).toBe(1);
    expect(changeListState(onPageThree, { sort: 'Name', order: 'asc' }).page).toBe(1);
    expect(changeListState(onPageThree, { pageSize: 50 }).page).toBe(1);
  });

  it('keeps the page when nothing else changes', () => {
    expect(changeListState(onPageThree, { view: 'all' }).page).toBe(3);
    expect(changeListState(onPageThree, { page: 5 }).page).toBe(5);
  });
});

describe('the number of pages', () => {
  it('is enough for the total and never less than one', () => {
    expect(countPages(0, 20)).toBe(1);
    expect(countPages(20, 20)).toBe(1);
    expect(countPages(21, 20)).toBe(2);
    expect(countPages(120, 50)).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import {
  defaultSignFlowListQuery,
  maxPageSize,
  resolveSignFlowListQuery,
  SignFlowListQuery,
} from './signflow-list.ts';

const resolveText = (text: string) =>
  resolveSignFlowListQuery(SignFlowListQuery.parse(Object.fromEntries(new URLSearchParams(text))));

describe('resolving a list query', () => {
  it('answers every flow, latest change first, when called without any list key', () => {
    expect(resolveSignFlowListQuery({})).toEqual({
      q: '',
      status: 'all',
      sort: 'LastModifiedDate',
      order: 'desc',
      batch: null,
      paging: null,
    });
  });

  it('lists only the flows of a bulk-send batch when one is named', () => {
    expect(resolveText('batch=b1')).toMatchObject({ batch: 'b1', paging: { page: 1 } });
    expect(resolveText('q=x').batch).toBeNull();
  });

  it('asks for the default page as soon as any one list key is given', () => {
    const one = { page: 1, pageSize: defaultSignFlowListQuery.pageSize };
    for (const text of ['q=x', 'q=', 'status=Sent', 'sort=Name', 'order=asc', 'page=1']) {
      expect(resolveText(text).paging, text).toEqual(one);
    }
    expect(resolveText('pageSize=7').paging).toEqual({ page: 1, pageSize: 7 });
    expect(resolveText('q=x&page=3').paging).toEqual({ ...one, page: 3 });
  });

  it('keeps the search and filter it was given', () => {
    expect(resolveText('q=%20lease%20&status=Draft')).toMatchObject({
      q: 'lease',
      status: 'Draft',
    });
  });

  it('sorts a named column from the top unless an order is given', () => {
    expect(resolveText('sort=Name')).toMatchObject({ sort: 'Name', order: 'asc' });
    expect(resolveText('sort=Name&order=desc')).toMatchObject({ sort: 'Name', order: 'desc' });
    expect(resolveText('order=asc')).toMatchObject({ sort: 'LastModifiedDate', order: 'asc' });
  });

  it('ignores keys the list does not know, so they leave the bare call bare', () => {
    expect(resolveText('constructor=1&foo=bar').paging).toBeNull();
  });
});

describe('the list query schema', () => {
  it(`refuses a page size below 1, above ${maxPageSize} or not a whole number`, () => {
    for (const pageSize of ['0', String(maxPageSize + 1), '2.5', 'abc']) {
      expect(SignFlowListQuery.safeParse({ pageSize }).success, pageSize).toBe(false);
    }
    expect(SignFlowListQuery.safeParse({ pageSize: String(maxPageSize) }).success).toBe(true);
  });

  it('refuses a page below 1', () => {
    expect(SignFlowListQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});

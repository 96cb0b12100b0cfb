import { defaultSignFlowListQuery, maxPageSize, type SignFlowListItem } from '@esign/contract';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/http/request-context.ts';
import { listSignFlows } from '../src/signflows/signflow-list.service.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
type Item = SignFlowListItem;
const { pageSize: defaultPageSize } = defaultSignFlowListQuery;

describe.each(databaseKinds)('the list of sign flows on %s', (kind) => {
  const context = useTestApp(kind);
  let browser: TestClient;
  const names = Array.from(
    { length: 25 },
    (_, index) => `Sopimus ${String(index + 1).padStart(2, '0')}`,
  );

  beforeAll(async () => {
    browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    for (const name of names) await browser.post(flows, { Name: name });
    await browser.post(flows, { Name: 'Alennus 50% kaikesta' });
    await browser.post(flows, { Name: 'Alennus 5 euroa' });
    // Two flows in other states, set directly: sending is covered elsewhere.
    const db = context.database.handle.db;
    await db
      .updateTable('sign_flows')
      .set({ status: 'Sent', sent_at: new Date().toISOString() })
      .where('name', '=', 'Sopimus 03')
      .execute();
    await db
      .updateTable('sign_flows')
      .set({ status: 'Finished', finished_at: new Date().toISOString() })
      .where('name', '=', 'Sopimus 07')
      .execute();
  });

  /** The signed-in demo user as a route would hand them to the service. */
  const demoUser = async (): Promise<SessionUser> => {
    const row = await context.database.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      organisation: null,
      title: null,
      isAdmin: false,
      groupIds: [],
    };
  };

  const page = async (query: string) =>
    (await browser.get(`${flows}?${query}`)).json() as {
      Items: Item[];
      Total: number;
      Page: number;
      PageSize: number;
    };

  it('answers every flow as a bare list when called without parameters', async () => {
    const response = await browser.get(flows);
    const items = response.json() as Item[];
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(27);
    expect(Object.keys(items[0] ?? {})).toEqual(
      expect.arrayContaining([
        'Guid',
        'Name',
        'Status',
        'CreationDate',
        'LastModifiedDate',
        'SentToSignersDate',
        'CancelledDate',
        'FinishedDate',
        'RejectedDate',
        'AutoDeleteDate',
        'ExpiryDate',
      ]),
    );
  });

  it('pages in the database and tells the total', async () => {
    const third = await page('sort=Name&order=asc&page=3&pageSize=10');
    expect(third.Total).toBe(27);
    expect(third.Page).toBe(3);
    expect(third.Items.map((item) => item.Name)).toEqual([
      'Sopimus 19',
      'Sopimus 20',
      'Sopimus 21',
      'Sopimus 22',
      'Sopimus 23',
      'Sopimus 24',
      'Sopimus 25',
    ]);
    const beyond = await page('page=9&pageSize=10');
    expect(beyond.Items).toEqual([]);
    expect(beyond.Total).toBe(27);
  });

  it('sorts by name both ways, case-insensitively', async () => {
    const ascending = await page('sort=Name&order=asc&pageSize=3');
    expect(ascending.Items.map((item) => item.Name)).toEqual([
      'Alennus 5 euroa',
      'Alennus 50% kaikesta',
      'Sopimus 01',
    ]);
    const descending = await page('sort=Name&order=desc&pageSize=2');
    expect(descending.Items.map((item) => item.Name)).toEqual(['Sopimus 25', 'Sopimus 24']);
  });

  it('keeps empty dates last whichever way a date column is sorted', async () => {
    for (const order of ['asc', 'desc']) {
      const sent = await page(`sort=SentToSignersDate&order=${order}&pageSize=50`);
      expect(sent.Items[0]?.Name).toBe('Sopimus 03');
    }
  });

  it('searches names, treating % and _ as text', async () => {
    expect((await page('q=sopimus 1')).Items.map((item) => item.Name).sort()).toEqual([
      'Sopimus 10',
      'Sopimus 11',
      'Sopimus 12',
      'Sopimus 13',
      'Sopimus 14',
      'Sopimus 15',
      'Sopimus 16',
      'Sopimus 17',
      'Sopimus 18',
      'Sopimus 19',
    ]);
    expect((await page(`q=${encodeURIComponent('50%')}`)).Items.map((item) => item.Name)).toEqual([
      'Alennus 50% kaikesta',
    ]);
    expect((await page('q=ei-mitään-tällaista')).Total).toBe(0);
  });

  it('filters by status view', async () => {
    expect((await page('status=Sent')).Items.map((item) => item.Name)).toEqual(['Sopimus 03']);
    expect((await page('status=Finished')).Items.map((item) => item.Name)).toEqual(['Sopimus 07']);
    expect((await page('status=Draft')).Total).toBe(25);
    expect((await page('status=all')).Total).toBe(27);
  });

  it('refuses a page size over 200 or an unknown sort column', async () => {
    expect((await browser.get(`${flows}?pageSize=500`)).statusCode).toBe(400);
    expect((await browser.get(`${flows}?sort=Password`)).statusCode).toBe(400);
  });

  it('answers a search alone with the contract’s default page, the latest change first', async () => {
    const first = await page('q=sopimus');
    expect(first).toMatchObject({ Total: 25, Page: 1, PageSize: defaultPageSize });
    expect(first.Items).toHaveLength(defaultPageSize);
    const dates = first.Items.map((item) => item.LastModifiedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await page('q=sopimus&page=2');
    expect(second).toMatchObject({ Total: 25, Page: 2, PageSize: defaultPageSize });
    expect(second.Items).toHaveLength(25 - defaultPageSize);
    const seen = [...first.Items, ...second.Items].map((item) => item.Name);
    expect(seen.sort()).toEqual(names);
  });

  it('answers the default page for any one list key, however few flows match', async () => {
    for (const query of ['status=all', 'sort=Name', 'order=asc', 'page=1', 'q=']) {
      const one = await page(query);
      expect(one, query).toMatchObject({ Total: 27, Page: 1, PageSize: defaultPageSize });
      expect(one.Items, query).toHaveLength(defaultPageSize);
    }
    expect(await page('q=alennus')).toMatchObject({ Total: 2, PageSize: defaultPageSize });
  });

  it('keeps the bare list whole, in the order of the pages, ignoring keys it does not know', async () => {
    const bare = (await browser.get(flows)).json() as Item[];
    expect(bare.length).toBeGreaterThan(defaultPageSize);
    const firstPage = await page('page=1');
    expect(bare.slice(0, defaultPageSize).map((item) => item.Guid)).toEqual(
      firstPage.Items.map((item) => item.Guid),
    );
    const unknownKey = (await browser.get(`${flows}?foo=bar`)).json() as Item[];
    expect(unknownKey.map((item) => item.Guid)).toEqual(bare.map((item) => item.Guid));
  });

  it('refuses a page size or page outside the contract’s bounds with a validation error', async () => {
    for (const query of ['pageSize=0', `pageSize=${maxPageSize + 1}`, 'pageSize=abc', 'page=0']) {
      const response = await browser.get(`${flows}?q=x&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 400, key: 'errors.checkInput' });
      const field = query.split('=')[0];
      expect(response.json().issues, query).toContainEqual(
        expect.objectContaining({ path: field }),
      );
    }
    expect((await browser.get(`${flows}?pageSize=${maxPageSize}`)).statusCode).toBe(200);
  });

  it('answers each flow’s signers in their order, with whether they have signed', async () => {
    const [flow] = (await page('q=alennus 5 euroa')).Items;
    if (flow === undefined) throw new Error('no flow');
    const saved = await browser.post(flows, {
      Guid: flow.Guid,
      Name: flow.Name,
      Signers: [
        { Name: 'Maija Meikäläinen', Email: 'maija@example.com' },
        { Name: 'Pekka Puupää', Email: 'pekka@example.com' },
        { Name: 'Liisa Laine', Email: 'liisa@example.com' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await context.database.handle.db
      .updateTable('sign_flow_signers')
      .set({ status: 'Signed' })
      .where('flow_id', '=', flow.Guid)
      .where('email', '=', 'pekka@example.com')
      .execute();

    const [listed] = (await page('q=alennus 5 euroa')).Items;
    expect(listed?.Signers).toEqual([
      { Name: 'Maija Meikäläinen', Status: 'Unsigned' },
      { Name: 'Pekka Puupää', Status: 'Signed' },
      { Name: 'Liisa Laine', Status: 'Unsigned' },
    ]);
    // Neither e-mail addresses nor identity codes leave the server in the list.
    expect(JSON.stringify(listed)).not.toContain('@example.com');
    const bare = (await browser.get(flows)).json() as Item[];
    expect(bare.find((item) => item.Guid === flow.Guid)?.Signers).toHaveLength(3);
    expect(bare.find((item) => item.Name === 'Sopimus 01')?.Signers).toEqual([]);
  });

  it('reads the signers of a whole page in one query, however many rows it holds', async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const deps = { db: context.database.handle.db.withPlugin(counting) };
    const user = await demoUser();
    const queriesFor = async (query: Parameters<typeof listSignFlows>[2]) => {
      queries = 0;
      const { items } = await listSignFlows(deps, user, query);
      return { queries, rows: items.length };
    };
    // The rows, the total and the signers of all the rows.
    expect(await queriesFor({ pageSize: 2 })).toEqual({ queries: 3, rows: 2 });
    expect(await queriesFor({ pageSize: 50 })).toEqual({ queries: 3, rows: 27 });
    // The bare call has no total to count.
    expect(await queriesFor({})).toEqual({ queries: 2, rows: 27 });
  });
});

import type { Page } from '@playwright/test';

/** Creates drafts through the API from the signed-in page, as the web app would (XSRF header); answers their Guids. */
export async function createDrafts(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate(async (drafts) => {
    const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const guids: string[] = [];
    for (const name of drafts) {
      const response = await fetch('/api/esign/SignFlows', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify({ Name: name }),
      });
      if (!response.ok) throw new Error(`creating ${name}: ${response.status}`);
      guids.push(((await response.json()) as { Guid: string }).Guid);
    }
    return guids;
  }, names);
}

export interface DraftToCreate {
  Name: string;
  Signers?: Array<{ Name: string; Email: string }>;
}

/** Creates many drafts with their signers through the API, ten calls at a time; answers their Guids. */
export async function createFlows(page: Page, drafts: DraftToCreate[]): Promise<string[]> {
  return page.evaluate(async (all) => {
    const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const create = async (draft: (typeof all)[number]) => {
      const response = await fetch('/api/esign/SignFlows', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify(draft),
      });
      if (!response.ok) throw new Error(`creating ${draft.Name}: ${response.status}`);
      return ((await response.json()) as { Guid: string }).Guid;
    };
    const guids: string[] = [];
    for (let start = 0; start < all.length; start += 10) {
      guids.push(...(await Promise.all(all.slice(start, start + 10).map(create))));
    }
    return guids;
  }, drafts);
}

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

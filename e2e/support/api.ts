import type { Page } from '@playwright/test';

/** Creates drafts through the API from the signed-in page, as the web app would (XSRF header). */
export async function createDrafts(page: Page, names: string[]) {
  await page.evaluate(async (drafts) => {
    const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    for (const name of drafts) {
      const response = await fetch('/api/esign/SignFlows', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify({ Name: name }),
      });
      if (!response.ok) throw new Error(`creating ${name}: ${response.status}`);
    }
  }, names);
}

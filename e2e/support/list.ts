import { expect, type Locator, type Page } from '@playwright/test';

export type RowAction = 'view' | 'edit' | 'copy' | 'cancel' | 'delete' | 'link';

/** Chooses one of a row's actions from its menu, as a pointer user would. */
export async function chooseRowAction(row: Locator, action: RowAction) {
  await row.getByTestId('row-actions').click();
  await row.getByTestId(`row-action-${action}`).click();
}

/** The XSRF header of the signed-in page, for calls made with its cookies. */
async function xsrfHeaders(page: Page) {
  const cookies = await page.context().cookies();
  return { 'X-XSRF-TOKEN': cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' };
}

/**
 * Removes every flow the signed-in user sees through the API (a sent one is cancelled first),
 * so that the account is empty whatever earlier tests left in it.
 */
export async function emptyTheAccount(page: Page) {
  const headers = await xsrfHeaders(page);
  const flows = (await (await page.request.get('/api/esign/SignFlows')).json()) as Array<{
    Guid: string;
    Status: string;
  }>;
  for (const flow of flows) {
    if (flow.Status === 'Sent') {
      const cancelled = await page.request.post(`/api/esign/SignFlows/${flow.Guid}/cancel`, {
        headers,
        data: { Comment: 'Emptying the account' },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    const deleted = await page.request.delete(`/api/esign/SignFlows/${flow.Guid}`, { headers });
    expect([200, 204], await deleted.text()).toContain(deleted.status());
  }
}

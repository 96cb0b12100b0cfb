import { expect, type Locator, type Page } from '@playwright/test';
import { logIn, type Language } from './pages.ts';
import type { listStates } from './seed.ts';

type FlowState = (typeof listStates)[number];

export type RowAction = 'view' | 'edit' | 'copy' | 'cancel' | 'delete' | 'link';

/** Chooses one of a row's actions from its menu, as a pointer user would. */
export async function chooseRowAction(row: Locator, action: RowAction) {
  await row.getByTestId('row-actions').click();
  await row.getByTestId(`row-action-${action}`).click();
}

/** The XSRF header of the signed-in page, for calls made with its cookies. */
export async function xsrfHeaders(page: Page) {
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

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };
/** The list's status views, as its URL names them. */
export const listViews = ['drafts', 'sent', 'finished', 'rejected', 'canceled', 'all'] as const;
/** The view that shows a flow of each state (an Error flow shows under 'all' only). */
export const viewOf = {
  Draft: 'drafts',
  Sent: 'sent',
  Finished: 'finished',
  Rejected: 'rejected',
  Cancelled: 'canceled',
  Error: 'all',
} as const;
/** The actions each state's menu offers, in their order. */
export const actionsOf = (status: FlowState): RowAction[] => {
  if (status === 'Draft') return ['edit', 'copy', 'delete'];
  if (status === 'Sent') return ['view', 'copy', 'cancel', 'link'];
  return ['view', 'copy', 'delete'];
};

export async function logInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByTestId('signflow-create')).toBeVisible();
}

/** The portal in a language from the first page on, as a returning user would have it. */
export async function useLanguage(page: Page, language: Language) {
  await page.evaluate((lng) => localStorage.setItem('locale', lng), language);
}

/** Opens the list with a query string and waits for its first row. */
export async function openList(page: Page, query: string) {
  await page.goto(`/${query}`);
  await expect(page.getByTestId('signflow-row').first()).toBeVisible();
}

/** Neither the page nor the list's frame is wider than what the screen shows. */
export async function expectNoSidewaysOverflow(page: Page, where: string) {
  const widths = await page.evaluate(() => {
    const frame = document.querySelector('.signflow-list__frame');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      list: frame === null ? 0 : frame.scrollWidth - frame.clientWidth,
    };
  });
  expect(widths, where).toEqual({ page: 0, list: 0 });
}

/** The row (or card) of the flow of this name. */
export const rowNamed = (page: Page, name: string) =>
  page.getByTestId('signflow-row').filter({ has: page.getByText(name, { exact: true }) });

/** The test id of the element that has the focus. */
export const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

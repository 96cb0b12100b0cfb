import { expect } from '@playwright/test';
import { test } from '../support/signing.ts';
import { makeVerifyFiles } from '../support/verify-files.ts';
import { shootEverywhere } from './shoot.ts';

// The verification page empty, then with each kind of file the page must tell apart.
test('the verification page', async ({ page, browser, openSigningPage }) => {
  const files = await makeVerifyFiles(page, openSigningPage, Date.now().toString(36));
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/verify');
  await shootEverywhere(visitor, 'verify-empty', async (p) => {
    await p.goto('/verify');
    await expect(p.getByTestId('verify-drop-zone')).toBeVisible();
  });
  const shots = [
    ['verify-portal-signed', files.portal, 'Valid'],
    ['verify-another-tool', files.anotherTool, 'Indeterminate'],
    ['verify-tampered', files.tampered, 'Invalid'],
    ['verify-unsigned', files.unsigned, 'Unsigned'],
  ] as const;
  for (const [name, path, verdict] of shots)
    await shootEverywhere(visitor, name, async (p) => {
      await p.goto('/verify');
      await p.getByTestId('verify-file-input').setInputFiles(path);
      await expect(p.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', verdict, {
        timeout: 15_000,
      });
    });
  await visitor.context().close();
});

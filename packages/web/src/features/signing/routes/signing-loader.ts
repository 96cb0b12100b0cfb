import type { QueryClient } from '@tanstack/react-query';
import { signerTaskQueryOptions } from '../api/get-signer-task.ts';
import { applySignerLanguage } from '../hooks/use-signer-language.ts';

/**
 * Runs before the signer's page shows: the task is fetched while the start-up calls run, and
 * once start-up has set its locale the page takes the signer's language, so it does not
 * appear in Finnish and then move as it turns English or Swedish. A failure shows nothing
 * here: the page shows it from the task's query.
 */
export async function loadSigningPage(
  queryClient: QueryClient,
  started: Promise<void>,
  token: string,
): Promise<null> {
  const task = queryClient.ensureQueryData(signerTaskQueryOptions(token)).catch(() => undefined);
  await started;
  const loaded = await task;
  if (loaded !== undefined) await applySignerLanguage(loaded.Language);
  return null;
}

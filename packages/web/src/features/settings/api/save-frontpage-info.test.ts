import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInvalidated, runMutation, serverAnswers } from '../../../lib/query-test-support.ts';
import { frontpageInfoQueryOptions } from '../../frontpage/api/get-frontpage-info.ts';
import { saveFrontpageInfoMutationOptions } from './save-frontpage-info.ts';

afterEach(() => vi.unstubAllGlobals());

describe('saving the front-page text', () => {
  it('refreshes the text the front page (and this editor) read', async () => {
    serverAnswers(204);
    const client = new QueryClient();
    client.setQueryData(frontpageInfoQueryOptions().queryKey, '# Old');
    await runMutation(client, saveFrontpageInfoMutationOptions(), '# New');
    expect(isInvalidated(client, frontpageInfoQueryOptions().queryKey)).toBe(true);
  });

  it('keeps the text shown when the server refuses it', async () => {
    serverAnswers(403, { status: 403, key: 'errors.forbidden', message: 'Forbidden' });
    const client = new QueryClient();
    client.setQueryData(frontpageInfoQueryOptions().queryKey, '# Old');
    await runMutation(client, saveFrontpageInfoMutationOptions(), '# New').catch(() => undefined);
    expect(isInvalidated(client, frontpageInfoQueryOptions().queryKey)).toBe(false);
  });
});

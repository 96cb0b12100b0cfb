import { apiPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { frontpageInfoQueryKey } from './get-frontpage-info.ts';

/** Stores the front-page text, sent as a JSON string. */
export function saveFrontpageInfo(text: string): Promise<void> {
  return requestVoid(apiPaths.frontpageInfo, { method: 'POST', body: text });
}

export function useSaveFrontpageInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFrontpageInfo,
    // The front page reads the text under this key: it shows the new one from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frontpageInfoQueryKey }),
  });
}

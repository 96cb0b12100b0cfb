import { apiPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { frontpageInfoQueryOptions } from '../../frontpage/api/get-frontpage-info.ts';

/** Stores the front-page text, sent as a JSON string. */
export function saveFrontpageInfo(text: string): Promise<void> {
  return requestVoid(apiPaths.frontpageInfo, { method: 'POST', body: text });
}

export const saveFrontpageInfoMutationOptions = () =>
  mutationOptions({
    mutationFn: saveFrontpageInfo,
    // The front page and this editor read the text under the front page's key: both show the
    // new one from now on.
    onSuccess: (_answer, _text, _result, { client }) =>
      client.invalidateQueries({ queryKey: frontpageInfoQueryOptions().queryKey }),
  });

export function useSaveFrontpageInfo() {
  return useMutation(saveFrontpageInfoMutationOptions());
}

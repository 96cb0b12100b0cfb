import { apiTokenPaths, CreatedApiToken, type CreateApiTokenRequest } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { getApiTokensQueryOptions } from './list-api-tokens.ts';

/** Creates a token for the signed-in user; the answer is the only time the token is shown. */
export function createApiToken(request: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return requestJson(apiTokenPaths.apiTokens, CreatedApiToken, { method: 'POST', body: request });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions('own').queryKey });
      await queryClient.invalidateQueries({
        queryKey: getApiTokensQueryOptions('organisation').queryKey,
      });
    },
  });
}

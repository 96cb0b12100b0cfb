import { apiTokenPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { getApiTokensQueryOptions } from './list-api-tokens.ts';

/** Revokes a token (one's own; an administrator's any): it stops working at once. */
export function revokeApiToken(id: string): Promise<void> {
  return requestVoid(apiTokenPaths.apiToken(id), { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions('own').queryKey });
      await queryClient.invalidateQueries({
        queryKey: getApiTokensQueryOptions('organisation').queryKey,
      });
    },
  });
}

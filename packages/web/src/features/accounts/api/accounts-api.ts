import {
  AccountListItem,
  accountPaths,
  type ChangePasswordRequest,
  type CreateAccountRequest,
} from '@esign/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson, requestVoid } from '../../../lib/http.ts';

// The built-in login's account calls (an addition to SPEC §7).

/** The signed-in account's new password; its other sessions end. */
export function changePassword(request: ChangePasswordRequest): Promise<void> {
  return requestVoid(accountPaths.changePassword, { method: 'POST', body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function listAccounts(): Promise<AccountListItem[]> {
  return requestJson(accountPaths.listAccounts, z.array(AccountListItem));
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ['accounts'], queryFn: listAccounts });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

export function createAccount(request: CreateAccountRequest): Promise<AccountListItem> {
  return requestJson(accountPaths.createAccount, AccountListItem, {
    method: 'POST',
    body: request,
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey }),
  });
}

export function deleteAccount(accountId: string): Promise<void> {
  const query = new URLSearchParams({ accountId });
  return requestVoid(`${accountPaths.deleteAccount}?${query}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey }),
  });
}

import { QueryClient, type DefaultError, type UseMutationOptions } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

/**
 * What a caller may add to an endpoint's query options (how long its answer stays fresh,
 * whether to fetch), never the key or the fetcher: those stay with the endpoint's owner.
 */
export type QueryConfig<Options extends (...args: never[]) => unknown> = Omit<
  ReturnType<Options>,
  'queryKey' | 'queryFn'
>;

/**
 * A call's mutation options (TanStack's `mutationOptions()`, which only types them), so that a
 * test can run the call's effect on the caches without React. Defined here rather than imported
 * from TanStack by the screens: that helper would be a chunk of its own, one more request.
 */
export function mutationOptions<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationOptions<TData, TError, TVariables, TOnMutateResult> {
  return options;
}

import { QueryClient } from '@tanstack/react-query';

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

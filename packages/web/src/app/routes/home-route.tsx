import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { signFlowListQueryOptions } from '../../features/signflows/api/get-signflow-list.ts';
import { parseListState, toApiQuery } from '../../features/signflows/utils/signflow-list-url.ts';
import { sessionQueryOptions, useSession } from '../../lib/session.ts';

// Each of the two screens of '/' is loaded only for those who see it.
const loadList = () => import('../../features/signflows/routes/signflow-list-route.tsx');
const FrontpageRoute = lazy(async () => ({
  default: (await import('../../features/frontpage/routes/frontpage-route.tsx')).FrontpageRoute,
}));
const SignFlowListRoute = lazy(async () => ({ default: (await loadList()).SignFlowListRoute }));

/**
 * Once start-up knows the session, a signed-in user's list page asks for its code and its
 * rows at once, instead of the rows only after the code has come and rendered.
 */
export function homeLoader(queryClient: QueryClient, started: Promise<void>) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await started;
    if (queryClient.getQueryData(sessionQueryOptions().queryKey)) {
      const state = parseListState(new URL(request.url).searchParams);
      void loadList();
      void queryClient.prefetchQuery(signFlowListQueryOptions(toApiQuery(state)));
    }
    return null;
  };
}

/** '/' is the signature list for a signed-in user (SPEC §2) and the front page for everyone else. */
export function HomeRoute() {
  const session = useSession();
  if (session === null)
    return (
      <Suspense fallback={null}>
        <FrontpageRoute />
      </Suspense>
    );
  // While its code loads, the list's place already reaches below the fold (as while its data
  // loads), so the footer does not jump down when it comes.
  return (
    <Suspense fallback={<div className="screen-loading" />}>
      <SignFlowListRoute />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session.ts';

// Each of the two screens of '/' is loaded only for those who see it.
const FrontpageRoute = lazy(async () => ({
  default: (await import('../../features/frontpage/routes/frontpage-route.tsx')).FrontpageRoute,
}));
const SignFlowListRoute = lazy(async () => ({
  default: (await import('../../features/signflows/routes/signflow-list-route.tsx'))
    .SignFlowListRoute,
}));

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

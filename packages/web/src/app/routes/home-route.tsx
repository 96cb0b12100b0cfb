import { FrontpageRoute } from '../../features/frontpage/routes/frontpage-route.tsx';
import { SignFlowListRoute } from '../../features/signflows/routes/signflow-list-route.tsx';
import { useSession } from '../../lib/session.ts';

/** '/' is the signature list for a signed-in user (SPEC §2) and the front page for everyone else. */
export function HomeRoute() {
  const session = useSession();
  return session === null ? <FrontpageRoute /> : <SignFlowListRoute />;
}

import { Outlet } from 'react-router';
import { useCommonConfig } from '../../lib/common-config.ts';
import { NotFoundRoute } from './not-found-route.tsx';

/** The routes below it exist only while the built-in login is the portal's (its accounts). */
export function RequireBuiltInLogin() {
  const { BuiltInLogin } = useCommonConfig();
  return BuiltInLogin ? <Outlet /> : <NotFoundRoute />;
}

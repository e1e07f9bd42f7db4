import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Loader } from '@tabula/ui';
import { ROUTES } from './constants';
import { useAppSelector } from './ServicesContext';

/** Shows `children` to a signed-in user; a visitor goes to /signin once the app has loaded. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const ready = useAppSelector((s) => s.ready);
  const signedIn = useAppSelector((s) => s.session !== null);
  if (signedIn) return <>{children}</>;
  if (!ready) return <Loader />;
  return <Navigate to={ROUTES.signIn} replace />;
}

import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { bindRealtime } from './bindRealtime';
import { createAppRouter } from './router';
import { ServicesProvider } from './ServicesContext';
import type { AppServices } from './services';
import { useAppLoad } from './useAppLoad';

/** The app: services for every screen, the realtime wiring, the app load flow, the routes. */
export function App({ services }: { services: AppServices }) {
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => {
    const wiring = bindRealtime(services);
    return () => wiring.unsubscribe();
  }, [services]);
  useAppLoad(services);
  return (
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>
  );
}

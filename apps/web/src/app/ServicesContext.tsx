import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useAppState } from './appStore';
import type { AppState } from './appState';
import type { AppServices } from './services';

const ServicesContext = createContext<AppServices | null>(null);

/** Makes the app's services available to every screen below. */
export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's services (throws outside a `ServicesProvider`). */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider');
  return services;
}

/** A slice of the app state, re-rendering when it changes. */
export function useAppSelector<T>(select: (state: AppState) => T): T {
  return useAppState(useServices().store, select);
}

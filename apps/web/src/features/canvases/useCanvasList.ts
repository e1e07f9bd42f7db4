import { useEffect, useState } from 'react';
import { update } from '../../app/appState';
import { useAppSelector, useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';

/** The user's canvases, fetched again when a list screen opens. */
export function useCanvasList() {
  const services = useServices();
  const canvases = useAppSelector((s) => s.canvases);
  const [loading, setLoading] = useState(canvases.length === 0);

  useEffect(() => {
    let current = true;
    services.api
      .getAllCanvases()
      .then((list) => current && services.store.set((s) => update.canvasesLoaded(s, list)))
      .catch((error: unknown) => current && services.showAlert(errorMessage(error), 'danger'))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [services]);

  return { canvases, loading };
}

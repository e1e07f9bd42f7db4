import { useEffect, useState } from 'react';
import { update } from '../../app/appState';
import { useAppSelector, useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';

/**
 * The user's canvases, fetched again when a screen that shows or checks them opens. With
 * `enabled` false (a signed-out visitor) nothing is fetched.
 */
export function useCanvasList(enabled = true) {
  const services = useServices();
  const canvases = useAppSelector((s) => s.canvases);
  const [loading, setLoading] = useState(enabled);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    services.api
      .getAllCanvases()
      .then((list) => current && services.store.set((s) => update.canvasesLoaded(s, list)))
      .catch((error: unknown) => current && services.showAlert(errorMessage(error), 'danger'))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [services, enabled]);

  return { canvases, loading };
}

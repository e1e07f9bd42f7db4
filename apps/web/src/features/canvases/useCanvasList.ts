import { useEffect, useState } from 'react';
import { useAppSelector, useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';
import { refreshCanvasList } from './canvasListLoads';

/**
 * The user's canvases, fetched again when a screen that shows or checks them opens (the app
 * load's list counts for the first one: `refreshCanvasList`). With `enabled` false (a
 * signed-out visitor) nothing is fetched.
 */
export function useCanvasList(enabled = true) {
  const services = useServices();
  const canvases = useAppSelector((s) => s.canvases);
  const [loading, setLoading] = useState(enabled);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    refreshCanvasList(services)
      .catch((error: unknown) => current && services.showAlert(errorMessage(error), 'danger'))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [services, enabled]);

  return { canvases, loading };
}

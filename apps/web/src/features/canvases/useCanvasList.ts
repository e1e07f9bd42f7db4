import { useEffect, useState } from 'react';
import { useAppSelector, useServices } from '../../app/ServicesContext';
import { isNetworkFailure } from '../auth/tokenRefusal';
import { errorMessage } from '../errorMessage';
import { refreshCanvasList } from './canvasListLoads';

/**
 * The user's canvases, fetched again when a screen that shows or checks them opens (the app
 * load's list counts for the first one: `refreshCanvasList`). With `enabled` false (a
 * signed-out visitor) nothing is fetched. Without network (`offline`) the list is what the
 * store holds: the lists kept on the device (docs/offline.md).
 */
export function useCanvasList(enabled = true) {
  const services = useServices();
  const canvases = useAppSelector((s) => s.canvases);
  const [loading, setLoading] = useState(enabled);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    refreshCanvasList(services)
      .then(() => current && setOffline(false))
      .catch((error: unknown) => {
        if (!current) return;
        if (isNetworkFailure(error)) setOffline(true);
        else services.showAlert(errorMessage(error), 'danger');
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [services, enabled]);

  return { canvases, loading, offline };
}

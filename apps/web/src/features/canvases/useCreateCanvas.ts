import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { update } from '../../app/appState';
import { ROUTES } from '../../app/constants';
import { useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';

/** New canvas: creates one (the server picks a friendly name) and opens it. */
export function useCreateCanvas(): { create: () => void; creating: boolean } {
  const services = useServices();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  function create() {
    if (creating) return;
    setCreating(true);
    services.api
      .createCanvas()
      .then((canvas) => {
        services.store.set((s) => update.canvasCreated(s, canvas));
        navigate(ROUTES.canvas(canvas._id));
      })
      .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'))
      .finally(() => setCreating(false));
  }

  return { create, creating };
}

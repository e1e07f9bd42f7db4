import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_DELETED_CANVAS, REMOVED_BY_ADMIN } from '@tabula/domain';
import { update } from '../../app/appState';
import { useServices } from '../../app/ServicesContext';

/**
 * Leaves for `leaveTo` when the canvas is deleted or the user is removed from it (the app's
 * realtime wiring has put why into the store's `evictionNotice`; the list shows it).
 */
export function useEvictionWatch(canvasId: string, leaveTo: string): void {
  const services = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    // A canvas opened: the notice of an earlier one's deletion is old news.
    services.store.set(update.evictionNoticeDismissed);
  }, [services]);
  useEffect(() => {
    const leave = () => navigate(leaveTo);
    const deleted = services.realtime.events('canvas-deleted').subscribe((message) => {
      if (message.canvasId === canvasId) leave();
    });
    const errors = services.realtime.events('error').subscribe(({ message }) => {
      if (message === REMOVED_BY_ADMIN || message === ADMIN_DELETED_CANVAS) leave();
    });
    return () => {
      deleted.unsubscribe();
      errors.unsubscribe();
    };
  }, [services, canvasId, navigate, leaveTo]);
}

import type { Subscription } from 'rxjs';
import { MESSAGES, ROUTES, STORAGE_KEYS } from './constants';
import type { AppServices } from './services';

/**
 * When the server ends the signed-in session (signed out on another device or tab), the user
 * is told so, the dead token and the session are dropped and they are sent to sign in. A
 * board's unsent changes stay in local storage and go out once the user is back on the
 * canvas. The app's own sign-out clears the session first, so it is not mistaken for this.
 */
export function watchSessionEnded(
  services: AppServices,
  navigate: (to: string) => void,
): Subscription {
  return services.realtime.sessionEnded$.subscribe(() => {
    if (!services.store.get().session) return;
    services.storage.removeItem(STORAGE_KEYS.token);
    services.clearState();
    services.showAlert(MESSAGES.signedOutElsewhere, 'danger');
    navigate(ROUTES.signIn);
  });
}

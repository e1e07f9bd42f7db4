import { update } from '../../app/appState';
import type { AppServices } from '../../app/services';

interface Loads {
  /** The request under way, shared by everyone who asks meanwhile. */
  inFlight: Promise<void> | null;
  /** The list the app load fetched, not yet shown by a screen: the first screen takes it. */
  fresh: boolean;
}

const loads = new WeakMap<AppServices, Loads>();

function loadsOf(services: AppServices): Loads {
  let entry = loads.get(services);
  if (!entry) {
    entry = { inFlight: null, fresh: false };
    loads.set(services, entry);
  }
  return entry;
}

function fetchList(services: AppServices, entry: Loads): Promise<void> {
  const request = services.api.getAllCanvases().then((list) => {
    services.store.set((s) => update.canvasesLoaded(s, list));
  });
  const inFlight = request.finally(() => {
    if (entry.inFlight === inFlight) entry.inFlight = null;
  });
  entry.inFlight = inFlight;
  return inFlight;
}

/**
 * The app load's `getallcanvases` (spec §4: the list is loaded once the user is stored). The
 * first screen that lists canvases takes this list instead of asking again, so a cold open
 * makes one request.
 */
export function loadCanvasListOnAppLoad(services: AppServices): Promise<void> {
  const entry = loadsOf(services);
  const load = entry.inFlight ?? fetchList(services, entry);
  entry.fresh = false;
  return load.then(() => {
    if (entry.inFlight === null) entry.fresh = true;
  });
}

/**
 * A screen that shows or checks the list opened: the list is fetched again (for "edited … ago"
 * and other devices' changes), unless the app load's list has not been shown yet or a request
 * is under way, which it shares. Resolves once the store holds the list.
 */
export function refreshCanvasList(services: AppServices): Promise<void> {
  const entry = loadsOf(services);
  if (entry.fresh) {
    entry.fresh = false;
    return Promise.resolve();
  }
  if (entry.inFlight) {
    // Whoever waits with us has shown nothing yet: the answer counts as this screen's.
    const shared = entry.inFlight;
    return shared.then(() => {
      entry.fresh = false;
    });
  }
  return fetchList(services, entry);
}

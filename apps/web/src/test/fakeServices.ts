import { createServices } from '../app/services';
import { createRealtimeClient } from '../realtime/realtimeClient';
import { FakeSocket } from './fakeSocket';
import { memoryStorage } from './memoryStorage';

/** The app's services over fake sockets: `sockets` holds one per realtime connection opened. */
export function servicesWithFakeSockets(initialStorage: Record<string, string> = {}) {
  const sockets: FakeSocket[] = [];
  const storage = memoryStorage(initialStorage);
  const services = createServices({
    storage,
    openRealtime: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return createRealtimeClient(socket.asSocket());
    },
  });
  return { services, sockets, storage };
}

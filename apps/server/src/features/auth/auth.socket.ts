/**
 * Signing out over the socket: `log-out` appends the session's `UserLoggedOut`, whose fan-out
 * disconnects every socket of that session (fanOut.ts), this one included.
 */
import { parseId } from '@tabula/domain/dto';
import type { AppSocket } from '../../realtime/socketTypes';
import { assertSelf, withAck } from '../../realtime/withAck';
import type { AuthService } from './auth.service';

export function registerAuthHandlers(
  socket: AppSocket,
  auth: Pick<AuthService, 'logOut'>,
  logError: (error: unknown, context: string) => void,
): void {
  socket.on(
    'log-out',
    withAck(
      socket,
      async (payload) => {
        assertSelf(socket, parseId(payload));
        await auth.logOut({ userId: socket.data.userId, sessionId: socket.data.sessionId });
        return null;
      },
      logError,
    ),
  );
}

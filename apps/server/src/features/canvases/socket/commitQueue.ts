/**
 * A socket's commits, one at a time and in order, as the board's outbox sends them: a socket
 * that sends many at once waits its turn instead of filling the log writer's queue ahead of
 * everyone else's strokes (each append group then holds at most one of its commits). At most
 * `limit` wait; one more is refused as too many messages, and nothing of it is stored.
 */
import { TOO_MANY_MESSAGES } from '@tabula/domain';
import { SocketProblem } from '../../../realtime/withAck';

export const COMMITS_WAITING_PER_SOCKET = 16;

export function commitQueue(limit = COMMITS_WAITING_PER_SOCKET) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return function enqueue<T>(commit: () => Promise<T>): Promise<T> {
    if (waiting >= limit)
      return Promise.reject(new SocketProblem('RATE_LIMITED', TOO_MANY_MESSAGES));
    waiting += 1;
    const turn = tail.then(commit);
    tail = turn.then(
      () => void (waiting -= 1),
      () => void (waiting -= 1),
    );
    return turn;
  };
}

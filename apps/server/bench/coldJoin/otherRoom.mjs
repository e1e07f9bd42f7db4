// Worker thread of the cold-join bench: another user commits one small drawing after another on
// another canvas, each as soon as the last was acknowledged, and times each ack. In a thread of
// its own, as a remote user is on a machine of their own: its socket's turns never wait behind
// the server's (in the server's thread, each round trip would count the server's work three
// times: on the send, on the server, on the ack). Messages in: 'take' (answered with the ack
// times since the last take and the refusals so far), 'stop'.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { url, token, canvasId } = workerData;
const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
const emit = (event, payload) => new Promise((resolve) => socket.emit(event, payload, resolve));

let acks = [];
let refused = 0;
let stopped = false;

parentPort.on('message', (message) => {
  if (message === 'take') {
    parentPort.postMessage({ acks, refused });
    acks = [];
  } else if (message === 'stop') stopped = true;
});

await new Promise((resolve, reject) => {
  socket.once('connect', resolve);
  socket.once('connect_error', reject);
});
await emit('join-canvas', { canvasId });
parentPort.postMessage('drawing');
for (let n = 0; !stopped; n += 1) {
  const started = performance.now();
  const ack = await emit('canvas-update', {
    canvasId,
    eventId: `other-${Date.now()}-${n}`,
    elements: [
      {
        id: `o${n % 50}`,
        type: 'rectangle',
        version: n + 1,
        versionNonce: n,
        isDeleted: false,
        index: 'a0',
        x: n,
        y: 0,
        width: 10,
        height: 10,
      },
    ],
  });
  if (ack.ok) acks.push(performance.now() - started);
  else refused += 1;
}
socket.disconnect();
parentPort.postMessage('stopped');

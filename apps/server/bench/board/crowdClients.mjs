// Worker thread of the board benchmark's crowd: raw Engine.IO WebSockets speaking Socket.IO's
// protocol (a connect with the session token, presence as deltas, acknowledged requests), so
// that 48 people in the room cost the benchmark's process little beside the browser it
// measures: what they receive is counted, never parsed. Each joins the canvas at its current
// revision (a catch-up of nothing). On 'start', `cursors` of them send `pointer` at 20 Hz,
// moving around the middle of the screen, and one more draws the prepared strokes as `ink`
// at 60 Hz, committing each at its end, back to back; on 'stop' they go quiet and the worker
// reports what was sent and received. Messages: parent → 'start' | 'stop' | 'close';
// worker → { joined } once all are in the room, then { stats } after each 'stop'.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, canvasId, sinceRevision, tokens, cursors, strokes } = workerData;
const base = url.replace(/^http/, 'ws');
const CURSOR_MS = 1000 / 20;
const INK_MS = 1000 / 60;
/** A volatile message is dropped, as Socket.IO's client drops it, while this much waits. */
const BACKLOG_BYTES = 64 * 1024;

const stats = { pointersSent: 0, inkSent: 0, inkDropped: 0, commitsSent: 0, commitsAcked: 0 };
const received = { messages: 0, bytes: 0 };
const timers = [];

/** One client: resolves with its socket once it is in the canvas's room. */
function joinRoom(token) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/socket.io/?EIO=4&transport=websocket`, {
      maxPayload: 1024 * 1024 * 1024,
    });
    socket.acks = new Map();
    socket.nextAck = 0;
    socket.on('message', (raw) => {
      received.messages += 1;
      received.bytes += raw.length;
      const head = raw.subarray(0, 24).toString();
      if (head.startsWith('0{'))
        socket.send(`40${JSON.stringify({ token, presence: 'deltas', pointers: 'frames' })}`);
      else if (head === '2') socket.send('3');
      else if (head.startsWith('40{'))
        request(socket, 'join-canvas', { canvasId, sinceRevision }).then((answer) =>
          answer.includes('"ok":true')
            ? resolve(socket)
            : reject(new Error(`join refused: ${answer.slice(0, 200)}`)),
        );
      else if (head.startsWith('44')) reject(new Error(`connect refused: ${raw.toString()}`));
      else if (head.startsWith('43')) {
        const id = Number(/^43(\d+)/.exec(head)[1]);
        socket.acks.get(id)?.(raw.toString());
        socket.acks.delete(id);
      }
    });
    socket.on('error', reject);
  });
}

/** Sends an acknowledged event; resolves with the raw answer. */
function request(socket, event, payload) {
  const id = socket.nextAck++;
  socket.send(`42${id}${JSON.stringify([event, payload])}`);
  return new Promise((resolve) => socket.acks.set(id, resolve));
}

/** Sends a volatile message unless the socket's backlog is too long (then it is dropped). */
function volatile(socket, text) {
  if (socket.bufferedAmount > BACKLOG_BYTES) return false;
  socket.send(text);
  return true;
}

function startCursors(sockets) {
  sockets.forEach((socket, n) => {
    const phase = (n / sockets.length) * Math.PI * 2;
    const radius = 120 + (n % 5) * 50;
    let step = 0;
    // Spread over the interval, as people's moves are.
    const begin = setTimeout(
      () => {
        timers.push(
          setInterval(() => {
            step += 1;
            const angle = phase + step / 20;
            const x = Math.round(640 + Math.cos(angle) * radius * 1.6);
            const y = Math.round(400 + Math.sin(angle) * radius);
            const sent = volatile(
              socket,
              `42${JSON.stringify(['pointer', { canvasId, x, y, tool: 'pointer' }])}`,
            );
            if (sent) stats.pointersSent += 1;
          }, CURSOR_MS),
        );
      },
      (n * CURSOR_MS) / sockets.length,
    );
    timers.push(begin);
  });
}

function startInk(socket) {
  let stroke = 0;
  let frame = 0;
  timers.push(
    setInterval(() => {
      const current = strokes[stroke];
      if (!current) return;
      if (frame < current.frames.length) {
        if (volatile(socket, current.frames[frame])) stats.inkSent += 1;
        else stats.inkDropped += 1;
        frame += 1;
        return;
      }
      stats.commitsSent += 1;
      request(socket, 'canvas-update', JSON.parse(current.commit)).then((answer) => {
        if (answer.includes('"ok":true')) stats.commitsAcked += 1;
      });
      stroke += 1;
      frame = 0;
    }, INK_MS),
  );
}

const sockets = await Promise.all(tokens.map(joinRoom));
parentPort.postMessage({ joined: sockets.length });

parentPort.on('message', (command) => {
  if (command === 'start') {
    startCursors(sockets.slice(0, cursors));
    startInk(sockets[cursors]);
  } else if (command === 'stop') {
    for (const timer of timers.splice(0)) clearInterval(timer);
    parentPort.postMessage({ stats: { ...stats, received: { ...received } } });
  } else if (command === 'close') {
    for (const socket of sockets) socket.close();
    parentPort.close();
  }
});

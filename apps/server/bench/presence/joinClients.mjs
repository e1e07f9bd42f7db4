// Worker thread of the big-join bench: opens raw Engine.IO WebSockets (no JSON parsing of the
// scene, so the server's event loop is the only thing measured in the main thread), joins one
// canvas from each at once and reports when every scene has arrived whole: with the ack of a
// `snapshot`, or with the `scene-chunk` marked last of a `chunked` one (`ackMs`: when the ack
// came, from the join's start). With `download`, the join asks for a large scene over HTTP, as
// the browser does, and the scene has arrived when the download's last (gzipped) byte has.
// With `onGo`, the thread says `ready` once loaded and joins when told `go`: its own start-up
// (loading this module) is then not inside the window the server is measured over. With
// `belowServer` (Linux), it runs under SCHED_IDLE: a joiner is a browser on a machine of its
// own, and its work on what it receives (inflating the WebSocket frames, gunzipping a
// download) should take no core the server wants.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const {
  url,
  token,
  canvasId,
  joins,
  download = false,
  onGo = false,
  belowServer = false,
} = workerData;
if (belowServer) {
  try {
    const thread = readlinkSync('/proc/thread-self').split('/').pop();
    execFileSync('chrt', ['--idle', '--pid', '0', thread]);
  } catch (error) {
    console.error(`[bench] the joiner runs at the server's priority (${error.message})`);
  }
}
const base = url.replace(/^http/, 'ws');

function join() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/socket.io/?EIO=4&transport=websocket`, {
      maxPayload: 1024 * 1024 * 1024,
    });
    let bytes = 0;
    let chunks = 0;
    let started = performance.now();
    let ackMs = 0;
    const done = (how) => {
      socket.close();
      resolve({ how, bytes, chunks, ackMs, ms: performance.now() - started });
    };
    socket.on('message', (raw) => {
      const data = raw.toString();
      bytes += data.length;
      if (data.startsWith('0{')) socket.send(`40${JSON.stringify({ token })}`);
      else if (data === '2') socket.send('3');
      else if (data.startsWith('40{')) {
        started = performance.now();
        const payload = download ? { canvasId, download: true } : { canvasId };
        socket.send(`420${JSON.stringify(['join-canvas', payload])}`);
      } else if (data.startsWith('430')) {
        ackMs = performance.now() - started;
        const head = data.slice(0, 300);
        if (!head.includes('"ok":true')) reject(new Error(`join refused: ${head}`));
        else if (head.includes('"kind":"snapshot"')) done('snapshot');
        else if (head.includes('"kind":"download"')) {
          const [answer] = JSON.parse(data.slice(3));
          fetchScene(answer.data.path).then((read) => {
            bytes += read;
            done('download');
          }, reject);
        }
      } else if (data.startsWith('42["scene-chunk"')) {
        chunks += 1;
        if (data.endsWith('"last":true}]')) done('chunked');
      }
    });
    socket.on('error', reject);
  });
}

/** Reads a scene download to its last byte (not parsed); resolves with the bytes read. */
async function fetchScene(path) {
  const response = await fetch(`${url}${path}`);
  if (!response.ok) throw new Error(`scene download answered ${response.status}`);
  let read = 0;
  for await (const part of response.body) read += part.length;
  return read;
}

if (onGo) {
  const go = new Promise((resolve) => parentPort.once('message', resolve));
  parentPort.postMessage('ready');
  await go;
}
const results = await Promise.all(Array.from({ length: joins }, join));
parentPort.postMessage(results);

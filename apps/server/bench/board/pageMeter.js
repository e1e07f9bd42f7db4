// Injected into every page of the board benchmark before the page's own scripts (Playwright's
// addInitScript): it records what the page lives through, read from the benchmark as
// `window.__boardBench`:
// - `start()` / `stop()`: one measuring window: the timestamp of every animation frame
//   (requestAnimationFrame, only while a window is open), the long tasks in it (the
//   'longtask' PerformanceObserver) and how many pointermove events the page handled;
// - `whenShown(kind, count)`: resolves once a board of `count` elements is on screen, with
//   the time from the navigation's start that a frame's check saw it: Tabula's board (`kind` 'tabula') once the
//   app's probe says the joined scene is applied, the opening cover is gone and the editor
//   holds `count` elements; the plain Excalidraw page ('plain') once its editor reported them
//   (after the render that took them: holding a scene comes before drawing it);
// - `nextFrame()`: resolves at the next animation frame (how long a busy page takes to answer);
// - `quietFor(ms)`: true when the page has had no long task for the last `ms`;
// - `takeMessages()`: what the page's WebSockets received since the last call: messages,
//   payload characters and Socket.IO messages by event name (`ink`, `scene-chunk`, …), counted
//   as they arrive (WebSocket is wrapped before the app opens one); `messageCount(event)`.
(() => {
  const longTasks = [];
  let received = { payloadBytes: 0, messages: 0, byEvent: {} };

  function countMessage(data) {
    let event = 'binary';
    if (typeof data === 'string') {
      received.payloadBytes += data.length;
      const named = /^42\d*\["([^"]+)"/.exec(data.slice(0, 80));
      event = named ? named[1] : data.startsWith('43') ? 'ack' : `packet ${data.slice(0, 2)}`;
    } else {
      received.payloadBytes += data.byteLength ?? data.size ?? 0;
    }
    received.messages += 1;
    received.byEvent[event] = (received.byEvent[event] ?? 0) + 1;
  }
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class CountedWebSocket extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (message) => countMessage(message.data));
    }
  };

  let pointerMoves = 0;
  let window_ = null;
  let observer = null;

  const keep = (entries) => {
    for (const entry of entries)
      longTasks.push({ start: entry.startTime, duration: entry.duration });
  };
  try {
    observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the windows report none.
  }
  // Every `tabula:` opening mark with its time: the timeline keeps only each step's latest.
  const openingMarks = [];
  try {
    new PerformanceObserver((list) => {
      for (const mark of list.getEntries())
        if (mark.name.startsWith('tabula:'))
          openingMarks.push(`${mark.name.slice(7)}@${Math.round(mark.startTime)}`);
    }).observe({ type: 'mark' });
  } catch {
    // No mark observer: the open's steps are read from the timeline alone.
  }
  addEventListener('pointermove', () => (pointerMoves += 1), { capture: true, passive: true });

  /**
   * Counts the frames of `open` while it is the window open: a window started within a frame of
   * the last one's end must not also be counted by the last one's loop (two loops counted each
   * frame twice: 0 ms intervals and over 60 fps).
   */
  function countFrames(open) {
    const frame = (time) => {
      if (window_ !== open) return;
      open.frames.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  /** How many elements the open board holds, or -1 while it is not shown as ready. */
  function tabulaCount() {
    const probe = window.__tabulaBoard;
    if (!probe || !probe.loaded || document.querySelector('.tw-board__opening')) return -1;
    // A probe that can count without copying the scene is asked that way.
    return typeof probe.count === 'function' ? probe.count() : probe.elements().length;
  }

  function cheapCount() {
    return typeof window.__tabulaBoard?.count === 'function';
  }

  // Excalidraw holds a scene before it has drawn it: the plain page counts once its editor
  // reported the scene (it reports after a render), as the app's board is loaded only then.
  function plainCount() {
    return window.__plainReported ?? -1;
  }

  window.__boardBench = {
    start() {
      window_ = { startMs: performance.now(), frames: [], moves: pointerMoves };
      countFrames(window_);
    },
    stop() {
      const open = window_;
      window_ = null;
      const endMs = performance.now();
      // Long tasks that ended just now are reported to the observer later: take them now.
      if (observer) keep(observer.takeRecords());
      if (!open) throw new Error('No measuring window is open.');
      return {
        startMs: open.startMs,
        endMs,
        frames: open.frames,
        longTasks: longTasks.filter(
          (task) => task.start + task.duration > open.startMs && task.start < endMs,
        ),
        pointerMoves: pointerMoves - open.moves,
      };
    },
    nextFrame,
    openingMarks: () => openingMarks.slice(),
    quietFor(ms) {
      if (observer) keep(observer.takeRecords());
      const since = performance.now() - ms;
      return since > 0 && !longTasks.some((task) => task.start + task.duration > since);
    },
    takeMessages() {
      const taken = received;
      received = { payloadBytes: 0, messages: 0, byEvent: {} };
      return taken;
    },
    messageCount: (event) => (event ? (received.byEvent[event] ?? 0) : received.messages),
    async whenShown(kind, count) {
      let checkedAt = -Infinity;
      for (;;) {
        await nextFrame();
        // When the check runs, not the frame's timestamp: a frame's callbacks run after the
        // long task before them (the editor loading the scene) with the time the frame began,
        // up to half a second earlier on a 20,000-element board.
        const time = performance.now();
        if (kind === 'plain') {
          if (plainCount() >= count) return { openMs: time };
          continue;
        }
        // A probe that copies the scene to count it is asked at most every 250 ms.
        if (!cheapCount() && time - checkedAt < 250) continue;
        checkedAt = performance.now();
        const held = tabulaCount();
        if (held >= count) return { openMs: time, countMs: performance.now() - checkedAt };
        if (held < 0) checkedAt = -Infinity;
      }
    },
  };
})();

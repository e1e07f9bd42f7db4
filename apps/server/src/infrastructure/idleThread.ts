/**
 * A thread of this process that gives way to the rest of it (Linux): under SCHED_IDLE, set
 * with util-linux's `chrt` on the thread's own id, it takes a core only when no other thread
 * of its session or cgroup wants one, so the event loop's wake-ups never wait for it.
 *
 * The catch is starvation: the kernel weighs sessions and cgroups against each other first,
 * so any busy process in the server's own session (a build in the same terminal, a test run's
 * workers) leaves such a thread almost nothing (a 50,000-element cold join's ack took 81 s
 * with two spinning processes in the server's session, 18-20 s at nice 10; see
 * docs/performance.md). `IdleThreadGuard` watches the thread while it has work: when it has
 * wanted a core and hardly run for a few polls in a row, it raises it to SCHED_OTHER (its nice
 * value, 10, stays), and puts it back under SCHED_IDLE once the work is done.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { promisify } from 'node:util';

/** How often a thread with work is looked at. */
const GUARD_POLL_MS = 100;
/** Polls in a row the thread must starve in before it is raised. */
const STARVED_POLLS = 3;
/** A poll starves when the thread wants a core and ran less than this share of the poll. */
const STARVED_RUNNING = 0.1;

/** The calling thread's own id (Linux), or undefined where there is no /proc/thread-self. */
function ownThreadId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

/** `chrt`'s arguments that move thread `thread` under SCHED_IDLE or back to SCHED_OTHER. */
const chrt = (thread: number, idle: boolean) => [
  idle ? '--idle' : '--other',
  '--pid',
  '0',
  String(thread),
];

/**
 * Puts the calling thread at nice 10 and, where `chrt` is found, under SCHED_IDLE. Answers
 * its id and whether it is idle; elsewhere than Linux it keeps the process's priority.
 */
export function becomeIdle(): { thread: number; idle: boolean } | undefined {
  const thread = ownThreadId();
  if (thread === undefined) return undefined;
  setPriority(thread, 10);
  try {
    execFileSync('chrt', chrt(thread, true), { stdio: 'ignore' });
    return { thread, idle: true };
  } catch {
    return { thread, idle: false };
  }
}

/** Moves thread `thread` of this process (`chrt` runs as a child; the loop goes on meanwhile). */
const schedule = async (thread: number, idle: boolean) => {
  await promisify(execFile)('chrt', chrt(thread, idle));
};

/**
 * Whether thread `thread` of this process wants a core (running or waiting for one), and the
 * nanoseconds it has run. (Its schedstat's time waiting is no use here: the kernel adds a wait
 * up only once the thread gets a core, so a starving thread shows none.)
 */
function runState(thread: number): { runnable: boolean; ran: number } | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    const ran = readFileSync(`/proc/self/task/${thread}/schedstat`, 'utf8').split(' ')[0];
    return { runnable: stat[stat.lastIndexOf(')') + 2] === 'R', ran: Number(ran) };
  } catch {
    return undefined;
  }
}

/** What an `IdleThreadGuard` tells its owner. */
export interface IdleThreadEvents {
  /** The thread starved and is raised out of SCHED_IDLE until its work is done. */
  raised?: () => void;
  /** `chrt` failed to move it. */
  error?: (error: unknown) => void;
}

export class IdleThreadGuard {
  private timer: NodeJS.Timeout | undefined;
  private last: { at: bigint; ran: number } | undefined;
  private starved = 0;
  private isRaised = false;
  /** `chrt` runs one at a time, in the order asked. */
  private moves = Promise.resolve();

  constructor(
    private readonly thread: number,
    private readonly on: IdleThreadEvents = {},
  ) {}

  /** The thread has work: watch it for starving. */
  watch(): void {
    if (this.timer) return;
    this.last = undefined;
    this.starved = 0;
    this.timer = setInterval(() => this.poll(), GUARD_POLL_MS);
    this.timer.unref();
  }

  /** The thread's work is done: stop watching, and put it back under SCHED_IDLE if raised. */
  rest(): void {
    this.stop();
    if (!this.isRaised) return;
    this.isRaised = false;
    this.move(true);
  }

  /** Stops watching (the thread is gone). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private poll(): void {
    const state = runState(this.thread);
    if (!state) return this.stop();
    const at = process.hrtime.bigint();
    const last = this.last;
    this.last = { at, ran: state.ran };
    if (!last || this.isRaised) return;
    const starving =
      state.runnable && state.ran - last.ran < STARVED_RUNNING * Number(at - last.at);
    this.starved = starving ? this.starved + 1 : 0;
    if (this.starved < STARVED_POLLS) return;
    this.isRaised = true;
    this.on.raised?.();
    this.move(false);
  }

  private move(idle: boolean): void {
    this.moves = this.moves
      .then(() => schedule(this.thread, idle))
      .catch((error: unknown) => this.on.error?.(error));
  }
}

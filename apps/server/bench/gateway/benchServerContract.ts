/**
 * What a gateway benchmark's server process (`benchServer.ts`) and its parent
 * (`serverProcess.ts`) say to each other, and what the Tabula app and the bare relay each
 * provide to the process.
 */
import type { CpuWindow } from '../cpuWindow';

export interface Fixture {
  rooms: { canvasId: string; tokens: string[] }[];
}

export interface BenchServer {
  url: string;
  /** Where the server keeps its files; removed by the parent once the process is gone. */
  dataDir?: string;
  fixture(rooms: number, perRoom: number): Promise<Fixture>;
  /** Bytes of scene text the server keeps for open canvases (a cache it bounds); none: 0. */
  sceneBytes?(): number;
}

export interface ServerStats {
  cpuUserMs: number;
  cpuSystemMs: number;
  rssStartBytes: number;
  rssPeakBytes: number;
  rssBytes: number;
  /** Event-loop delay since the last start (p99 and max, ms). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The server's main thread and the machine's cores since the last start (Linux only). */
  cpu: CpuWindow | null;
}

/** What the process keeps once garbage is collected (the soak's growth, without GC's sawtooth). */
export interface HeldMemory {
  rssBytes: number;
  heapUsedBytes: number;
  /** V8's heap as reserved from the system (used or not). */
  heapTotalBytes: number;
  /** Memory outside the JS heap that JS objects hold (Buffers, ArrayBuffers). */
  externalBytes: number;
  /** See `BenchServer.sceneBytes`. */
  sceneBytes: number;
  /** Of the RSS, anonymous memory (heaps, malloc) and file-backed pages (code, mapped files). */
  rssAnonBytes: number;
  rssFileBytes: number;
  /** V8's heap by space (`new_space`, `old_space`, ...): reserved and in use. */
  heapSpaces: Record<string, { sizeBytes: number; usedBytes: number }>;
}

export type ServerRequest =
  | { type: 'fixture'; rooms: number; perRoom: number }
  | { type: 'start' }
  | { type: 'stats' }
  | { type: 'held' };

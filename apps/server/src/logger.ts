/**
 * The server's log: pino, one JSON object a line with the node's id on every line, info and
 * warnings on stdout, errors on stderr. Written synchronously (a few lines a minute, and none is
 * lost when the process exits). Tokens, passwords and credentials never reach it: the known
 * fields are redacted and addresses are logged without their user and password.
 * `pretty` prints `time LEVEL message` lines instead, for a person at a terminal.
 */
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

export type { Logger } from 'pino';

export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  /** Which node wrote each line (`NODE_ID`). */
  nodeId: string;
  /** pino's level name: fatal, error, warn, info, debug, trace or silent. */
  level?: string;
  format?: LogFormat;
}

const REDACTED = [
  'token',
  'password',
  'authorization',
  '*.token',
  '*.password',
  '*.authorization',
  'headers["auth-token"]',
  'headers.cookie',
];

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** A line of pino's JSON as `12:00:01 INFO  message {other fields}`. */
export function prettyLine(json: string): string {
  const {
    level,
    time,
    msg,
    node: _node,
    err,
    ...rest
  } = JSON.parse(json) as Record<string, unknown>;
  const clock = new Date(Number(time)).toISOString().slice(11, 19);
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
  return `${clock} ${(LEVEL_NAMES[Number(level)] ?? level) as string} ${String(msg ?? '')}${extra}${stack}\n`;
}

function destination(fd: 1 | 2, format: LogFormat): DestinationStream {
  const out = pino.destination({ dest: fd, sync: true });
  return format === 'pretty' ? { write: (line: string) => out.write(prettyLine(line)) } : out;
}

export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? 'json';
  return pino(
    {
      level: options.level ?? 'info',
      base: { node: options.nodeId },
      timestamp: pino.stdTimeFunctions.epochTime,
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    pino.multistream(
      [
        { level: 'trace', stream: destination(1, format) },
        { level: 'error', stream: destination(2, format) },
      ],
      { dedupe: true },
    ),
  );
}

/** What a stream or socket fails with when the other end hangs up mid-answer. */
const HANG_UPS = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Whether `error` is a client that hung up before its answer was sent ("Premature close" while
 * a file streams, a reset socket): the client's doing, not a fault of the server.
 */
export function isClientHangUp(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && HANG_UPS.has(code);
}

/**
 * `logError` of the app context, on `logger`: the error with its stack, and where it happened.
 * A client that hung up during an HTTP answer is logged at debug, without the stack (the
 * access log shows the request as `aborted`).
 */
export function errorReporter(logger: Logger): (error: unknown, where: string) => void {
  return (error, where) => {
    const message = error instanceof Error ? error.message : String(error);
    if (where === 'http' && isClientHangUp(error)) {
      logger.debug({ where, code: (error as { code: string }).code }, `Client hung up: ${message}`);
      return;
    }
    logger.error({ err: error, where }, message);
  };
}

/** `url` without its user, password, path or query: safe to log. */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(not a URL)';
  }
}

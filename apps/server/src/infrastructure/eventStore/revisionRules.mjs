/**
 * The expected-revision rule, in plain JavaScript so that both the TypeScript adapters (through
 * `appendRules.ts`) and the SQLite writer worker (`sqliteWriter.worker.mjs`, loaded without a
 * TypeScript loader) apply the very same check. Types: `revisionRules.d.mts`.
 */

/** True when a stream whose last revision is `actual` satisfies `expected`. */
export function expectedRevisionMatches(expected, actual) {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

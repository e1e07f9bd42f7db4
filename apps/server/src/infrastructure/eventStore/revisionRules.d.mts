import type { ActualRevision, ExpectedRevision } from './eventStore';

/** True when a stream whose last revision is `actual` satisfies `expected`. */
export declare function expectedRevisionMatches(
  expected: ExpectedRevision,
  actual: ActualRevision,
): boolean;

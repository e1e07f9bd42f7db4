/**
 * A PostgreSQL cluster of a test file's own (test/support/postgres.ts), in vitest: started
 * before the file's tests and stopped after them. Without the binaries (never in CI) the file
 * has one skipped suite and the reason is printed.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { postgresBinariesOrSkip, startTestPostgres } from './postgres';
import type { TestPostgres } from './postgres';

/**
 * The running cluster, for the file's tests and hooks (its hooks run after this one's), or
 * undefined when the suite `title` of test file `name` is skipped.
 */
export function postgresForFile(name: string, title: string): (() => TestPostgres) | undefined {
  const binDir = postgresBinariesOrSkip(name);
  if (binDir === undefined) {
    describe.skip(title, () => {
      it('needs PostgreSQL server binaries', () => undefined);
    });
    return undefined;
  }
  let cluster: TestPostgres | undefined;
  beforeAll(async () => {
    cluster = await startTestPostgres(binDir);
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  return () => cluster!;
}

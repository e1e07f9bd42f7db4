/** The file store contract on PostgreSQL, against a cluster this file starts. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { postgresBinariesOrSkip, startTestPostgres } from '../../../test/support/postgres';
import type { TestPostgres } from '../../../test/support/postgres';
import { describeFileStoreContract } from './fileStore.contract';
import { openPostgresFileStore } from './postgresFileStore';

const binDir = postgresBinariesOrSkip('postgresFileStore.int.test');

if (binDir === undefined) {
  describe.skip('FileStore contract: postgres', () => {
    it('needs PostgreSQL server binaries', () => undefined);
  });
} else {
  let cluster: TestPostgres;
  let url = '';
  beforeAll(async () => {
    cluster = await startTestPostgres(binDir);
    url = await cluster.createDatabase('files');
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  describeFileStoreContract('postgres', () => openPostgresFileStore({ connectionString: url }));
}

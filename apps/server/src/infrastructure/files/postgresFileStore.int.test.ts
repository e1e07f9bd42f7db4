/** The file store contract on PostgreSQL, against a cluster this file starts. */
import { beforeAll } from 'vitest';
import { postgresForFile } from '../../../test/support/postgresSuite';
import { describeFileStoreContract } from './fileStore.contract';
import { openPostgresFileStore } from './postgresFileStore';

const cluster = postgresForFile('postgresFileStore.int.test', 'FileStore contract: postgres');

if (cluster) {
  let url = '';
  beforeAll(async () => {
    url = await cluster().createDatabase('files');
  });
  describeFileStoreContract('postgres', () => openPostgresFileStore({ connectionString: url }));
}

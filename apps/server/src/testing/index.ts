/** What other workspaces' tests use to run the real server in-process. */
export { startInMemoryServer } from './startInMemoryServer';
export type { InMemoryServer, TestUser } from './startInMemoryServer';

import { createInMemoryReadModelStore } from './inMemoryReadModelStore';
import { describeReadModelStoreContract } from './readModelStore.contract';

describeReadModelStoreContract('in-memory', () => createInMemoryReadModelStore());

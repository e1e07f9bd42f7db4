import { describeEventStoreContract } from './eventStore.contract';
import type { ContractEvent } from './contractEvents';
import { createInMemoryEventStore } from './inMemoryEventStore';

describeEventStoreContract('in-memory', () => createInMemoryEventStore<ContractEvent>(), {
  rejectsPartialDuplicates: true,
  erasesFromAllAtOnce: true,
  erasedStreamCountsAsNew: true,
});

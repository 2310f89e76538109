// The embedded ReadStore passes the shared ReadStore contract.
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { readStoreContract } from './readStoreContract.ts';

readStoreContract('Memory', async () => createMemoryReadStore());

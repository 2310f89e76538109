// The embedded ReadStore passes the shared ReadStore contract.
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { readStoreContract } from './readStoreContract.ts';
import { testMemos } from '../support/memos.ts';

readStoreContract('Memory', async () => createMemoryReadStore(testMemos));

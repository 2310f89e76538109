// The embedded TermCollection passes the shared TermCollection contract.
import { createMemoryTermCollection } from '../../../src/projections/memory/memoryTermCollection.ts';
import { termCollectionContract } from './termCollectionContract.ts';

termCollectionContract('Memory', async (taxonomy) => ({
  collection: createMemoryTermCollection(taxonomy),
  close: async () => {},
}));

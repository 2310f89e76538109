// Specification of the EventStoreDB adapter: the shared contract against a real server named by CAL_EVENTSTORE_URL.
import { expect } from 'chai';
import { NoStream, StoreUnavailable } from '../../src/events/eventStore.ts';
import { connectEsdbEventStore } from '../../src/events/esdb/esdbEventStore.ts';
import { events, rejection, within } from './contractSupport.ts';
import { eventStoreContract } from './eventStoreContract.ts';

describe('EventStoreDB event store', function () {
  before(function () {
    if (!process.env.CAL_EVENTSTORE_URL) {
      console.log('  skipped: EventStoreDB contract (set CAL_EVENTSTORE_URL to run it against a real server)');
      this.skip();
    }
  });

  eventStoreContract('EventStoreDB', async () => {
    const url = process.env.CAL_EVENTSTORE_URL;
    if (!url) throw new Error('CAL_EVENTSTORE_URL is not set');
    return connectEsdbEventStore(url);
  });
});

describe('connectEsdbEventStore without a server', function () {
  // Nothing listens on port 1: every call is refused at once, which is how a stopped server looks.
  const nowhere = 'esdb://127.0.0.1:1?tls=false';

  it('reports every operation as StoreUnavailable', async function () {
    const store = connectEsdbEventStore(nowhere);
    try {
      expect(await rejection(store.append('event-1', events(1), NoStream))).to.be.instanceOf(StoreUnavailable);
      expect(await rejection(store.readStream('event-1'))).to.be.instanceOf(StoreUnavailable);
      expect(await rejection(store.readAll())).to.be.instanceOf(StoreUnavailable);
      expect(await rejection(store.headPosition())).to.be.instanceOf(StoreUnavailable);
      const subscription = store.subscribeToAll({ onEvent: () => undefined });
      expect(await within(subscription.failed, 10_000, 'the subscription to fail')).to.be.instanceOf(StoreUnavailable);
    } finally {
      await store.close();
    }
  });
});

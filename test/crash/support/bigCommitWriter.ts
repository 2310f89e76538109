// A second writer process on a service's data dir: appends one commit of many megabytes to an event stream, whose
// flush takes long enough for a test to freeze the process (SIGSTOP) after the commit became visible and before its
// flush finished, as a crash or power cut at that moment would leave it.
// Usage: node --import tsx test/crash/support/bigCommitWriter.ts <store dir> <events> <bytes per event>
import { openLmdbEventStore } from '../../../src/events/embedded/lmdbEventStore.ts';
import { AnyRevision } from '../../../src/events/eventStore.ts';

const [path, count, bytes] = [process.argv[2] as string, Number(process.argv[3]), Number(process.argv[4])];
const store = await openLmdbEventStore(path, { minFreeBytes: 0 });
const metadata = {
  actor: 'probe',
  occurredAt: new Date().toISOString(),
  correlationId: 'probe',
  causationId: 'probe',
  schemaVersion: 1,
};
// A type no version of the service knows: the feed passes it on undecoded and the projections skip it.
const events = Array.from({ length: count }, (_, n) => ({
  type: 'DurabilityProbed',
  data: { n, padding: String(n % 10).repeat(bytes) },
  metadata,
}));
await store.append('event-999999999', events, AnyRevision);
// Tells the test the commit was flushed before it could freeze this process: that round proves nothing.
process.stdout.write('appended\n');
await store.close();

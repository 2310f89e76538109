// The distributed EventStore adapter: EventStoreDB/KurrentDB through @eventstore/db-client (gRPC).
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  type AllStreamResolvedEvent,
  type EventData,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../eventStore.ts';
import {
  isSystemEvent,
  readPositionAfter,
  toAppendError,
  toEsdbExpectedRevision,
  toEventData,
  toPortError,
  toRecordedEvent,
} from './esdbMapping.ts';
import { settleAppend } from '../appendOutcome.ts';
import { eventIdOf } from './eventIds.ts';
import { subscribeToAllOnEsdb, type EsdbSubscription } from './esdbSubscription.ts';

/** Events fetched per $all request; system events are filtered client-side, so a page may yield fewer. */
const PAGE_SIZE = 500;

/**
 * Connects lazily: the first call opens the gRPC channel, so an unreachable server shows up as StoreUnavailable there.
 */
export function connectEsdbEventStore(connectionString: string): EventStore {
  return new EsdbStore(EventStoreDBClient.connectionString(connectionString));
}

async function readAllPage(
  client: EventStoreDBClient,
  from: ReadPosition,
  direction: typeof FORWARDS | typeof BACKWARDS,
) {
  const page: AllStreamResolvedEvent[] = [];
  for await (const resolved of client.readAll({ fromPosition: from, maxCount: PAGE_SIZE, direction }))
    page.push(resolved);
  return page;
}

class EsdbStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Kept identical to the embedded adapter: an empty append has no last event to report.
    if (events.length === 0) throw new RangeError('an append needs at least one event');
    const eventData = events.map((event, index) => toEventData(event, eventIdOf(streamId, expected, index, event)));
    return settleAppend({
      streamId,
      events,
      expected,
      attempt: () => this.appendOnce(streamId, eventData, expected),
      readStream: (stream, options) => this.readStream(stream, options),
    });
  }

  private async appendOnce(
    streamId: string,
    eventData: EventData[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(streamId, eventData, {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
      // The server reports the log position of the append's last record, which is the $all position of its last event.
      const position = result.position?.commit ?? (await this.lastPositionOf(streamId));
      return { nextRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw toAppendError(error, streamId, expected);
    }
  }

  /**
   * EventStoreDB transactions span one stream only, so the parts are appended one after another, each awaited before
   * the next starts (which keeps their $all order). A failed part ends the call: the parts before it stay written.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) throw new RangeError('an append needs at least one stream');
    if (new Set(appends.map((append) => append.streamId)).size < appends.length)
      throw new RangeError('a stream appears twice in one append');
    const results: AppendResult[] = [];
    for (const { streamId, events, expected } of appends) results.push(await this.append(streamId, events, expected));
    return results;
  }

  private async lastPositionOf(streamId: string): Promise<bigint> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: END,
      direction: BACKWARDS,
      maxCount: 1,
    })) {
      const event = toRecordedEvent(resolved);
      if (event !== undefined) return event.position;
    }
    throw new Error(`EventStoreDB reported no position for the append to ${streamId}`);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const result: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: options.fromRevision ?? START,
        direction: FORWARDS,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event !== undefined) result.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw toPortError(error);
    }
    return result;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { after, maxCount } = options;
    if (maxCount !== undefined && maxCount <= 0) return [];
    const result: RecordedEvent[] = [];
    // Reads are inclusive of their start: `seen` drops `after` itself and each page's first event,
    // which is the previous page's last.
    let seen = after ?? -1n;
    let from = readPositionAfter(after);
    try {
      while (true) {
        const page = await readAllPage(this.client, from, FORWARDS);
        let last: Position | undefined;
        for (const resolved of page) {
          last = resolved.event?.position ?? last;
          const event = toRecordedEvent(resolved);
          if (event === undefined || event.position <= seen) continue;
          seen = event.position;
          result.push(event);
          if (maxCount !== undefined && result.length >= maxCount) return result;
        }
        if (page.length < PAGE_SIZE || last === undefined) return result;
        from = last;
      }
    } catch (error) {
      throw toPortError(error);
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = subscribeToAllOnEsdb(this.client, options, () => this.headPosition());
    this.subscriptions.add(subscription);
    void subscription.ended.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async headPosition(): Promise<bigint> {
    // The newest records of $all are often the server's own (stats, projections): page back past them.
    let from: ReadPosition = END;
    try {
      while (true) {
        const page = await readAllPage(this.client, from, BACKWARDS);
        for (const resolved of page) {
          const event = resolved.event;
          if (event !== undefined && !isSystemEvent(event.streamId, event.type)) return event.position.commit;
        }
        const oldest = page.at(-1)?.event?.position;
        if (page.length < PAGE_SIZE || oldest === undefined) return -1n;
        from = oldest;
      }
    } catch (error) {
      throw toPortError(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }
}

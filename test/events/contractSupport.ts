// Helpers for the EventStore contract: unique stream names, event builders, rejections and waiting for subscriptions.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent, SubscribeOptions } from '../../src/events/eventStore.ts';

/** Stream ids unique to one test, so the contract can run against a shared, non-empty server. */
export function uniqueStreams(): (name: string) => string {
  const run = randomUUID().replaceAll('-', '');
  return (name) => `contract-${run}-${name}`;
}

export function anEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    data,
    metadata: {
      actor: 'user-1',
      occurredAt: '2024-05-01T10:00:00.000Z',
      correlationId: 'corr-1',
      causationId: 'cause-1',
      schemaVersion: 1,
    },
  };
}

export function events(count: number, type = 'ThingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => anEvent(type, { index }));
}

/** The error a promise rejects with; fails the test when it fulfils. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it fulfilled');
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(10);
  }
}

/** Rejects if `promise` has not settled within `ms`; for promises that must settle, like `failed`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Recording {
  /** Our events in delivery order, plus a `caught-up` marker where onCaughtUp was called. */
  readonly log: (RecordedEvent | 'caught-up')[];
  readonly delivered: () => RecordedEvent[];
  readonly subscription: ReturnType<EventStore['subscribeToAll']>;
}

/** Subscribes and records only events of streams accepted by `ours`: a shared server carries others' events too. */
export function record(
  store: EventStore,
  ours: (streamId: string) => boolean,
  options: Partial<SubscribeOptions> = {},
): Recording {
  const log: (RecordedEvent | 'caught-up')[] = [];
  const subscription = store.subscribeToAll({
    ...options,
    onEvent: async (event) => {
      if (!ours(event.streamId)) return;
      log.push(event);
      await options.onEvent?.(event);
    },
    onCaughtUp: () => {
      log.push('caught-up');
      options.onCaughtUp?.();
    },
  });
  const delivered = (): RecordedEvent[] => log.filter((entry): entry is RecordedEvent => entry !== 'caught-up');
  return { log, delivered, subscription };
}

export function withPrefix(prefix: string): (streamId: string) => boolean {
  return (streamId) => streamId.startsWith(prefix);
}

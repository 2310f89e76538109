// Shared vocabulary of the change feed specifications: opening feeds, reading their messages, and what the store holds.
import type { ChangeMessage } from '../../../../src/http/routes/changes/changeMessage.ts';
import type { RecordedEvent } from '../../../../src/events/eventStore.ts';
import { streamCategory } from '../../../../src/events/eventStore.ts';
import { openSse, type SseConnection, type SseMessage } from '../../../support/sseClient.ts';
import { adminAuth, type TestService } from '../../../support/testService.ts';

export const CHANGES = '/cal/events/v1/changes';
export const resourceKinds = ['event', 'venue', 'organizer', 'category', 'tag'];

/** The JSON of a message's `data:` line. */
export type Change = ChangeMessage & { readonly data: Record<string, unknown> };

export const changeOf = (message: SseMessage): Change => JSON.parse(message.data) as Change;

/** Opens the feed as the admin unless other credentials (or none: `auth: null`) are given. */
export function openFeed(
  t: TestService,
  query = '',
  options: { auth?: string | null; headers?: Record<string, string> } = {},
): Promise<SseConnection> {
  const auth = options.auth === undefined ? adminAuth : options.auth;
  return openSse(`${t.service.url}${CHANGES}${query}`, {
    ...(auth ? { authorization: auth } : {}),
    ...(options.headers ?? {}),
  });
}

/**
 * The store's resource events strictly after `after` (all of them without it), in global order, as a feed opened with
 * `from=<after>` (or `from=start`) should deliver them.
 */
export async function storedChanges(
  t: TestService,
  after: bigint | undefined,
  kinds: readonly string[] = resourceKinds,
): Promise<RecordedEvent[]> {
  const all = await t.service.store.readAll(after === undefined ? {} : { after });
  return all.filter((event) => kinds.includes(streamCategory(event.streamId)));
}

/** What identifies a delivered or stored event, for comparing sequences. */
export const identity = (event: {
  position: bigint | string;
  streamId?: string;
  stream?: string;
  type: string;
}): string => `${String(event.position)} ${event.streamId ?? event.stream ?? ''} ${event.type}`;

export const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

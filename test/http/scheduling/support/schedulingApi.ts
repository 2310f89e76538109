// Shared vocabulary of the scheduled publication specifications: reading an item's status and its scheduler events.
import { expect } from 'chai';
import type { RecordedEvent } from '../../../../src/events/eventStore.ts';
import type { TestService } from '../../../support/testService.ts';
import { API, bodyOf } from '../../events/support/eventsApi.ts';

export type PostKind = 'event' | 'venue' | 'organizer';

export async function statusOf(t: TestService, kind: PostKind, id: number): Promise<unknown> {
  const res = await t.admin('GET', `${API}/${kind}s/${String(id)}`);
  return kind === 'event' && res.status === 403 ? 'trash' : bodyOf(res).status;
}

/** The events of the item's stream the scheduler appended. */
export async function publicationEvents(t: TestService, kind: PostKind, id: number): Promise<RecordedEvent[]> {
  return (await t.service.store.readStream(`${kind}-${String(id)}`)).filter(
    (event) => event.metadata.actor === 'scheduler',
  );
}

/**
 * Waits until the item reads as `publish`: the timer runs on its own. The bound is generous (the contract's window is
 * 5 seconds); the test asserts that it happens, never how fast.
 */
export async function publishedWithin(t: TestService, kind: PostKind, id: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(t, kind, id);
    if (status === 'publish') return;
    expect(Date.now(), `${kind} ${String(id)} still ${String(status)}`).to.be.below(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

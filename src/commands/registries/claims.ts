// Exclusive claims on registry streams (slugs, term names, user logins): one holder per stream, appended with the
// expected revision.
import {
  NoStream,
  StoreUnavailable,
  WrongExpectedRevision,
  type EventStore,
  type ExpectedRevision,
  type StreamAppend,
} from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import { retryRelease } from './releaseRetry.ts';

const maxRaces = 20;
/**
 * A claim matters only through the owner's own append that follows it, which is durable and, the store committing
 * in order, makes the claim durable too; so claims need not wait for the disk themselves.
 */
const notDurable = { durable: false } as const;

export type ClaimKind = 'slug' | 'name' | 'login' | 'translation';
export type ClaimOutcome = { readonly held: true } | { readonly held: false; readonly holder: string };

/**
 * A write that carried a claim found it taken by another owner meanwhile: the store refused it, so nothing was written.
 */
export const claimTaken = 'claim-taken' as const;

/** What claiming a stream takes: nothing (the owner holds it), the append of the claim (it is free), or it is taken. */
export type ClaimPlan =
  | { readonly kind: 'held' }
  | { readonly kind: 'free'; readonly append: StreamAppend }
  | { readonly kind: 'taken'; readonly holder: string };

const reservation = {
  claimed: (owner: string): DomainEvent => ({ type: 'SlugReserved', data: { owner } }),
  released: (owner: string): DomainEvent => ({ type: 'SlugReleased', data: { owner } }),
};

/**
 * Slug claims (`slug-…` streams) and term name claims (`termname-…` streams) differ only in their events. Login
 * claims (`login-…` streams) record the same generic "reserved by owner" facts as slugs: the stream's category says
 * what is reserved.
 */
const claimEvents: Record<
  ClaimKind,
  { claimed: (owner: string) => DomainEvent; released: (owner: string) => DomainEvent }
> = {
  slug: reservation,
  login: reservation,
  translation: reservation,
  name: {
    claimed: (owner) => ({ type: 'TermNameClaimed', data: { owner } }),
    released: (owner) => ({ type: 'TermNameReleased', data: { owner } }),
  },
};

/**
 * Plans a claim of the stream for `owner` without writing: the append it needs, if any, expects the stream as it is
 * now, so it fails with WrongExpectedRevision when someone claimed it meanwhile.
 */
export async function planClaim(
  store: EventStore,
  kind: ClaimKind,
  streamId: string,
  owner: string,
  ctx: WriteContext,
): Promise<ClaimPlan> {
  const current = await holder(store, streamId);
  if (current.owner === owner) return { kind: 'held' };
  if (current.owner !== null) return { kind: 'taken', holder: current.owner };
  return { kind: 'free', append: claimAppend(kind, streamId, owner, ctx, current.expected) };
}

/**
 * The append that claims a stream never written (expecting no stream), planned without reading it: what a new owner
 * tries first for a name most likely free. The store refuses it when the stream exists (held, or released and free
 * again), and only then does the owner read the stream (`planClaim`).
 */
export const unreadClaim = (kind: ClaimKind, streamId: string, owner: string, ctx: WriteContext): ClaimPlan => ({
  kind: 'free',
  append: claimAppend(kind, streamId, owner, ctx, NoStream),
});

const claimAppend = (
  kind: ClaimKind,
  streamId: string,
  owner: string,
  ctx: WriteContext,
  expected: ExpectedRevision,
): StreamAppend => ({ streamId, events: [toNewEvent(claimEvents[kind].claimed(owner), ctx)], expected });

/** Claims the stream for `owner` unless someone else holds it; holding it already counts as success. */
export async function claim(
  store: EventStore,
  kind: ClaimKind,
  streamId: string,
  owner: string,
  ctx: WriteContext,
): Promise<ClaimOutcome> {
  for (let race = 0; race < maxRaces; race++) {
    const plan = await planClaim(store, kind, streamId, owner, ctx);
    if (plan.kind === 'held') return { held: true };
    if (plan.kind === 'taken') return { held: false, holder: plan.holder };
    try {
      await store.append(streamId, plan.append.events, plan.append.expected, notDurable);
      return { held: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    }
  }
  // Twenty lost races in a row on one claim stream: treat as taken by whoever holds it now.
  return { held: false, holder: (await holder(store, streamId)).owner ?? '' };
}

/**
 * Frees a claim held by `owner`; a claim held by someone else is left alone. Never fails for an outage: a release is
 * the cleanup after a write, which either happened (and must not be reported as failed) or failed for the outage
 * already; the release is retried in the background instead (see `retryRelease`).
 */
export async function release(
  store: EventStore,
  kind: ClaimKind,
  streamId: string,
  owner: string,
  ctx: WriteContext,
): Promise<void> {
  try {
    await releaseNow(store, kind, streamId, owner, ctx);
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error;
    retryRelease(store, owner, () => releaseNow(store, kind, streamId, owner, ctx));
  }
}

async function releaseNow(
  store: EventStore,
  kind: ClaimKind,
  streamId: string,
  owner: string,
  ctx: WriteContext,
): Promise<void> {
  for (let race = 0; race < maxRaces; race++) {
    const current = await holder(store, streamId);
    if (current.owner !== owner) return;
    try {
      await store.append(streamId, [toNewEvent(claimEvents[kind].released(owner), ctx)], current.expected, notDurable);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    }
  }
}

/** Who holds the claim stream now, or null when nobody does. */
export async function claimHolder(store: EventStore, streamId: string): Promise<string | null> {
  return (await holder(store, streamId)).owner;
}

async function holder(
  store: EventStore,
  streamId: string,
): Promise<{ expected: ExpectedRevision; owner: string | null }> {
  const last = (await store.readStream(streamId)).at(-1);
  if (!last) return { expected: NoStream, owner: null };
  const event = decodeDomainEvent(last);
  const owner = event?.type === 'SlugReserved' || event?.type === 'TermNameClaimed' ? event.data.owner : null;
  return { expected: last.revision, owner };
}

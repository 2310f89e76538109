// One service per fuzz suite, seeded with an item of every kind, and the observations the properties compare:
// liveness, the event store's head and the read model's digest.
import { expect } from 'chai';
import { startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import { destroyAgent, sendRaw, type RawRequest, type RawResponse } from './rawHttp.ts';

export const API = '/cal/events/v1';
const dates = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
/** Generous for a loaded machine: the projection applies a handful of events in milliseconds. */
const catchUpDeadlineMs = 20_000;

export interface FuzzService {
  readonly t: RoleTestService;
  send(req: RawRequest): Promise<RawResponse>;
  /** What a rejected request must leave as it was: the read model's content and the store's head. */
  observeState(): Promise<string>;
  /** Events appended after `position`, as `stream type` lines: a refused request must have written none. */
  writesSince(position: bigint): Promise<string[]>;
  /** Fails unless the service still answers its liveness probe and an API read. */
  expectAlive(): Promise<void>;
  close(): Promise<void>;
}

/** Creates `fuzz-*` items of every kind (ids 1–5) so that fuzzed ids and slugs reach existing items too. */
async function seed(t: RoleTestService): Promise<void> {
  const create = async (path: string, body: Record<string, unknown>, who: 'admin' | 'contributor' = 'admin') => {
    const res = await t.by(who, 'POST', `${API}${path}`, { body });
    expect(res.status, `seeding ${path}: ${res.text}`).to.equal(201);
  };
  await create('/categories', { name: 'Fuzz category', slug: 'fuzz-category' });
  await create('/tags', { name: 'Fuzz tag', slug: 'fuzz-tag' });
  await create('/venues', { venue: 'Fuzz venue', slug: 'fuzz-venue' });
  await create('/organizers', { organizer: 'Fuzz organizer', slug: 'fuzz-organizer' });
  await create('/events', {
    title: 'Fuzz event',
    slug: 'fuzz-event',
    ...dates,
    categories: [1],
    tags: [2],
    venue: 1,
    organizer: 2,
  });
  await create('/events', { title: 'Fuzz draft', status: 'draft', ...dates }, 'contributor');
  await create('/events', { title: 'Fuzz protected', ...dates });
  const locked = await t.admin('POST', `${API}/events/5`, { body: { password: 'secret' } });
  expect(locked.status, `protecting event 5: ${locked.text}`).to.equal(200);
}

/**
 * Each request as if from its own client (behind a trusted proxy): broken credentials must not lock the fuzzer out
 * of every authenticated route for the failed-login window.
 */
let clients = 0;
const asNewClient = (req: RawRequest): RawRequest => {
  clients++;
  const address = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  return req.headers['x-forwarded-for'] === undefined
    ? { ...req, headers: { ...req.headers, 'x-forwarded-for': address } }
    : req;
};

export async function startFuzzService(): Promise<FuzzService> {
  const t = await startRoleService({ CAL_TRUST_PROXY: 'true' });
  await seed(t);
  const { store, readStore, projections } = t.service;
  return {
    t,
    send: (req) => sendRaw(t.service.url, asNewClient(req)),
    observeState: async () => {
      const head = await store.headPosition();
      expect(await projections.waitFor(head, catchUpDeadlineMs), 'projection caught up').to.equal(true);
      return JSON.stringify({ collections: await digestReadStore(readStore, { detail: true }), head: head.toString() });
    },
    writesSince: async (position) => {
      const events = await store.readAll({ after: position });
      return events.map((event) => `${event.streamId} ${event.type}`);
    },
    expectAlive: async () => {
      const health = await sendRaw(t.service.url, { method: 'GET', path: '/health', headers: {} });
      expect(health.status, health.text).to.equal(200);
      const list = await sendRaw(t.service.url, { method: 'GET', path: `${API}/events`, headers: {} });
      expect(list.status, list.text).to.equal(200);
    },
    close: async () => {
      destroyAgent();
      await t.close();
    },
  };
}

/** Own property names of the prototypes a pollution would reach, to compare before and after. */
export function prototypeSnapshot(): string {
  return JSON.stringify(
    [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto) =>
      Object.getOwnPropertyNames(proto).sort(),
    ),
  );
}

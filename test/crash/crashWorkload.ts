// The crash test's writers: concurrent loops of mixed writes, and the ledger of what the service acknowledged (2xx).
import { adminRequest, type Answer } from '../support/serviceProcess.ts';

/** mulberry32: small, seedable, good enough to vary a workload reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ItemKind = 'venue' | 'organizer' | 'category' | 'tag';

/** What a later read must show; `inDoubt` is a write sent but never answered (the process died under it). */
export interface EventRecord {
  readonly id: number;
  readonly writer: string;
  title: string;
  description: string;
  readonly categories: readonly number[];
  readonly tags: readonly number[];
  readonly venue: number | undefined;
  readonly organizers: readonly number[];
  trashed: boolean;
  inDoubt?: { readonly title?: string; readonly description?: string; readonly trash?: true };
}

export interface ItemRecord {
  readonly kind: ItemKind;
  readonly id: number;
  readonly name: string;
}

export class Ledger {
  readonly events = new Map<number, EventRecord>();
  readonly items: ItemRecord[] = [];
  /** Titles of creates sent but never answered: each may exist once, or not at all. */
  readonly createsInDoubt: string[] = [];
  /** Answers other than the expected 2xx: none are expected from a healthy service. */
  readonly unexpected: string[] = [];
  acknowledgedWrites = 0;
  /** What changed since the last `takeTouched()`: the next restart verifies these first. */
  private touched = { events: new Set<number>(), items: [] as ItemRecord[] };

  takeTouched(): { events: EventRecord[]; items: ItemRecord[] } {
    const taken = {
      events: [...this.touched.events].map((id) => this.events.get(id) as EventRecord),
      items: this.touched.items,
    };
    this.touched = { events: new Set(), items: [] };
    return taken;
  }

  touch(record: EventRecord | ItemRecord): void {
    if ('kind' in record) this.touched.items.push(record);
    else this.touched.events.add(record.id);
  }
}

const when = { start_date: '2030-03-01 18:00:00', end_date: '2030-03-01 20:00:00' };
const nameField: Readonly<Record<ItemKind, string>> = {
  venue: 'venue',
  organizer: 'organizer',
  category: 'name',
  tag: 'name',
};
const collection: Readonly<Record<ItemKind, string>> = {
  venue: '/venues',
  organizer: '/organizers',
  category: '/categories',
  tag: '/tags',
};

interface WriterContext {
  readonly url: string;
  readonly ledger: Ledger;
  readonly name: string;
  readonly random: () => number;
  readonly shouldStop: () => boolean;
}

/**
 * Runs `count` writers until `shouldStop()` or until the service stops answering (SIGKILL). Every writer touches only
 * the events it created, one request at a time, so at most one write per event is ever in doubt.
 */
export async function runWriters(
  url: string,
  ledger: Ledger,
  options: { round: number; seed: number; count: number; shouldStop: () => boolean },
): Promise<void> {
  await Promise.all(
    Array.from({ length: options.count }, (_, index) =>
      writerLoop({
        url,
        ledger,
        name: `R${options.round}W${index}`,
        random: seededRandom(options.seed * 1000 + index),
        shouldStop: options.shouldStop,
      }),
    ),
  );
}

async function writerLoop(w: WriterContext): Promise<void> {
  const own: EventRecord[] = [];
  for (let n = 0; !w.shouldStop(); n++) {
    const roll = w.random();
    const live = own.filter((event) => !event.trashed);
    let alive: boolean;
    if (roll < 0.4 || live.length === 0) alive = await createEvent(w, `${w.name}N${n}`, own);
    else if (roll < 0.7) alive = await patchEvent(w, pick(w.random, live), n);
    else if (roll < 0.8) alive = await trashEvent(w, pick(w.random, live));
    else
      alive = await createItem(w, pick(w.random, ['venue', 'organizer', 'category', 'tag'] as const), `${w.name}N${n}`);
    if (!alive) return;
  }
}

const pick = <T>(random: () => number, from: readonly T[]): T => from[Math.floor(random() * from.length)] as T;

/** An existing item by id, a new one inline (by name for terms), or nothing. */
function linkOf(w: WriterContext, kind: ItemKind, newName: string): unknown {
  const roll = w.random();
  const known = w.ledger.items.filter((item) => item.kind === kind);
  if (roll < 0.25 && known.length > 0) return pick(w.random, known).id;
  if (roll < 0.5) return kind === 'venue' || kind === 'organizer' ? { [kind]: newName } : newName;
  return undefined;
}

async function createEvent(w: WriterContext, title: string, own: EventRecord[]): Promise<boolean> {
  const description = `D${Math.floor(w.random() * 1e9)}`;
  const body: Record<string, unknown> = { title, description, ...when };
  const [category, tag] = [linkOf(w, 'category', `Cat ${title}`), linkOf(w, 'tag', `Tag ${title}`)];
  if (category !== undefined) body.categories = [category];
  if (tag !== undefined) body.tags = [tag];
  const [venue, organizer] = [linkOf(w, 'venue', `Venue ${title}`), linkOf(w, 'organizer', `Org ${title}`)];
  if (venue !== undefined) body.venue = venue;
  if (organizer !== undefined) body.organizer = [organizer];
  const answer = await adminRequest(w.url, 'POST', '/events', body);
  if (!answer) {
    w.ledger.createsInDoubt.push(title);
    return false;
  }
  if (!expected(w, answer, 201, `create ${title}`)) return true;
  const created = answer.body as {
    id: number;
    categories: { id: number }[];
    tags: { id: number }[];
    venue: { id: number } | unknown[];
    organizer: { id: number }[];
  };
  const record: EventRecord = {
    id: created.id,
    writer: w.name,
    title,
    description,
    trashed: false,
    categories: created.categories.map((c) => c.id),
    tags: created.tags.map((t) => t.id),
    venue: Array.isArray(created.venue) ? undefined : created.venue.id,
    organizers: created.organizer.map((o) => o.id),
  };
  w.ledger.events.set(record.id, record);
  w.ledger.touch(record);
  own.push(record);
  return true;
}

async function patchEvent(w: WriterContext, record: EventRecord, n: number): Promise<boolean> {
  const change = {
    description: `D${Math.floor(w.random() * 1e9)}`,
    ...(w.random() < 0.3 ? { title: `${record.title} v${n}` } : {}),
  };
  record.inDoubt = change;
  w.ledger.touch(record);
  const answer = await adminRequest(w.url, 'PATCH', `/events/${record.id}`, change);
  if (!answer) return false;
  delete record.inDoubt;
  if (expected(w, answer, 200, `patch ${record.id}`)) Object.assign(record, change);
  return true;
}

async function trashEvent(w: WriterContext, record: EventRecord): Promise<boolean> {
  record.inDoubt = { trash: true };
  w.ledger.touch(record);
  const answer = await adminRequest(w.url, 'DELETE', `/events/${record.id}`);
  if (!answer) return false;
  delete record.inDoubt;
  if (expected(w, answer, 200, `trash ${record.id}`)) record.trashed = true;
  return true;
}

async function createItem(w: WriterContext, kind: ItemKind, name: string): Promise<boolean> {
  const answer = await adminRequest(w.url, 'POST', collection[kind], { [nameField[kind]]: `${kind} ${name}` });
  if (!answer) return false;
  if (!expected(w, answer, 201, `create ${kind} ${name}`)) return true;
  const item: ItemRecord = { kind, id: (answer.body as { id: number }).id, name: `${kind} ${name}` };
  w.ledger.items.push(item);
  w.ledger.touch(item);
  return true;
}

function expected(w: WriterContext, answer: Answer, status: number, what: string): boolean {
  if (answer.status === status) {
    w.ledger.acknowledgedWrites++;
    return true;
  }
  w.ledger.unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return false;
}

export const itemPath = (item: ItemRecord): string => `${collection[item.kind]}/${item.id}`;
export const itemName = (item: ItemRecord, body: unknown): unknown =>
  (body as Record<string, unknown>)[nameField[item.kind]];

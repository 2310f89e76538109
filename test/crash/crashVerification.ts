// Reads back what the ledger says was acknowledged and names every difference; settles writes that were in doubt.
import { adminRequest } from '../support/serviceProcess.ts';
import { itemName, itemPath, type EventRecord, type ItemRecord } from './crashWorkload.ts';

interface EventBody {
  readonly title: string;
  readonly description: string;
  readonly categories: readonly { id: number }[];
  readonly tags: readonly { id: number }[];
  readonly venue: { id: number } | readonly unknown[];
  readonly organizer: readonly { id: number }[];
}

const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * The event as acknowledged, or as its one unanswered write would have left it. Once read, an unanswered write is
 * settled to what the store kept, so that later rounds expect exactly that.
 */
export async function verifyEvent(url: string, record: EventRecord): Promise<string[]> {
  const answer = await adminRequest(url, 'GET', `/events/${record.id}`);
  const what = `event ${record.id} (${record.writer})`;
  if (!answer) return [`${what}: no answer`];
  const doubt = record.inDoubt;
  if (answer.status === 403 && (answer.body as { code?: string }).code === 'event-no-longer-available') {
    if (!record.trashed && !doubt?.trash) return [`${what}: trashed, but no trash was sent`];
    record.trashed = true;
    delete record.inDoubt;
    return [];
  }
  if (answer.status !== 200) return [`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`];
  if (record.trashed) return [`${what}: acknowledged trash undone`];
  const body = answer.body as EventBody;
  const problems: string[] = [];
  const applied = doubt !== undefined && !doubt.trash && body.description.includes(doubt.description ?? '\u0000');
  const title = applied && doubt.title !== undefined ? doubt.title : record.title;
  const description = applied ? (doubt.description as string) : record.description;
  if (body.title !== title) problems.push(`${what}: title "${body.title}", expected "${title}"`);
  if (!body.description.includes(description))
    problems.push(`${what}: description ${JSON.stringify(body.description)}, expected ${description}`);
  if (
    !sameIds(
      body.categories.map((c) => c.id),
      record.categories,
    )
  )
    problems.push(
      `${what}: categories ${JSON.stringify(body.categories.map((c) => c.id))}, expected ` +
        `${JSON.stringify(record.categories)}`,
    );
  if (
    !sameIds(
      body.tags.map((t) => t.id),
      record.tags,
    )
  )
    problems.push(`${what}: tags changed`);
  const venue = Array.isArray(body.venue) ? undefined : (body.venue as { id: number }).id;
  if (venue !== record.venue) problems.push(`${what}: venue ${venue}, expected ${record.venue}`);
  if (
    !sameIds(
      body.organizer.map((o) => o.id),
      record.organizers,
    )
  )
    problems.push(`${what}: organizers changed`);
  record.title = title;
  record.description = description;
  delete record.inDoubt;
  return problems;
}

export async function verifyItem(url: string, item: ItemRecord): Promise<string[]> {
  const answer = await adminRequest(url, 'GET', itemPath(item));
  if (answer?.status !== 200) return [`${item.kind} ${item.id}: ${answer?.status ?? 'no answer'}`];
  const name = itemName(item, answer.body);
  return name === item.name ? [] : [`${item.kind} ${item.id}: name ${JSON.stringify(name)}, expected ${item.name}`];
}

/** Runs `check` over `all` with at most `concurrency` requests in flight; the problems of all, in order. */
export async function checkAll<T>(
  all: readonly T[],
  check: (one: T) => Promise<string[]>,
  concurrency = 16,
): Promise<string[]> {
  const results: string[][] = new Array<string[]>(all.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < all.length; i = next++) results[i] = await check(all[i] as T);
    }),
  );
  return results.flat();
}

// What a venue or organizer create is compared with to find an existing duplicate (docs/api.md §10.2 Duplicates).
import type { PostStatus } from '../../events/catalogue/values.ts';

export interface DuplicateProbe {
  readonly name: string;
  readonly description: string;
  readonly excerpt: string;
  /** Only the kind's compared fields that the create provided, by fact name. */
  readonly fields: Readonly<Record<string, string>>;
}

interface Comparable {
  readonly status: PostStatus;
  readonly name: string;
  readonly description: string;
  readonly excerpt: string;
}

const same = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** A non-trashed item whose name, description, excerpt and provided fields all match, ignoring case. */
export function isDuplicateOf(doc: Comparable, probe: DuplicateProbe): boolean {
  if (doc.status === 'trash') return false;
  if (!same(doc.name, probe.name) || !same(doc.description, probe.description) || !same(doc.excerpt, probe.excerpt))
    return false;
  const fields = doc as unknown as Readonly<Record<string, unknown>>;
  return Object.entries(probe.fields).every(([key, value]) => same(fields[key], value));
}

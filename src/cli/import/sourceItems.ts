// The items `cal import` reads, as the source represents them (docs/api.md §4), and what it tells from them: whether
// an item was blanked as locked, its version, the ids it links to.
import { createHash } from 'node:crypto';

/** In the order they are written: what events link to comes first. */
export const importKinds = ['venue', 'organizer', 'category', 'tag', 'event'] as const;
export type ImportKind = (typeof importKinds)[number];

export interface SourceItem {
  readonly kind: ImportKind;
  readonly id: number;
  /** The item's representation at the source (opened with `context=edit` when it was protected). */
  readonly body: Readonly<Record<string, unknown>>;
  /** Protected at the source: copied protected by a password nobody knows (docs/migration.md). */
  readonly locked?: boolean;
  /** Why it cannot be copied (a protected item without an editor's credentials). */
  readonly unreadable?: string;
  /** A series item: the occurrences the source listed, in order of original start (importSeries.ts). */
  readonly occurrences?: readonly SourceItem[];
}

export type SourceCalendar = Readonly<Record<ImportKind, readonly SourceItem[]>>;

/**
 * Blanking (docs/api.md §12) turns an event's booleans into `null` and a venue's or organizer's name key into `[]`:
 * the list answer says so without a password.
 */
export function isLocked(kind: ImportKind, body: Readonly<Record<string, unknown>>): boolean {
  if (kind === 'event') return body.all_day === null;
  if (kind === 'venue') return Array.isArray(body.venue);
  if (kind === 'organizer') return Array.isArray(body.organizer);
  return false;
}

/** A series changes when its item or any occurrence does (each has its own `modified_utc` at the source). */
function seriesVersion(item: SourceItem): string {
  const parts = [item.body.modified_utc, ...(item.occurrences ?? []).map((o) => [o.id, o.body.modified_utc])];
  return `series:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)}`;
}

/**
 * What a later run compares to know whether the item changed: `modified_utc` for posts; terms have no modification
 * time, so a digest of the fields copied.
 */
export function versionOf(item: SourceItem): string {
  if (item.kind === 'category' || item.kind === 'tag') {
    const { name, slug, description, parent, language } = item.body;
    const text = JSON.stringify([name, slug, description, parent ?? 0, language]);
    return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  }
  if (item.occurrences) return seriesVersion(item);
  return typeof item.body.modified_utc === 'string' ? item.body.modified_utc : '';
}

export const languageOf = (body: Readonly<Record<string, unknown>>): 'en' | 'ca' | 'es' =>
  body.language === 'ca' || body.language === 'es' ? body.language : 'en';

/** The source ids of the other members of the item's translation group. */
export function translationIds(body: Readonly<Record<string, unknown>>): number[] {
  const translations = body.translations;
  if (typeof translations !== 'object' || translations === null || Array.isArray(translations)) return [];
  return Object.values(translations).filter((id): id is number => typeof id === 'number');
}

/** The ids of the items an event links to, as the source embeds them. */
export function eventLinks(body: Readonly<Record<string, unknown>>) {
  const ids = (value: unknown): number[] =>
    (Array.isArray(value) ? value : typeof value === 'object' && value !== null ? [value] : [])
      .map((entry) => (entry as { id?: unknown }).id)
      .filter((id): id is number => typeof id === 'number');
  return {
    venues: ids(body.venue),
    organizers: ids(body.organizer),
    categories: ids(body.categories),
    tags: ids(body.tags),
  };
}

/**
 * Categories ordered so that every parent comes before its children, each level by id; a parent the source did not
 * show leaves its children at the top level.
 */
export function parentsFirst(categories: readonly SourceItem[]): SourceItem[][] {
  const known = new Set(categories.map((item) => item.id));
  const levels: SourceItem[][] = [];
  let placed = new Set<number>();
  let left = [...categories].sort((a, b) => a.id - b.id);
  while (left.length > 0) {
    const ready = left.filter((item) => {
      const parent = Number(item.body.parent ?? 0);
      return parent === 0 || !known.has(parent) || placed.has(parent);
    });
    // A cycle cannot come from a source that keeps its own rules; should one come, its members go last, as they are.
    const level = ready.length > 0 ? ready : left;
    levels.push(level);
    placed = new Set([...placed, ...level.map((item) => item.id)]);
    left = left.filter((item) => !placed.has(item.id));
  }
  return levels;
}

/** Items that open a translation group (no member with a lower id) before the ones that join one. */
export function groupsFirst(items: readonly SourceItem[]): SourceItem[][] {
  const opens = (item: SourceItem) => translationIds(item.body).every((id) => id > item.id);
  return [items.filter(opens), items.filter((item) => !opens(item))];
}

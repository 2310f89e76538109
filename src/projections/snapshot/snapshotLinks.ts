// The link lists of a loaded snapshot: each event's ids of linked items and its embedded copies of them, per link
// field, written once per distinct pair in the body (most events link one venue, one organizer and a term or two,
// which thousands of events share) and handed out as a replay hands them out.
import type { SharedLists } from '../events/sharedLists.ts';

/** One field's ids and the indexes of its embedded copies (into the body's copies), as the body holds them. */
export interface LinkEntry {
  readonly ids: readonly number[];
  readonly copies: readonly number[];
}

interface LoadedLink {
  readonly entry: LinkEntry;
  /** Lists of none or one are shared, made once per entry; longer ones are made per document (see `SharedLists`). */
  readonly ids?: number[];
  readonly copies?: never[];
}

/** `copies`: the body's embedded copies so far (the caller appends each frame's before its entries are learned). */
export function loadedLinks(lists: SharedLists, copies: readonly never[]) {
  const entries: LoadedLink[] = [];
  const copiesOf = (indexes: readonly number[]): never[] =>
    lists.items(indexes.map((index) => copies[index] as never)) as never[];
  const shared = (entry: LinkEntry): boolean => entry.ids.length <= 1 && entry.copies.length <= 1;
  return {
    learn(frameEntries: readonly LinkEntry[]): void {
      for (const entry of frameEntries)
        entries.push(
          shared(entry) ? { entry, ids: lists.ids([...entry.ids]), copies: copiesOf(entry.copies) } : { entry },
        );
    },
    ids(index: number): number[] {
      const link = entries[index] as LoadedLink;
      return link.ids ?? lists.ids([...link.entry.ids]);
    },
    copies(index: number): never[] {
      const link = entries[index] as LoadedLink;
      return link.copies ?? copiesOf(link.entry.copies);
    },
  };
}

// Lists that many documents of the read model hold with the same content, shared instead of copied: an event usually
// links one venue, one organizer and a term or two, and the read model keeps a list per link field, twice (the ids
// and the embedded copies), for every event. The shared lists are frozen: nobody may change one for all.

const none: readonly never[] = Object.freeze([]);

/** Most distinct single ids a calendar links; past it, the table starts over (memory stays bounded on any data). */
const maxSharedIds = 65_536;

/**
 * The shared lists of one read model: the one-id lists by id, and per item document (documents never change: a new
 * revision is a new object) the list of it alone. Whoever builds documents owns one (docs/architecture.md §2).
 */
export class SharedLists {
  private readonly idAlone = new Map<number, readonly number[]>();
  private readonly itemAlone = new WeakMap<object, readonly object[]>();

  constructor(private readonly maxIds: number = maxSharedIds) {}

  /**
   * `ids`, or the shared list with the same content when it holds none or one id. Typed as the mutable lists of the
   * event facts it goes into; being frozen, a shared list throws rather than change under every document holding it.
   */
  ids(ids: number[]): number[] {
    if (ids.length === 0) return none as never[];
    if (ids.length > 1) return ids;
    const id = ids[0] as number;
    let list = this.idAlone.get(id);
    if (list === undefined) {
      if (this.idAlone.size >= this.maxIds) this.idAlone.clear();
      this.idAlone.set(id, (list = Object.freeze([id])));
    }
    return list as number[];
  }

  /** The items in order; lists of none or one item are shared, longer ones exactly as long as they are. */
  items<T extends object>(items: readonly (T | undefined)[]): readonly T[] {
    let found = 0;
    for (const item of items) if (item !== undefined) found++;
    if (found === 0) return none;
    if (found === 1) return this.itemList(items.find((item) => item !== undefined) as T);
    // Lists grown by `push` (and `filter`) reserve room for 17 items; `slice` copies exactly.
    return found === items.length
      ? (items as readonly T[])
      : items.filter((item): item is T => item !== undefined).slice();
  }

  /** `items([item])` without that list: the shared list of the item alone, or the empty list for none. */
  itemOrNone<T extends object>(item: T | undefined): readonly T[] {
    return item === undefined ? none : this.itemList(item);
  }

  private itemList<T extends object>(item: T): readonly T[] {
    let list = this.itemAlone.get(item);
    if (list === undefined) this.itemAlone.set(item, (list = Object.freeze([item])));
    return list as readonly T[];
  }
}

/** `SharedLists.ids`. */
export function sharedIds(ids: number[], lists: SharedLists): number[] {
  return lists.ids(ids);
}

/** `SharedLists.items`. */
export function sharedItems<T extends object>(items: readonly (T | undefined)[], lists: SharedLists): readonly T[] {
  return lists.items(items);
}

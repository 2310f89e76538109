// One page of several lists that are each in listing order, merged: the memory event listing over several partitions.

/** One page of the merged order of lists that are each in listing order. */
export function mergedPage(
  lists: readonly (readonly number[])[],
  offset: number,
  limit: number,
  compare: (a: number, b: number) => number,
): number[] {
  if (lists.length === 1) return (lists[0] as number[]).slice(offset, offset + limit);
  const next = lists.map(() => 0);
  const head = (l: number) => (lists[l] as number[])[next[l] as number];
  const page: number[] = [];
  for (let seen = 0; page.length < limit; seen++) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      const slot = head(l);
      if (slot !== undefined && (best < 0 || compare(slot, head(best) as number) < 0)) best = l;
    }
    if (best < 0) break;
    if (seen >= offset) page.push(head(best) as number);
    next[best] = (next[best] as number) + 1;
  }
  return page;
}

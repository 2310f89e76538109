// Whether a fragment cache holds an item's fragment at a revision, asked without rendering one into it.
import type { FragmentCache } from '../../../../src/http/representation/fragmentCache.ts';

export function isFragmentKept(cache: FragmentCache<unknown>, id: number, revision: number): boolean {
  let rendered = false;
  try {
    cache.fragment(id, revision, () => {
      rendered = true;
      throw new Error('not kept');
    });
  } catch {
    return false;
  }
  return !rendered;
}

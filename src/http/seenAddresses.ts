// Which addresses were asked for before, so that a first read keeps its answer only when its address comes again
// (firstItemReads.ts). A walk over distinct ids reads each one once: keeping every such answer (its bytes, its
// fragment, its place in the kept-answer book) made each read leave about 12 KB that lived until the bounded tables
// pushed it out, so long that it was moved to the old generation first; the collector then copied it twice and marked
// it, and the tables churned. Caches admit on a second sighting against such one-hit reads; this is that sighting.

/** Remembers addresses as 32-bit hashes in a fixed table: no allocation per address, 4 bytes per slot. */
export interface SeenAddresses {
  /**
   * True when `address` was asked for before and is still remembered; records it either way. Another address may
   * take its slot (then it counts as unseen again) or, rarely, share its hash (then it counts as seen): either only
   * changes when an answer starts to be kept, never what is answered.
   */
  seenBefore(address: string): boolean;
}

/** FNV-1a over the UTF-16 code units: addresses here are short ASCII paths. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  // 0 marks an empty slot.
  return hash >>> 0 || 1;
}

/** Hashes per bucket: an address keeps its place until four later ones share its bucket (first in, first out). */
const ways = 4;

/**
 * Made by the composition root; `slotBits` sets the window: about 2^slotBits distinct addresses (65,536 by default),
 * in buckets of four so that two addresses read by turns never push each other out, as one slot each would.
 */
export function seenAddresses(slotBits = 16): SeenAddresses {
  const hashes = new Uint32Array(1 << slotBits);
  const bucketBits = slotBits - 2;
  // Also right for one bucket: a shift by 32 bits shifts by none.
  const lastBucket = (1 << bucketBits) - 1;
  return {
    seenBefore(address) {
      const hash = hashOf(address);
      // The bucket from the hash's high bits after mixing, so that ids differing in their last digit spread out.
      const first = ((Math.imul(hash, 0x9e3779b1) >>> (32 - bucketBits)) & lastBucket) * ways;
      for (let way = first; way < first + ways; way++) if (hashes[way] === hash) return true;
      hashes.copyWithin(first + 1, first, first + ways - 1);
      hashes[first] = hash;
      return false;
    },
  };
}

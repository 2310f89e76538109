// About how much memory a decoded value holds: what caches and read-ahead buffers count to stay within a byte bound.

/**
 * Per value overheads of a V8 heap: rough, but proportional to what a value really holds, which is what bounds need.
 */
const objectBytes = 32;
const slotBytes = 8;
const stringHeaderBytes = 16;

/**
 * Strings count two bytes a character (V8 may store one, never more than two), objects and arrays their slots and
 * keys. Shared or cyclic references are counted once; bigints and numbers one slot.
 */
export function approximateBytes(value: unknown): number {
  const seen = new Set<object>();
  const walk = (item: unknown): number => {
    if (typeof item === 'string') return stringHeaderBytes + 2 * item.length;
    if (typeof item !== 'object' || item === null) return slotBytes;
    if (seen.has(item)) return slotBytes;
    seen.add(item);
    let total = objectBytes;
    if (Array.isArray(item)) {
      for (const element of item) total += slotBytes + walk(element);
      return total;
    }
    for (const [key, member] of Object.entries(item)) total += stringHeaderBytes + 2 * key.length + walk(member);
    return total;
  };
  return walk(value);
}

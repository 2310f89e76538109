// Request ids: random (version 4) UUIDs, as crypto.randomUUID makes them, but each given as one flat string. Node's
// randomUUID joins each id from 20 pieces (about 600 bytes of short-lived strings per id, then a flattening copy when
// the id is written into the response headers); a kept answer makes about 10 KB of garbage in all, so the ids were a
// twentieth of it.
import { randomFillSync } from 'node:crypto';

/** Ids made per draw of random bytes, as randomUUID caches 128 ids' worth. */
const idsPerBatch = 128;
const idLength = 36;
const hexDigits = Buffer.from('0123456789abcdef', 'latin1');

/** Writes the UUID of the 16 random bytes at `from` as text at `at`, with its version and variant bits set. */
function writeUuid(random: Buffer, from: number, text: Buffer, at: number): void {
  random[from + 6] = ((random[from + 6] as number) & 0x0f) | 0x40;
  random[from + 8] = ((random[from + 8] as number) & 0x3f) | 0x80;
  let out = at;
  for (let index = 0; index < 16; index++) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text[out++] = 0x2d;
    const byte = random[from + index] as number;
    text[out++] = hexDigits[byte >> 4] as number;
    text[out++] = hexDigits[byte & 0x0f] as number;
  }
}

/** A source of fresh request ids; each call draws on a batch of ids written out at once. */
export function requestIdSource(): () => string {
  const random = Buffer.alloc(16 * idsPerBatch);
  const text = Buffer.alloc(idLength * idsPerBatch);
  let next = idsPerBatch;
  return () => {
    if (next === idsPerBatch) {
      randomFillSync(random);
      for (let id = 0; id < idsPerBatch; id++) writeUuid(random, id * 16, text, id * idLength);
      next = 0;
    }
    const at = next++ * idLength;
    return text.toString('latin1', at, at + idLength);
  };
}

// `node --import tsx bench/boundedTables.ts`: CPU µs per miss of the bounded tables a first read goes through (the
// rendered-fragment cache, the memo of json_ld's zoned date-times) when a walk asks three times as many keys as they
// keep, so that every call misses and drops the oldest entry: what each first read of 98,000 distinct events pays.
import { BoundedMemo } from '../src/domain/boundedMemo.ts';
import { ZoneClock } from '../src/domain/timeZone.ts';
import { FragmentCache } from '../src/http/representation/fragmentCache.ts';
import { ZonedIsoTimes } from '../src/http/representation/zonedIsoTimes.ts';

const capacity = 20_000;
const keys = 3 * capacity;

function microsPerCall(calls: number, run: () => void): string {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) / calls).toFixed(2);
}

/** Local times on distinct days, hours and quarters in three zones: as many distinct readings as `keys`. */
function localTimes(): [string, string][] {
  const zones = ['America/New_York', 'Europe/Madrid', 'Australia/Sydney'];
  return Array.from({ length: keys }, (_, index) => {
    const at = Date.UTC(2025, 0, 1) + (index % 1_100) * 86_400_000 + (Math.floor(index / 1_100) % 14) * 3_600_000;
    const local = new Date(at + (Math.floor(index / 15_400) % 4) * 900_000 + 420_000).toISOString();
    return [local.slice(0, 19).replace('T', ' '), zones[index % 3] as string];
  });
}

const times = localTimes();
for (let round = 1; round <= 3; round++) {
  const fragments = new FragmentCache<number>(capacity);
  const memo = new BoundedMemo<number>(capacity);
  const isoTimes = new ZonedIsoTimes(new ZoneClock(), capacity);
  const fragment = microsPerCall(2 * keys, () => {
    for (let pass = 0; pass < 2; pass++) for (let id = 0; id < keys; id++) fragments.fragment(id, 0, () => id);
  });
  const memoized = microsPerCall(2 * keys, () => {
    for (let pass = 0; pass < 2; pass++) for (let key = 0; key < keys; key++) memo.of(`key ${key}`, () => key);
  });
  const zoned = microsPerCall(keys, () => {
    for (const [local, zone] of times) isoTimes.of(local, zone);
  });
  const misses = `FragmentCache ${fragment} µs, BoundedMemo ${memoized} µs per miss`;
  console.log(`round ${round}: ${misses}; ZonedIsoTimes ${zoned} µs per first reading`);
}

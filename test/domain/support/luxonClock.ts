// Runs code with luxon's clock stopped at a given time: the resolution of DST overlaps reads it (localDateTime.ts).
import { Settings } from 'luxon';

export function atTime<T>(now: number, call: () => T): T {
  const realNow = Settings.now;
  Settings.now = () => now;
  try {
    return call();
  } finally {
    Settings.now = realNow;
  }
}

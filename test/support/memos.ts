// The memo objects a composition root makes and hands down, for tests that call the functions taking them directly.
import { ZoneClock } from '../../src/domain/timeZone.ts';

/** One zone clock for the tests of a run: its answers are the same whichever clock gives them. */
export const testZones = new ZoneClock();

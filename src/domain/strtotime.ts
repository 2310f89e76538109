// PHP's strtotime (locutus's port of PHP's date parser), evaluated on a wall clock that belongs to no time zone.
import { strtotime } from 'locutus/php/datetime/strtotime';

/** What strtotime made of a text: a wall-clock reading, or an instant when the text named its own zone. */
export type StrtotimeReading =
  /** Milliseconds of the wall-clock reading counted as if it were UTC (see `wallClock.ts`). */
  | { readonly kind: 'wall'; readonly wallMs: number }
  /** The text carried a zone (`+05:00`, `Z`, `EST`, `@1700000000`): the instant, and that zone's offset there. */
  | { readonly kind: 'instant'; readonly epochMs: number; readonly offsetSeconds: number }
  /** The text was read, but its arithmetic left every representable date behind (`+9007199254740991 days`). */
  | { readonly kind: 'overflow' };

/**
 * A Date class whose "local time" is UTC. locutus works on the host's local time, as PHP works in its default zone:
 * run with this Date it reads and writes the wall clock it is given, whatever zone the process is in, and DST never
 * moves its arithmetic. It is also where locutus shows that the text named a zone: it asks for the local offset only
 * then, to move the wall clock to that zone; `onZone` hears of it with the wall clock it was about to move.
 */
function floatingDateClass(onZone: (wallMs: number) => void): DateConstructor {
  class FloatingDate extends Date {
    constructor(...args: [] | [number | string | Date] | [number, number, ...number[]]) {
      if (args.length >= 2) {
        const [year, month, ...rest] = args as [number, number, ...number[]];
        super(Date.UTC(year, month, ...rest));
      } else {
        super(...(args as [number]));
      }
    }

    override getFullYear(): number {
      return this.getUTCFullYear();
    }
    override getMonth(): number {
      return this.getUTCMonth();
    }
    override getDate(): number {
      return this.getUTCDate();
    }
    override getDay(): number {
      return this.getUTCDay();
    }
    override getHours(): number {
      return this.getUTCHours();
    }
    override getMinutes(): number {
      return this.getUTCMinutes();
    }
    override getSeconds(): number {
      return this.getUTCSeconds();
    }
    override getMilliseconds(): number {
      return this.getUTCMilliseconds();
    }
    override setFullYear(...args: [number, number?, number?]): number {
      return this.setUTCFullYear(...(args as [number]));
    }
    override setMonth(...args: [number, number?]): number {
      return this.setUTCMonth(...(args as [number]));
    }
    override setDate(date: number): number {
      return this.setUTCDate(date);
    }
    override setHours(...args: [number, number?, number?, number?]): number {
      return this.setUTCHours(...(args as [number]));
    }
    override setMinutes(...args: [number, number?, number?]): number {
      return this.setUTCMinutes(...(args as [number]));
    }
    override setSeconds(...args: [number, number?]): number {
      return this.setUTCSeconds(...(args as [number]));
    }
    override getTimezoneOffset(): number {
      onZone(this.getTime());
      return 0;
    }
  }
  return FloatingDate as DateConstructor;
}

/**
 * Reads `text` as PHP's strtotime would, with `floatingNowMs` (the current wall clock of the target zone, as UTC ms)
 * as "now". Undefined when strtotime refuses the text.
 *
 * locutus looks its `Date` up on the global object when it runs, so the floating one stands in for the length of the
 * call: strtotime is synchronous, nothing else runs meanwhile, and the host's `Date` is back before this returns.
 */
export function strtotimeFloating(text: string, floatingNowMs: number): StrtotimeReading | undefined {
  const hostDate = globalThis.Date;
  const zoned: { wallMs?: number } = {};
  let seconds: number | false;
  try {
    globalThis.Date = floatingDateClass((wallMs) => (zoned.wallMs = wallMs));
    seconds = strtotime(text, Math.floor(floatingNowMs / 1000));
  } catch {
    seconds = false;
  } finally {
    globalThis.Date = hostDate;
  }
  if (seconds === false) return undefined;
  if (!Number.isFinite(seconds)) return { kind: 'overflow' };
  const ms = seconds * 1000;
  if (zoned.wallMs === undefined) return { kind: 'wall', wallMs: ms };
  return { kind: 'instant', epochMs: ms, offsetSeconds: Math.round((zoned.wallMs - ms) / 1000) };
}

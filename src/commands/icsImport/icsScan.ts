// The first pass over an uploaded calendar file (docs/api.md §21.2): checks what a parser would choke on or be made
// to build at great cost (bytes that are not UTF-8, overlong lines, components nested too deep or too many, content
// lines that are not `NAME[;PARAM…]:VALUE`, BEGIN/END that do not pair) and names the first problem with its line
// number, before any parser sees the text. The parsing itself is ical.js's (icsComponents.ts).
import { left, right, type Either } from 'fp-ts/lib/Either.js';

/** Limits of one file; the byte size is checked while the body is read (413 before this pass). */
export interface IcsLimits {
  /** Most components (`BEGIN:` lines, the calendar and its alarms and zones included) in one file. */
  readonly maxComponents: number;
}

/** An unfolded content line longer than this is refused: no property of a calendar entry needs 64 KiB. */
export const maxContentLineChars = 65_536;
/** VCALENDAR > VEVENT > VALARM, VTIMEZONE > STANDARD: real files nest three deep; a margin for X- components. */
export const maxNesting = 6;

export type IcsProblemKind =
  | 'not-utf8'
  | 'line-too-long'
  | 'not-a-calendar'
  | 'bad-content-line'
  | 'end-without-begin'
  | 'end-mismatch'
  | 'not-closed'
  | 'too-deep'
  | 'after-end'
  | 'unreadable'
  | 'bad-value'
  | 'rrule-too-large';

/** Why a file is not iCalendar, with the (1-based, physical) line the problem was found on. */
export interface IcsProblem {
  readonly kind: IcsProblemKind;
  readonly line: number;
  /** The component name of a BEGIN/END problem, or the property of a bad value. */
  readonly name?: string;
}

/** More components than the limit: the file is refused as too large (413), not as broken. */
export interface IcsTooManyComponents {
  readonly kind: 'too-many-components';
  readonly limit: number;
}

export type IcsScanFailure = IcsProblem | IcsTooManyComponents;

/** The checked text, and how many components it holds. */
export interface ScannedCalendar {
  readonly text: string;
  readonly components: number;
  /** The line of each `BEGIN:VEVENT` of the calendar, in file order: problems found later name their component's. */
  readonly veventLines: readonly number[];
}

const contentLine = /^[A-Za-z0-9-]+(;[A-Za-z0-9-]+=("[^"]*"|[^";:,]*)(,("[^"]*"|[^";:,]*))*)*:/;

/** The 1-based line holding the first byte that is not UTF-8. */
function firstBadUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    if (newline === -1) break;
    line += 1;
    start = newline + 1;
  }
  return line;
}

const isContinuationByte = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/**
 * RFC 5545 §3.1 warns that simple writers fold lines in the middle of a multi-octet character, and asks readers to
 * restore it. The continuation bytes found right after a fold go back before its line break, so that every line is
 * UTF-8 again and keeps its number.
 */
export function mendSplitCharacters(bytes: Uint8Array): Uint8Array {
  const mended = Uint8Array.from(bytes);
  for (let at = mended.indexOf(0x0a); at !== -1; at = mended.indexOf(0x0a, at + 1)) {
    const fold = mended[at + 1];
    if (fold !== 0x20 && fold !== 0x09) continue;
    let moved = 0;
    while (moved < 3 && isContinuationByte(mended[at + 2 + moved])) moved += 1;
    if (moved === 0) continue;
    const breakStart = mended[at - 1] === 0x0d ? at - 1 : at;
    const tail = mended.slice(at + 2, at + 2 + moved);
    const lineBreak = mended.slice(breakStart, at + 2);
    mended.set(tail, breakStart);
    mended.set(lineBreak, breakStart + moved);
    at = breakStart + moved + lineBreak.length - 2;
  }
  return mended;
}

function decodeUtf8(bytes: Uint8Array): Either<IcsProblem, string> {
  // A byte order mark some Windows applications write is not part of the first line.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return right(decoder.decode(bytes));
  } catch {
    const mended = mendSplitCharacters(bytes);
    try {
      return right(decoder.decode(mended));
    } catch {
      return left({ kind: 'not-utf8', line: firstBadUtf8Line(mended) });
    }
  }
}

/** One unfolded content line (RFC 5545 §3.1) and the physical line it starts on. */
interface Unfolded {
  readonly text: string;
  readonly line: number;
}

/** Unfolds lazily, so that a file refused early is never held as a list of lines. */
function* unfoldedLines(text: string): Generator<Unfolded | IcsProblem> {
  let current: Unfolded | undefined;
  let line = 0;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const physical = text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
    line += 1;
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      if (current === undefined) return yield { kind: 'bad-content-line', line };
      if (current.text.length + physical.length > maxContentLineChars) return yield { kind: 'line-too-long', line };
      current = { text: current.text + physical.slice(1), line: current.line };
      continue;
    }
    if (physical.length > maxContentLineChars) return yield { kind: 'line-too-long', line };
    if (current !== undefined) yield current;
    current = physical === '' ? undefined : { text: physical, line };
  }
  if (current !== undefined) yield current;
}

const isProblem = (u: Unfolded | IcsProblem): u is IcsProblem => 'kind' in u;

/** Walks the content lines once, pairing BEGIN and END; the first problem ends the walk. */
function checkStructure(text: string, limits: IcsLimits): Either<IcsScanFailure, Omit<ScannedCalendar, 'text'>> {
  const open: string[] = [];
  let components = 0;
  let closedAt: number | undefined;
  let lastLine = 1;
  const veventLines: number[] = [];
  for (const unfolded of unfoldedLines(text)) {
    if (isProblem(unfolded)) return left(unfolded);
    const { text: content, line } = unfolded;
    lastLine = line;
    if (closedAt !== undefined) return left({ kind: 'after-end', line });
    if (!contentLine.test(content))
      return left({ kind: components === 0 ? 'not-a-calendar' : 'bad-content-line', line });
    const [name, value] = [
      content.slice(0, content.search(/[;:]/)).toUpperCase(),
      content.slice(content.indexOf(':') + 1),
    ];
    if (components === 0 && (name !== 'BEGIN' || value.toUpperCase() !== 'VCALENDAR'))
      return left({ kind: 'not-a-calendar', line });
    if (name === 'BEGIN') {
      components += 1;
      if (components > limits.maxComponents) return left({ kind: 'too-many-components', limit: limits.maxComponents });
      if (open.length >= maxNesting) return left({ kind: 'too-deep', line });
      open.push(value.toUpperCase());
      if (open.length === 2 && open[1] === 'VEVENT') veventLines.push(line);
    } else if (name === 'END') {
      const closing = open.pop();
      if (closing === undefined) return left({ kind: 'end-without-begin', line, name: value });
      if (closing !== value.toUpperCase()) return left({ kind: 'end-mismatch', line, name: closing });
      if (open.length === 0) closedAt = line;
    }
  }
  if (components === 0) return left({ kind: 'not-a-calendar', line: 1 });
  if (open.length > 0) return left({ kind: 'not-closed', line: lastLine, name: open.at(-1) as string });
  return right({ components, veventLines });
}

/** The file's text once every structural check passed; else the first problem. */
export function scanCalendar(bytes: Uint8Array, limits: IcsLimits): Either<IcsScanFailure, ScannedCalendar> {
  const text = decodeUtf8(bytes);
  if (text._tag === 'Left') return text;
  const checked = checkStructure(text.right, limits);
  return checked._tag === 'Left' ? checked : right({ text: text.right, ...checked.right });
}

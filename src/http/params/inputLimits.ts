// Upper bounds on request parameter values (docs/architecture.md §6): generous enough for any real calendar, small
// enough that
// no request can make the service store, index or echo megabytes of one field or walk thousands of list entries.
import type { ParamReason } from '../../commands/errors.ts';

/** Entries of any list: a JSON array anywhere in a parameter, repeated `name[]=` pairs, or a comma-separated list. */
export const maxListEntries = 100;

/** Characters (UTF-16 code units) of a name-like field: titles, names, slugs. */
export const maxNameLength = 1_000;
/** Characters of free text: descriptions and excerpts, HTML included. */
export const maxTextLength = 100_000;
/** Characters of any other string: dates, search terms, URLs, addresses, passwords, cost. */
export const maxOtherLength = 10_000;

const nameFields: ReadonlySet<string> = new Set(['title', 'name', 'slug', 'venue', 'organizer']);
const textFields: ReadonlySet<string> = new Set(['description', 'excerpt']);
/** Parameters whose string form is a comma-separated list (docs/api.md §1.2), counted entry by entry. */
const listFields: ReadonlySet<string> = new Set([
  'categories',
  'tags',
  'venue',
  'organizer',
  'include',
  'exclude',
  'status',
  'kinds',
]);

/** The longest string a parameter (or a member of that name inside an inline object) may hold. */
export function maxLengthOf(name: string): number {
  if (nameFields.has(name)) return maxNameLength;
  if (textFields.has(name)) return maxTextLength;
  return maxOtherLength;
}

/**
 * Whether the raw value of parameter `name` breaks a limit: a string too long for the name it sits under, a list
 * with too many entries, at any depth (inline venues and organizers are objects inside the `venue`/`organizer`
 * parameter, each of their members judged by its own name). Iterative, so that no nesting can exhaust the stack.
 */
export function exceedsInputLimits(name: string, raw: unknown): boolean {
  return inputLimitReason(name, raw) !== undefined;
}

/** The limit the raw value of parameter `name` breaks, as a reason naming it; undefined within every limit. */
export function inputLimitReason(name: string, raw: unknown): ParamReason | undefined {
  const pending: [string, unknown][] = [[name, raw]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [key, value] = next;
    if (typeof value === 'string') {
      if (value.length > maxLengthOf(key)) return { code: 'too-long', limit: maxLengthOf(key) };
      if (listFields.has(key) && commaSeparatedEntries(value) > maxListEntries)
        return { code: 'too-many-entries', limit: maxListEntries };
    } else if (Array.isArray(value)) {
      if (value.length > maxListEntries) return { code: 'too-many-entries', limit: maxListEntries };
      for (const entry of value) pending.push([key, entry]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [member, entry] of Object.entries(value)) pending.push([member, entry]);
    }
  }
  return undefined;
}

/** Entries of a comma-separated list, counted without splitting a string that may be long. */
export function commaSeparatedEntries(value: string): number {
  let entries = 1;
  for (let at = value.indexOf(','); at >= 0; at = value.indexOf(',', at + 1)) entries++;
  return entries;
}

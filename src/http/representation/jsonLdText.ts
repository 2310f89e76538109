// The JSON text of a response body whose `json_ld` members are safe to paste into an HTML <script> element.
import { randomUUID } from 'node:crypto';

/**
 * Escapes `/` as `\/`, `<` as `\u003C` and `>` as `\u003E` in a JSON text, as the reference writes `json_ld`
 * (docs/api.md §4.6). The text means the same to any JSON parser (the three occur only inside strings), but a
 * `</script>` in a title or name can no longer close the element a page embeds the `json_ld` in.
 */
export const scriptSafeJson = (json: string): string =>
  json.replaceAll('/', '\\/').replaceAll('<', '\\u003C').replaceAll('>', '\\u003E');

/**
 * `JSON.stringify(body)`, with every `json_ld` member written by `scriptSafeJson`, and the rest as it was (list pages
 * and captures compare the rest byte for byte). Each `json_ld` value is set aside under a marker no stored text can
 * hold (a random nonce behind a NUL), and spliced back in its escaped form. The markers are put in by a walk over the
 * body's objects (copying only those on the way to a `json_ld`) rather than by a replacer, which the engine calls on
 * every member and which made writing a single event cost more than rendering it.
 */
export function stringifyBody(body: unknown): string {
  const escaped: string[] = [];
  const marker = `\u0000json_ld:${randomUUID()}:`;
  const marked = withMarkers(body, (jsonLd) => {
    escaped.push(scriptSafeJson(JSON.stringify(jsonLd)));
    return `${marker}${escaped.length - 1}`;
  });
  if (marked === unwalkable) return stringifyWithReplacer(body);
  const text = JSON.stringify(marked);
  return splicedBack(text, marker, escaped);
}

/** Met an object that is neither plain nor an array (a `toJSON` may change what is written): the replacer decides. */
const unwalkable = Symbol('unwalkable');

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** `value` with every object or array `json_ld` member replaced by `mark(member)`; what it does not change, shared. */
function withMarkers(value: unknown, mark: (jsonLd: object) => string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const marked = withMarkers(item, mark);
      if (marked === unwalkable) return unwalkable;
      if (marked !== item) (copy ??= value.slice())[index] = marked;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return unwalkable;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (typeof member !== 'object' || member === null) continue;
    const marked = key === 'json_ld' ? mark(member) : withMarkers(member, mark);
    if (marked === unwalkable) return unwalkable;
    if (marked !== member) (copy ??= { ...value })[key] = marked;
  }
  return copy ?? value;
}

/** The general form, for bodies holding objects of other kinds. */
function stringifyWithReplacer(body: unknown): string {
  const escaped: string[] = [];
  const marker = `\u0000json_ld:${randomUUID()}:`;
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (key !== 'json_ld' || typeof value !== 'object' || value === null) return value;
    escaped.push(scriptSafeJson(JSON.stringify(value)));
    return `${marker}${escaped.length - 1}`;
  });
  return splicedBack(text, marker, escaped);
}

/** `text` with each quoted `marker` + index replaced by the escaped `json_ld` text it stands for. */
function splicedBack(text: string, marker: string, escaped: readonly string[]): string {
  if (escaped.length === 0) return text;
  const quotedMarker = JSON.stringify(marker).slice(0, -1);
  const pieces = text.split(quotedMarker);
  let out = pieces[0] as string;
  for (let index = 1; index < pieces.length; index++) {
    const piece = pieces[index] as string;
    const closingQuote = piece.indexOf('"');
    out += (escaped[Number(piece.slice(0, closingQuote))] as string) + piece.slice(closingQuote + 1);
  }
  return out;
}

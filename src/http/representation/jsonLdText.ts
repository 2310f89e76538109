// The JSON text of a response body whose `json_ld` members are safe to paste into an HTML <script> element.
import { randomUUID } from 'node:crypto';

/**
 * Escapes `/` as `\/`, `<` as `\u003C` and `>` as `\u003E` in a JSON text, as the reference writes `json_ld`
 * (docs/api.md §4.6). The text means the same to any JSON parser (the three occur only inside strings), but a
 * `</script>` in a title or name can no longer close the element a page embeds the `json_ld` in.
 */
export const scriptSafeJson = (json: string): string =>
  json.replace(/[/<>]/g, (c) => (c === '/' ? '\\/' : c === '<' ? '\\u003C' : '\\u003E'));

/**
 * `JSON.stringify(body)`, with every `json_ld` member written by `scriptSafeJson`, and the rest as it was (list pages
 * and captures compare the rest byte for byte). Each `json_ld` value is set aside under a marker no stored text can
 * hold (a random nonce behind a NUL), and spliced back in its escaped form.
 */
export function stringifyBody(body: unknown): string {
  const escaped: string[] = [];
  const marker = `\u0000json_ld:${randomUUID()}:`;
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (key !== 'json_ld' || typeof value !== 'object' || value === null) return value;
    escaped.push(scriptSafeJson(JSON.stringify(value)));
    return `${marker}${escaped.length - 1}`;
  });
  if (escaped.length === 0) return text;
  const quotedMarker = JSON.stringify(marker).slice(0, -1);
  return text.replace(
    new RegExp(`${escapeRegExp(quotedMarker)}(\\d+)"`, 'g'),
    (_, index: string) => escaped[Number(index)] as string,
  );
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Text derivations for HTML-bearing output values: entity escaping, json_ld descriptions, image extensions.
import { formatParagraphs } from './paragraphs.ts';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/**
 * Escapes `& < > " '` as HTML entities (event `website`, §4.1; json_ld descriptions, §4.6). Every `&` is
 * escaped, including one that already starts an entity: the contract lists the characters, not a
 * "no double encoding" exception, and a single rule keeps the output predictable.
 */
export function escapeHtmlEntities(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** Words kept from a description when json_ld falls back to it (§4.6). */
const JSON_LD_WORDS = 55;
const MORE = ' [&hellip;]';

/**
 * Removes HTML tags. Script and style elements go with their content (it is code, not prose); a `<` not
 * followed by a letter, `/`, `!` or `?` is text (`a < b`, `<3`) and stays.
 */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[a-zA-Z/!?][^>]*>/g, '');
}

/**
 * The first `count` words of a text joined by single spaces, plus `more` when words were dropped. As in
 * the reference implementation, white space (line breaks included) collapses either way.
 */
export function trimWords(text: string, count: number, more: string): string {
  const words = text.split(/[\n\r\t ]+/).filter((word) => word !== '');
  return words.length > count ? `${words.slice(0, count).join(' ')}${more}` : words.join(' ');
}

/**
 * The json_ld `description` of an event, venue or organizer (§4.6): the excerpt, or when it is blank the
 * description without tags cut to 55 words; paragraph-formatted untrimmed; entity-escaped; each line break
 * written as the two characters `\` `n`. `Short excerpt` → `&lt;p&gt;Short excerpt&lt;/p&gt;\n`.
 */
export function jsonLdDescription(excerpt: string, description: string): string {
  const source = excerpt.trim() !== '' ? excerpt : trimWords(stripTags(description), JSON_LD_WORDS, MORE);
  return escapeHtmlEntities(formatParagraphs(source)).replace(/\n/g, '\\n');
}

/**
 * The `extension` of an image (§4.4): the text after the last `.` of the URL's last path segment, query
 * and fragment ignored; undefined when that segment has no `.` (or nothing follows it, since empty
 * entries are omitted from image objects anyway). The host is never taken for a path segment.
 */
export function imageExtension(url: string): string | undefined {
  const withoutSuffix = url.replace(/[?#][\s\S]*$/, '');
  const path = withoutSuffix.replace(/^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/[^/]*/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  if (dot < 0 || dot === segment.length - 1) return undefined;
  return segment.slice(dot + 1);
}

// HTML text built by a tagged template that escapes every interpolated value unless it is itself built HTML, so page
// templates cannot forget to escape what the API returned.
import sanitizeHtml from 'sanitize-html';

export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = SafeHtml | string | number | false | null | undefined | readonly Part[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

function render(part: Part): string {
  if (part instanceof SafeHtml) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === false || part === null || part === undefined) return '';
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Editors' HTML (descriptions) reduced to text-level markup and links: no scripts, styles, forms, frames or event
 * attributes; links open as plain links.
 */
export function editorHtml(text: string): SafeHtml {
  return new SafeHtml(
    sanitizeHtml(text, {
      allowedTags: [
        'p',
        'br',
        'strong',
        'b',
        'em',
        'i',
        'u',
        's',
        'a',
        'ul',
        'ol',
        'li',
        'blockquote',
        'h2',
        'h3',
        'h4',
        'h5',
        'h6',
        'pre',
        'code',
        'hr',
        'span',
      ],
      allowedAttributes: { a: ['href', 'title'] },
      allowedSchemes: ['http', 'https', 'mailto', 'tel'],
      transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
    }),
  );
}

/**
 * JSON inside `<script type="application/ld+json">` (or any script element): `<` written as `\u003c` can end nothing.
 */
export const scriptJson = (value: unknown): SafeHtml =>
  new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );

// Paragraph formatting of stored texts (docs/api.md §4.7): blank-line-separated blocks become <p> elements.

/** Blocks starting with one of these tags are already HTML structure and are kept verbatim. */
const BLOCK_LEVEL_START = /^<(?:p|div|ul|ol|h[1-6]|blockquote|pre|table|figure|hr)(?=[\s/>]|$)/i;

/**
 * A paragraph break: two or more line breaks. Lines holding only spaces or tabs count as empty, because
 * they look empty to whoever typed them (`a\n \nb` is two paragraphs, not one with a stray `<br />`).
 */
const PARAGRAPH_BREAK = /\n(?:[ \t]*\n)+/;

function isBlockLevel(block: string): boolean {
  return BLOCK_LEVEL_START.test(block);
}

function wrapParagraph(block: string): string {
  return `<p>${block.replace(/\n/g, '<br />\n')}</p>`;
}

/**
 * The paragraph-formatted text, untrimmed: blocks joined with `\n` plus a final `\n`; `""` for an empty or
 * whitespace-only text. Each block is trimmed first so that stray leading or trailing line breaks do not
 * turn into `<br />`.
 */
export function formatParagraphs(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  if (normalised.trim() === '') return '';
  const blocks = normalised
    .split(PARAGRAPH_BREAK)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return `${blocks.map((block) => (isBlockLevel(block) ? block : wrapParagraph(block))).join('\n')}\n`;
}

/** The form shown in `description`/`excerpt` (§4.1): the paragraph-formatted text, trimmed. */
export function formatTrimmed(text: string): string {
  return formatParagraphs(text).trim();
}

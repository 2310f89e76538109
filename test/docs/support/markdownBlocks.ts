// The runnable examples of a Markdown page: its fenced ```sh blocks, in order, with the docs-test directive written in
// an HTML comment on the line before each (see test/docs/README.md).

export type Directive =
  | { readonly kind: 'run' }
  | { readonly kind: 'skip'; readonly reason: string }
  /** The block shows an error answer: its curl calls may get 4xx/5xx, and at least one must. */
  | { readonly kind: 'expect-error' }
  /** The block runs until stopped (a live feed): it is stopped after this many seconds, which counts as success. */
  | { readonly kind: 'stop-after'; readonly seconds: number };

export interface ShellBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
  readonly directive: Directive;
}

const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)?.*$/;
const directiveComment = /^\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*$/;

/** Reads `skip: reason`, `expect-error` or `stop-after: 3`; anything else is a mistake in the page. */
export function parseDirective(text: string): Directive {
  const [name = '', ...rest] = text.split(':');
  const value = rest.join(':').trim();
  switch (name.trim()) {
    case 'skip':
      if (value === '') throw new Error('docs-test: skip needs a reason: <!-- docs-test: skip: <reason> -->');
      return { kind: 'skip', reason: value };
    case 'expect-error':
      return { kind: 'expect-error' };
    case 'stop-after': {
      const seconds = Number(value.replace(/s$/, ''));
      if (!Number.isFinite(seconds) || seconds <= 0)
        throw new Error(`docs-test: stop-after needs seconds, got "${value}"`);
      return { kind: 'stop-after', seconds };
    }
    default:
      throw new Error(
        `unknown docs-test directive "${text}" (known: skip: <reason>, expect-error, stop-after: <seconds>)`,
      );
  }
}

/**
 * Every ```sh (or ```bash) block of the page; other fences (json, http, ts, text…) are shown output or code, not run.
 */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fence.exec(lines[i] as string);
    if (!open) continue;
    const marker = open[2] as string;
    const language = open[3] ?? '';
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !(lines[i] as string).trim().startsWith(marker); i++)
      body.push(lines[i] as string);
    if (language !== 'sh' && language !== 'bash') continue;
    blocks.push({ line: start + 1, code: body.join('\n'), directive: directiveBefore(lines, start) });
  }
  return blocks;
}

function directiveBefore(lines: readonly string[], fenceIndex: number): Directive {
  for (let i = fenceIndex - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const comment = directiveComment.exec(line);
    return comment ? parseDirective(comment[1] as string) : { kind: 'run' };
  }
  return { kind: 'run' };
}

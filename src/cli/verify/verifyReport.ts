// What `cal verify` prints: a table and a verdict for people, or one JSON object for scripts (pure).
import type { CollectionComparison } from '../../projections/digest/digestComparison.ts';

export interface VerifyOutcome {
  readonly position: string;
  /** Where the live digest came from: the service URL, or `mongodb`. */
  readonly live: string;
  readonly comparisons: readonly CollectionComparison[];
}

export const isIdentical = (outcome: VerifyOutcome): boolean => outcome.comparisons.every((c) => c.identical);

export function reportLines(outcome: VerifyOutcome): string[] {
  const rows = outcome.comparisons.map((c) => [
    c.collection,
    String(c.live.count),
    String(c.replayed.count),
    c.identical ? 'yes' : 'DIFFERENT',
  ]);
  const lines = [
    `Read model at position ${outcome.position}: live (${outcome.live}) against a replay of the event store`,
    '',
  ];
  lines.push(...table(['COLLECTION', 'LIVE', 'REPLAYED', 'IDENTICAL'], rows), '');
  for (const c of outcome.comparisons.filter((c) => !c.identical && c.differences.length > 0)) {
    const named = c.differences.map((d) => `${d.id} (${d.kind})`).join(', ');
    const more =
      (c.differing ?? 0) > c.differences.length ? `, and ${(c.differing ?? 0) - c.differences.length} more` : '';
    lines.push(`${c.collection}: ${c.differing} document(s) differ: ${named}${more}`);
  }
  const different = outcome.comparisons.filter((c) => !c.identical).map((c) => c.collection);
  lines.push(
    different.length === 0
      ? `identical: the live read model equals a replay up to position ${outcome.position}`
      : `DIFFERENT: ${different.join(', ')} differ from a replay up to position ${outcome.position}`,
  );
  return lines;
}

/** The per-document hashes stay out: they are the means of finding differences, not a result. */
export function reportJson(outcome: VerifyOutcome): string {
  const collections = Object.fromEntries(
    outcome.comparisons.map((c) => [
      c.collection,
      {
        identical: c.identical,
        live: { count: c.live.count, digest: c.live.digest },
        replayed: { count: c.replayed.count, digest: c.replayed.digest },
        ...(c.differing !== undefined ? { differing: c.differing } : {}),
        differences: c.differences,
      },
    ]),
  );
  return JSON.stringify({
    identical: isIdentical(outcome),
    position: outcome.position,
    live: outcome.live,
    collections,
  });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

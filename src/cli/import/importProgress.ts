// What `cal import` shows while it runs and at the end: a bar per kind on a terminal (count, rate, time left), one
// JSON line per step with --json, and the summary (created, updated, unchanged, failed with reasons).
import { MultiBar, type SingleBar } from 'cli-progress';
import type { Output } from '../preparedCommand.ts';
import { itemResults, type ItemOutcome, type ItemResult } from './importRun.ts';
import { importKinds, type ImportKind } from './sourceItems.ts';

export interface ImportReporter {
  read(kind: ImportKind, count: number, total: number | undefined): void;
  /** Called once reading is over, with the number of items of each kind to write. */
  planned(counts: Readonly<Record<ImportKind, number>>): void;
  item(outcome: ItemOutcome): void;
  finish(summary: ImportSummary): void;
}

export interface ImportSummary {
  readonly source: string;
  readonly dryRun: boolean;
  readonly counts: Readonly<Record<ItemResult, number>>;
  readonly byKind: Readonly<Record<ImportKind, Readonly<Record<ItemResult, number>>>>;
  readonly failed: readonly { kind: ImportKind; sourceId: number; reason: string }[];
  /** Copied protected by a password nobody knows: each needs a new password. */
  readonly locked: readonly { kind: ImportKind; sourceId: number; targetId: number }[];
  /** Source ids that got another id at the target (the target had used them). */
  readonly remapped: readonly { kind: ImportKind; sourceId: number; targetId: number }[];
  readonly retries: number;
  readonly seconds: number;
}

const emptyCounts = () => Object.fromEntries(itemResults.map((result) => [result, 0])) as Record<ItemResult, number>;

/** `3 created, 0 updated, …`: every result, in the same order everywhere. */
const countsText = (counts: Readonly<Record<ItemResult, number>>) =>
  itemResults.map((result) => `${counts[result]} ${result}`).join(', ');

/** Adds outcomes up into the summary as they come. */
export function summaryCollector(source: string, dryRun: boolean) {
  const byKind = Object.fromEntries(importKinds.map((kind) => [kind, emptyCounts()])) as Record<
    ImportKind,
    Record<ItemResult, number>
  >;
  const counts = emptyCounts();
  const failed: ImportSummary['failed'][number][] = [];
  const locked: ImportSummary['locked'][number][] = [];
  const remapped: ImportSummary['remapped'][number][] = [];
  return {
    add(outcome: ItemOutcome) {
      counts[outcome.result]++;
      byKind[outcome.kind][outcome.result]++;
      const { kind, sourceId, targetId } = outcome;
      if (outcome.result === 'failed') failed.push({ kind, sourceId, reason: outcome.reason ?? '' });
      if (outcome.locked && targetId !== undefined && outcome.result === 'created')
        locked.push({ kind, sourceId, targetId });
      // A term matched to one the target had keeps that one's id: a match, not an id taken.
      if (targetId !== undefined && targetId !== sourceId && outcome.result !== 'matched')
        remapped.push({ kind, sourceId, targetId });
    },
    summary: (retries: number, seconds: number): ImportSummary => ({
      source,
      dryRun,
      counts,
      byKind,
      failed,
      locked,
      remapped,
      retries,
      seconds,
    }),
  };
}

export function summaryLines(summary: ImportSummary): string[] {
  const lines = [
    `${summary.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} from ${summary.source} in ` +
      `${summary.seconds.toFixed(1)} s: ${countsText(summary.counts)} (${summary.retries} requests retried).`,
  ];
  for (const kind of importKinds) lines.push(`  ${kind}: ${countsText(summary.byKind[kind])}`);
  for (const f of summary.failed) lines.push(`Failed: ${f.kind} ${f.sourceId}: ${f.reason}`);
  for (const l of summary.locked)
    lines.push(`Protected at the source, copied locked with an unknown password: ${l.kind} ${l.targetId}`);
  if (summary.remapped.length > 0)
    lines.push(`Ids taken at the target, given new ids: ${summary.remapped.length} (listed with --json).`);
  return lines;
}

/** One JSON object per line: each page read, each item written, then the summary. */
export function jsonReporter(io: Output): ImportReporter {
  return {
    read: (kind, count, total) => io.out(JSON.stringify({ step: 'read', kind, count, total: total ?? null })),
    planned: (counts) => io.out(JSON.stringify({ step: 'planned', counts })),
    item: (outcome) => io.out(JSON.stringify({ step: 'item', ...outcome })),
    finish: (summary) => io.out(JSON.stringify({ step: 'summary', ...summary })),
  };
}

/** Bars on a terminal (one per kind: count, rate, time left), then the summary as text. */
export function terminalReporter(io: Output, terminal: NodeJS.WritableStream | undefined): ImportReporter {
  const bars = terminal
    ? new MultiBar({
        stream: terminal,
        format: '{kind} [{bar}] {value}/{total} | {rate} items/s | ETA {eta_formatted}',
        hideCursor: true,
        etaBuffer: 200,
        fps: 5,
      })
    : undefined;
  const byKind = new Map<ImportKind, { bar: SingleBar; startedAt: number; done: number }>();
  return {
    read: () => {},
    planned(counts) {
      for (const kind of importKinds) {
        const bar = bars?.create(Math.max(counts[kind], 1), 0, { kind: kind.padEnd(9), rate: 0 });
        if (bar) byKind.set(kind, { bar, startedAt: 0, done: 0 });
      }
    },
    item(outcome) {
      const progress = byKind.get(outcome.kind);
      if (!progress) return;
      // The rate counts from the kind's first item: the kinds are written one after another.
      if (progress.done === 0) progress.startedAt = performance.now();
      progress.done++;
      const seconds = (performance.now() - progress.startedAt) / 1000;
      progress.bar.update(progress.done, { rate: seconds > 0 ? Math.round(progress.done / seconds) : 0 });
    },
    finish(summary) {
      bars?.stop();
      for (const line of summaryLines(summary)) io.out(line);
    },
  };
}

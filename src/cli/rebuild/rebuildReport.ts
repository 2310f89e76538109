// What `cal rebuild` prints: the summary line, the digest table of a dry run, or one JSON object for scripts (pure).
import { readModelCollections } from '../../projections/readStore.ts';
import type { CollectionsDigest } from '../../projections/digest/readModelDigest.ts';

export interface ReplayMeasure {
  readonly projection: string;
  readonly events: number;
  readonly elapsedMs: number;
  /** Position of the last event applied (-1 when none was). */
  readonly position: bigint;
}

/** The embedded deployment: a replay into a fresh in-memory model beside the service's own. */
export interface DryRunOutcome extends ReplayMeasure {
  readonly target: 'memory';
  readonly collections: CollectionsDigest;
}

/** MongoDB: a new version built beside the active one, then made active. */
export interface SwitchOutcome extends ReplayMeasure {
  readonly target: 'mongodb';
  readonly previousVersion: number;
  readonly version: number;
  readonly catchUpPasses: number;
}

export type RebuildOutcome = DryRunOutcome | SwitchOutcome;

/** A run shorter than a millisecond still has a finite rate. */
export const eventsPerSecond = (events: number, elapsedMs: number): number =>
  Math.round((events * 1000) / Math.max(elapsedMs, 1));

const secondsText = (elapsedMs: number): string => (elapsedMs / 1000).toFixed(elapsedMs < 1000 ? 2 : 1);

export function summaryLine(measure: ReplayMeasure): string {
  const { projection, events, elapsedMs, position } = measure;
  return (
    `Rebuilt ${projection}: ${events} events in ${secondsText(elapsedMs)} s ` +
    `(${eventsPerSecond(events, elapsedMs)} events/s), position ${position}`
  );
}

export function reportLines(outcome: RebuildOutcome): string[] {
  return outcome.target === 'memory' ? dryRunLines(outcome) : switchLines(outcome);
}

function dryRunLines(outcome: DryRunOutcome): string[] {
  const rows = readModelCollections.map((c) => [
    c,
    String(outcome.collections[c].count),
    outcome.collections[c].digest,
  ]);
  return [
    'Replayed the event store into a fresh in-memory read model: a dry run. Every event still projects.',
    'The running service is not affected: to rebuild its in-memory read model, restart it ' +
      'without its snapshot (delete read-model.snapshot, or CAL_READ_MODEL_SNAPSHOT=off).',
    '',
    ...table(['COLLECTION', 'DOCUMENTS', 'DIGEST'], rows),
    '',
    `Digests at position ${outcome.position}: the service's read-model digest (cal verify) at that ` +
      `position must equal them.`,
    summaryLine(outcome),
  ];
}

function switchLines(outcome: SwitchOutcome): string[] {
  return [
    `Switched the active read model from version ${outcome.previousVersion} to version ${outcome.version} ` +
      `(${outcome.catchUpPasses} catch-up pass${outcome.catchUpPasses === 1 ? '' : 'es'}); ` +
      `running services follow within seconds. Version ${outcome.previousVersion} is kept for rollback.`,
    summaryLine(outcome),
  ];
}

export function reportJson(outcome: RebuildOutcome): string {
  const measure = {
    projection: outcome.projection,
    target: outcome.target,
    events: outcome.events,
    seconds: Math.round(outcome.elapsedMs) / 1000,
    eventsPerSecond: eventsPerSecond(outcome.events, outcome.elapsedMs),
    position: outcome.position.toString(),
  };
  if (outcome.target === 'memory') {
    const collections = Object.fromEntries(
      readModelCollections.map((c) => [
        c,
        { count: outcome.collections[c].count, digest: outcome.collections[c].digest },
      ]),
    );
    return JSON.stringify({ ...measure, serviceAffected: false, collections });
  }
  const { previousVersion, version, catchUpPasses } = outcome;
  return JSON.stringify({ ...measure, previousVersion, version, catchUpPasses });
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

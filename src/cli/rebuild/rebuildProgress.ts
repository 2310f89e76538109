// Progress of a rebuild's replay on stderr: a live bar on a terminal, a line every few seconds in logs and pipes.
import { SingleBar } from 'cli-progress';
import type { ReplayProgress } from '../../projections/replay.ts';
import { eventsPerSecond } from './rebuildReport.ts';

export interface ProgressReporter {
  update(progress: ReplayProgress): void;
  /** Ends the bar, leaving its last state on screen, before the command prints anything else. */
  finish(): void;
}

/** Milliseconds since some fixed origin: `performance.now` in the command, a settable one in tests. */
export type Clock = () => number;

/** Often enough to show a long rebuild is alive, rarely enough not to flood a log. */
export const progressLineIntervalMs = 5000;

/**
 * The bar's total is the head position rather than a count of events: counting means reading the whole store once
 * more before starting. Positions are dense in the embedded store, so the bar is exact there; EventStoreDB positions
 * grow with the bytes written, a fair measure of the work left. The events count and rate are counted exactly.
 */
const fractionOf = (progress: ReplayProgress): number =>
  progress.upTo < 0n ? 1 : Number(progress.appliedPosition + 1n) / Number(progress.upTo + 1n);

const percentOf = (progress: ReplayProgress): string => `${Math.floor(fractionOf(progress) * 100)}%`;

export function progressBar(projection: string, stream: NodeJS.WritableStream, clock: Clock): ProgressReporter {
  const bar = new SingleBar({
    stream,
    format: `${projection} [{bar}] {percentage}% | {events} events | {rate} events/s | ETA {eta_formatted}`,
    hideCursor: true,
    etaBuffer: 100,
    fps: 5,
  });
  const startedAt = clock();
  let started = false;
  return {
    update(progress) {
      const payload = {
        events: progress.appliedEvents,
        rate: eventsPerSecond(progress.appliedEvents, clock() - startedAt),
      };
      const value = Number(progress.appliedPosition + 1n);
      if (!started) bar.start(Math.max(Number(progress.upTo + 1n), 1), value, payload);
      else bar.update(value, payload);
      started = true;
    },
    finish() {
      if (started) bar.stop();
      started = false;
    },
  };
}

export function progressLines(
  projection: string,
  write: (line: string) => void,
  clock: Clock,
  intervalMs = progressLineIntervalMs,
): ProgressReporter {
  const startedAt = clock();
  let printedAt = startedAt;
  return {
    update(progress) {
      const now = clock();
      if (now - printedAt < intervalMs) return;
      printedAt = now;
      const rate = eventsPerSecond(progress.appliedEvents, now - startedAt);
      write(
        `${projection}: ${progress.appliedEvents} events, position ${progress.appliedPosition} of ` +
          `${progress.upTo} (${percentOf(progress)}), ${rate} events/s`,
      );
    },
    finish() {},
  };
}

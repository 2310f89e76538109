// `cal audit <stream> [--from N] [--to N] [--json]`: replays one stream and prints each event with the change it
// caused.
import type { HistoryEntry } from '../projections/history/historyEntries.ts';
import { historyOf } from '../projections/history/historyEntries.ts';
import { resourceHistoryKinds } from '../projections/history/resourceHistoryKinds.ts';
import { historyEntryJson } from '../projections/history/historyJson.ts';
import { argumentsOf, UsageError, type Invocation } from './cliParser.ts';
import { CliFailure } from './cliStore.ts';
import type { Output, PreparedCommand } from './preparedCommand.ts';

/** Checks the arguments before any store is opened, so usage errors never touch the data. */
export function prepareAuditCommand(invocation: Invocation): PreparedCommand {
  const [stream = ''] = argumentsOf(invocation, ['audit'], ['stream'], ['from', 'to', 'json']);
  const from = revisionOption(invocation.options.from, '--from') ?? 0n;
  const to = revisionOption(invocation.options.to, '--to');
  if (to !== undefined && from > to) throw new UsageError(`audit: --from ${from} is after --to ${to}`);
  const json = invocation.flags.has('json');
  return async (store, io, _env, parts) => {
    const events = await store.readStream(stream);
    if (events.length === 0) throw new CliFailure(`stream "${stream}" has no events`);
    // The whole stream is folded even for a range: a change is only known from the state before it.
    const entries = historyOf(resourceHistoryKinds(parts.folding), stream, events).filter(
      (entry) => entry.revision >= from && (to === undefined || entry.revision <= to),
    );
    if (entries.length === 0) {
      const last = events[events.length - 1]?.revision ?? 0n;
      throw new CliFailure(
        `stream "${stream}" has no events in revisions ${from}..${to ?? 'end'} (its last revision is ${last})`,
      );
    }
    entries.forEach((entry, index) => {
      if (json) return io.out(JSON.stringify(historyEntryJson(entry)));
      if (index > 0) io.out('');
      printEntry(io, entry);
    });
  };
}

/** A stream revision: 0 or more, digits only. */
function revisionOption(value: string | undefined, name: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,18}$/.test(value))
    throw new UsageError(`audit: ${name} takes a stream revision (0, 1, 2…), not "${value}"`);
  return BigInt(value);
}

/** One block: what happened, who did it and when, then one `field: before → after` line per changed field. */
function printEntry(io: Output, entry: HistoryEntry): void {
  io.out(`revision ${entry.revision}  position ${entry.position}  ${entry.type} (schema ${entry.schemaVersion})`);
  io.out(
    `  occurred ${entry.occurredAt}  actor ${entry.actor}  correlation ${entry.correlationId}  ` +
      `causation ${entry.causationId}`,
  );
  if (entry.data !== undefined) return io.out(`  data: ${JSON.stringify(entry.data)}`);
  const changes = Object.entries(entry.changes);
  if (changes.length === 0) return io.out('  (no changes)');
  for (const [field, { before, after }] of changes)
    io.out(`  ${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
}

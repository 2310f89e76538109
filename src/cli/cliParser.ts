// Command-line parsing for `cal` on Node's own `util.parseArgs`: global options, subcommands, usage errors.
import { parseArgs } from 'node:util';

/** Wrong invocation: the message is shown with a pointer to `--help`, and the exit code is 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const optionSpec = {
  'data-dir': { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  'display-name': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  url: { type: 'string' },
  user: { type: 'string' },
  projection: { type: 'string' },
  concurrency: { type: 'string' },
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type FlagName = 'json' | 'dry-run';
export type OptionName = Exclude<keyof typeof optionSpec, 'help' | 'data-dir' | FlagName>;

export interface Invocation {
  readonly positionals: readonly string[];
  readonly options: Partial<Record<OptionName | 'data-dir', string>>;
  /** Boolean switches given (`--json`). */
  readonly flags: ReadonlySet<FlagName>;
  readonly help: boolean;
}

export function parseInvocation(argv: readonly string[]): Invocation {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: optionSpec,
      allowPositionals: true,
      strict: true,
    });
    const { help, json, 'dry-run': dryRun, ...strings } = values;
    const options: Partial<Record<OptionName | 'data-dir', string>> = {};
    for (const [name, value] of Object.entries(strings))
      if (typeof value === 'string') options[name as OptionName] = value;
    return {
      positionals,
      options,
      flags: new Set<FlagName>([
        ...(json === true ? ['json' as const] : []),
        ...(dryRun === true ? ['dry-run' as const] : []),
      ]),
      help: help === true,
    };
  } catch (error) {
    // parseArgs reports unknown options and missing option values as TypeErrors with readable messages.
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The positional arguments after the command words (`['users', 'add']`), refusing missing or extra ones and options
 * or flags the command does not take.
 */
export function argumentsOf(
  invocation: Invocation,
  command: readonly string[],
  names: readonly string[],
  allowed: readonly (OptionName | FlagName)[],
): string[] {
  const label = command.join(' ');
  const args = invocation.positionals.slice(command.length);
  if (args.length < names.length) throw new UsageError(`${label}: missing <${names[args.length] ?? ''}>`);
  if (args.length > names.length) throw new UsageError(`${label}: unexpected argument "${args[names.length] ?? ''}"`);
  for (const name of [...Object.keys(invocation.options), ...invocation.flags]) {
    if (name !== 'data-dir' && !allowed.includes(name as OptionName))
      throw new UsageError(`${label} does not take --${name}`);
  }
  return args;
}

export const usage = `Usage: cal [--data-dir <dir>] <command> [arguments]

Operate the calendar events service: manage its users (changes apply to a running service within a second, no
restart), audit a stream, verify or rebuild the read model. Every command may run beside a running service.

Commands:
  users add <login> --role <role> [--password <pw>] [--display-name <name>]
                                         register a user; without --password one is generated and printed once
  users list                             logins, ids, roles and whether a password is set
  users set-role <login> <role>          change a user's role
  users set-password <login> [--password <pw>]
                                         set a new password (generated and printed once when not given)
  users revoke-password <login>          remove the password: the user can no longer authenticate
  audit <stream> [--from <rev>] [--to <rev>] [--json]
                                         replay a stream (event-7, venue-3, category-2, user-1…) and print each
                                         event with the changes it made; --from/--to: revisions, inclusive;
                                         --json: one JSON object per line. Password hashes show as [redacted]
  verify [--url <service url>] [--user <login> --password <pw>] [--json]
                                         replay the event store into a fresh read model up to the position of
                                         the live one (the service at --url, read as an administrator; without
                                         --url, MongoDB at CAL_MONGODB_URL) and compare a digest per collection;
                                         exit 0 identical, 1 different. --json: one JSON object
  rebuild [--projection <name>] [--json]
                                         replay the whole event store into a fresh read model, with a progress
                                         bar (events, events/s, ETA) on stderr. Projections: read-model (the
                                         default; every collection, rebuilt together since events embed copies
                                         of their venues, organizers and terms). Embedded: a dry run beside the
                                         service (which rebuilds at every start) printing a digest per
                                         collection. With CAL_MONGODB_URL: blue-green, builds the next version's
                                         collections, catches up, then switches running services to it; the old
                                         version stays for rollback. --json: the summary as one JSON object
  import-ics <file> [--json]             import a calendar file (.ics) exported by a calendar application, as
                                         POST events.ics does: each VEVENT becomes an event (with its venue,
                                         organizer and categories), credited to no author; importing the same
                                         file again changes nothing, a newer version of an entry updates its
                                         event. Dates without a zone use CAL_TIMEZONE. --json: the report as
                                         one JSON object
  passwords migrate [--json]             wrap the unsalted SHA-256 password digests older versions stored for
                                         events, venues and organizers in argon2id (one change event per item;
                                         the passwords keep working). --json: the summary as one JSON object
  import --from <source api root> [--user <login> --password <pw>] [--concurrency <n>] [--dry-run] [--json]
                                         copy a whole calendar from a site speaking this interface (venues,
                                         organizers, categories, tags, events; ids and slugs kept when free).
                                         Re-runs copy only what changed. Progress bars per kind on a terminal;
                                         --json: one JSON object per step; --dry-run: read and report only;
                                         --concurrency: requests in flight (default 4). Exit 1 when some items
                                         failed, 2 when the source is unreachable. See docs/migration.md

Roles: administrator, editor, author, contributor, subscriber
Logins: 1-60 letters, digits, ".", "_", "@" or "-"; unique ignoring case.

Options:
  --data-dir <dir>   embedded data directory (default: CAL_DATA_DIR, else ./data)
  -h, --help         show this help

Environment:
  CAL_DATA_DIR         default data directory
  CAL_EVENTSTORE_URL   use this EventStoreDB/KurrentDB instead of the embedded store
  CAL_MONGODB_URL      verify: the MongoDB read model to check when no --url is given;
                       rebuild: the MongoDB read model to rebuild blue-green
  CAL_VERIFY_PASSWORD  verify: the password for --user when --password is not given
  CAL_TIMEZONE         import-ics: the site zone (floating times, UTC times shown in it)
  CAL_ICS_MAX_BYTES, CAL_ICS_MAX_COMPONENTS
                       import-ics: the limits of one file, as for POST events.ics

Exit codes: 0 done, 1 failed (unknown login, login taken, stream without events, store error, an event that no
longer projects, a rebuild whose switch met another, an import with failed items), 2 wrong usage (unknown projection
included) or an import source that cannot be reached.`;

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
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type FlagName = 'json';
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
    const { values, positionals } = parseArgs({ args: [...argv], options: optionSpec, allowPositionals: true, strict: true });
    const { help, json, ...strings } = values;
    const options: Partial<Record<OptionName | 'data-dir', string>> = {};
    for (const [name, value] of Object.entries(strings)) if (typeof value === 'string') options[name as OptionName] = value;
    return { positionals, options, flags: new Set<FlagName>(json === true ? ['json'] : []), help: help === true };
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
    if (name !== 'data-dir' && !allowed.includes(name as OptionName)) throw new UsageError(`${label} does not take --${name}`);
  }
  return args;
}

export const usage = `Usage: cal [--data-dir <dir>] users <command> [arguments]

Manage the users of the calendar events service. Changes apply to a running service within a second; no restart.

Commands:
  users add <login> --role <role> [--password <pw>] [--display-name <name>]
                                         register a user; without --password one is generated and printed once
  users list                             logins, ids, roles and whether a password is set
  users set-role <login> <role>          change a user's role
  users set-password <login> [--password <pw>]
                                         set a new password (generated and printed once when not given)
  users revoke-password <login>          remove the password: the user can no longer authenticate

Roles: administrator, editor, author, contributor, subscriber
Logins: 1-60 letters, digits, ".", "_", "@" or "-"; unique ignoring case.

Options:
  --data-dir <dir>   embedded data directory (default: CAL_DATA_DIR, else ./data)
  -h, --help         show this help

Environment:
  CAL_DATA_DIR         default data directory
  CAL_EVENTSTORE_URL   use this EventStoreDB/KurrentDB instead of the embedded store

Exit codes: 0 done, 1 failed (unknown login, login taken, store error), 2 wrong usage.`;

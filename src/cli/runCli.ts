// The `cal` command line as a function of arguments, environment and output: the exit code 0 done, 1 failed, 2 wrong
// usage.
import { parseInvocation, usage, UsageError, type Invocation } from './cliParser.ts';
import { CliFailure, dataDirOf, openCliStore } from './cliStore.ts';
import { prepareUsersCommand } from './usersCommand.ts';
import { prepareAuditCommand } from './auditCommand.ts';
import { prepareVerifyCommand } from './verifyCommand.ts';
import { prepareRebuildCommand } from './rebuildCommand.ts';
import { preparePasswordsCommand } from './passwordsCommand.ts';
import { prepareImportCommand } from './import/importCommand.ts';
import { prepareImportIcsCommand } from './importIcsCommand.ts';
import type { Output, PreparedCommand } from './preparedCommand.ts';
import { ZoneClock } from '../domain/timeZone.ts';
import { projectionMemos } from '../projections/projectionMemos.ts';
import { eventFoldingOf } from '../projections/events/eventDocumentAt.ts';

const commands: Record<string, (invocation: Invocation) => PreparedCommand> = {
  users: prepareUsersCommand,
  audit: prepareAuditCommand,
  verify: prepareVerifyCommand,
  rebuild: prepareRebuildCommand,
  passwords: preparePasswordsCommand,
  import: (invocation) => prepareImportCommand(invocation),
  'import-ics': prepareImportIcsCommand,
};

export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  try {
    const invocation = parseInvocation(argv);
    if (invocation.help) {
      io.out(usage);
      return 0;
    }
    const [group] = invocation.positionals;
    if (group === undefined) throw new UsageError('missing command');
    if (!Object.hasOwn(commands, group)) throw new UsageError(`unknown command "${group}"`);
    const run = (commands[group] as (invocation: Invocation) => PreparedCommand)(invocation);
    const store = await openCliStore(dataDirOf(invocation.options['data-dir'], env), env);
    try {
      return (await run(store, io, env, { folding: eventFoldingOf(projectionMemos(new ZoneClock())) })) ?? 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`cal: ${error.message}\nRun "cal --help" for usage.`);
      return 2;
    }
    io.err(
      `cal: ${error instanceof CliFailure ? error.message : error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

// The `cal` command line as a function of arguments, environment and output: the exit code 0 done, 1 failed, 2 wrong usage.
import { parseInvocation, usage, UsageError } from './cliParser.ts';
import { CliFailure, dataDirOf, openCliStore } from './cliStore.ts';
import { prepareUsersCommand, type Output } from './usersCommand.ts';

export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  try {
    const invocation = parseInvocation(argv);
    if (invocation.help) {
      io.out(usage);
      return 0;
    }
    const [group] = invocation.positionals;
    if (group === undefined) throw new UsageError('missing command');
    if (group !== 'users') throw new UsageError(`unknown command "${group}"`);
    const run = prepareUsersCommand(invocation);
    const store = await openCliStore(dataDirOf(invocation.options['data-dir'], env), env);
    try {
      await run(store, io);
    } finally {
      await store.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`cal: ${error.message}\nRun "cal --help" for usage.`);
      return 2;
    }
    io.err(`cal: ${error instanceof CliFailure ? error.message : error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

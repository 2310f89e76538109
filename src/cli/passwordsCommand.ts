// `cal passwords migrate`: replaces the unsalted password digests older versions stored by their argon2id wrapping.
import { randomUUID } from 'node:crypto';
import { migrateLegacyPasswords } from '../commands/posts/migrateLegacyPasswords.ts';
import { argumentsOf, UsageError, type Invocation } from './cliParser.ts';
import type { PreparedCommand } from './preparedCommand.ts';

export function preparePasswordsCommand(invocation: Invocation): PreparedCommand {
  const command = invocation.positionals[1];
  if (command !== 'migrate')
    throw new UsageError(
      command === undefined ? 'passwords: missing subcommand (migrate)' : `passwords: unknown subcommand "${command}"`,
    );
  argumentsOf(invocation, ['passwords', command], [], ['json']);
  const json = invocation.flags.has('json');
  return async (store, io) => {
    const id = randomUUID();
    const outcome = await migrateLegacyPasswords(store, {
      actor: 'cli',
      now: new Date(),
      correlationId: id,
      causationId: id,
    });
    if (json) io.out(JSON.stringify(outcome));
    else {
      io.out(
        `Migrated ${outcome.migrated.length} password digest(s) to ` +
          `sha256-argon2id${outcome.migrated.length > 0 ? `: ${outcome.migrated.join(', ')}` : ''}.`,
      );
      if (outcome.changedMeanwhile.length > 0)
        io.out(`Written to meanwhile, run again: ${outcome.changedMeanwhile.join(', ')}.`);
    }
    return outcome.changedMeanwhile.length > 0 ? 1 : 0;
  };
}

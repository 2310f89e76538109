// `cal verify` (placeholder until implemented).
import { UsageError, type Invocation } from './cliParser.ts';
import type { PreparedCommand } from './preparedCommand.ts';

export function prepareVerifyCommand(_invocation: Invocation): PreparedCommand {
  throw new UsageError('verify: not available yet');
}

// `cal audit` (placeholder until implemented).
import { UsageError, type Invocation } from './cliParser.ts';
import type { PreparedCommand } from './preparedCommand.ts';

export function prepareAuditCommand(_invocation: Invocation): PreparedCommand {
  throw new UsageError('audit: not available yet');
}

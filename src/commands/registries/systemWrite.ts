// Write context for registry bookkeeping that no user action causes directly.
import { randomUUID } from 'node:crypto';
import type { WriteContext } from '../../events/catalogue/envelope.ts';

export function systemWrite(): WriteContext {
  const id = randomUUID();
  return { actor: 'system', now: new Date(), correlationId: id, causationId: id };
}

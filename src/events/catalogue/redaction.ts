// Secrets recorded in event data (password hashes) never leave the service: history, audit and the change feed
// show that one is set, not its value, since a SHA-256 of a short password is easily reversed.
export const redacted = '[redacted]';

const secretKeys: ReadonlySet<string> = new Set(['passwordSha256', 'passwordHash']);

/**
 * A deep copy of `value` with every non-null secret replaced by {@link redacted}; other values are kept as they are.
 */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = secretKeys.has(key) && inner !== null && inner !== undefined ? redacted : redactSecrets(inner);
  }
  return copy as T;
}

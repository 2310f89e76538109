// Upcasters of the password rename: `passwordSha256` (event and organizer schema version 1, venue versions 1 and 2)
// reads as `passwordHash`, the field of the versions that store salted slow hashes.
//
// The value is kept as it was: an old event's unsalted SHA-256 digest stays comparable, because verification tells the
// forms apart by their shape (src/commands/posts/itemPasswordHash.ts). So each event maps on its own, nothing is lost,
// and a store never needs rewriting; `cal passwords migrate` wraps such digests in argon2id with new events.

type JsonRecord = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `record` with `passwordSha256` renamed `passwordHash`, in its place among the other keys. */
function renamed(record: JsonRecord): JsonRecord {
  if (!('passwordSha256' in record)) return record;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key === 'passwordSha256' ? 'passwordHash' : key, value]),
  );
}

/**
 * The upcaster of a creation (`facts`) or a change (`changes`) whose versions before `renamedIn` hold
 * `passwordSha256`; `before` upcasts the earlier steps first (the venues' `geo` of version 2).
 */
export function passwordRenameUpcast(
  member: 'facts' | 'changes',
  renamedIn: number,
  before: (data: unknown, fromVersion: number) => unknown = (data) => data,
): (data: unknown, fromVersion: number) => unknown {
  return (data, fromVersion) => {
    if (fromVersion >= renamedIn) return data;
    const earlier = before(data, fromVersion);
    if (!isRecord(earlier) || !isRecord(earlier[member])) return earlier;
    return { ...earlier, [member]: renamed(earlier[member]) };
  };
}

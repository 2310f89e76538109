// The fields one event changed: the difference between the documents folded before and after it, secrets redacted.
import { isDeepStrictEqual } from 'node:util';
import { redactSecrets } from '../../events/catalogue/redaction.ts';

export interface FieldChange {
  /** `null` when the field had no value (the document did not exist yet, or an optional field was unset). */
  readonly before: unknown;
  readonly after: unknown;
}

export type Changes = Readonly<Record<string, FieldChange>>;

/**
 * Fields present in either document whose values differ, in the documents' key order, except the `ignored` ones.
 * Compared before redaction, so a password replaced by another shows as a change (`[redacted]` → `[redacted]`).
 */
export function changesBetween(
  before: object | undefined,
  after: object | undefined,
  ignored: ReadonlySet<string>,
): Changes {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(is), ...Object.keys(was)])) {
    if (ignored.has(field)) continue;
    const from = was[field] ?? null;
    const to = is[field] ?? null;
    if (!isDeepStrictEqual(from, to))
      changes[field] = { before: redactedValue(field, from), after: redactedValue(field, to) };
  }
  return changes;
}

/** Redaction looks at keys, so the value is judged under its own field name. */
const redactedValue = (field: string, value: unknown): unknown => redactSecrets({ [field]: value })[field];

// The records of msgpackr's format (a key list defined once per value, then objects of those keys) as the stored-event
// decoder builds them.

/** The keys of a record and a builder of its objects, shared by every definition written with the same bytes. */
export interface RecordShape {
  readonly keys: readonly string[];
  readonly build: () => Record<string, unknown>;
}

/**
 * A function that reads one object of these keys as an object literal, as msgpackr's own reader does for shapes it
 * sees often: objects then get their final hidden class at once instead of growing one property at a time. The keys
 * enter the source as JSON string literals, so no key can be anything but a property name.
 */
export function builderOf(keys: readonly string[], read: () => unknown): () => Record<string, unknown> {
  const properties = keys.map((key) => `${JSON.stringify(key)}: read()`).join(', ');
  return new Function('read', `return function build() { return { ${properties} }; };`)(read) as () => Record<
    string,
    unknown
  >;
}

// Canonical JSON: one text per value whatever its key order or storage, so that equal documents hash equally.

/**
 * JSON with object keys sorted (by UTF-16 code units, as `Array.prototype.sort` does), bigints as decimal strings,
 * and `undefined` dropped from objects (a missing field and an undefined one are the same fact). Elsewhere it is
 * `JSON.stringify`: `toJSON` is honoured, non-finite numbers and undefined array items become `null`.
 */
export function canonicalJson(value: unknown): string {
  return encode(value) ?? 'null';
}

/** Undefined for values JSON has no text for (undefined, functions, symbols), which objects then leave out. */
function encode(value: unknown): string | undefined {
  switch (typeof value) {
    case 'bigint':
      return `"${value.toString()}"`;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return encode((value as { toJSON: () => unknown }).toJSON());
      if (Array.isArray(value)) return `[${value.map((item) => encode(item) ?? 'null').join(',')}]`;
      return encodeObject(value as Record<string, unknown>);
    default:
      return JSON.stringify(value);
  }
}

function encodeObject(object: Record<string, unknown>): string {
  const members: string[] = [];
  for (const key of Object.keys(object).sort()) {
    const encoded = encode(object[key]);
    if (encoded !== undefined) members.push(`${JSON.stringify(key)}:${encoded}`);
  }
  return `{${members.join(',')}}`;
}

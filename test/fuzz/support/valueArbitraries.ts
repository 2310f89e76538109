// Parameter values for fuzzing: the forms each kind of parameter accepts, near misses, and junk of every shape.
import fc from 'fast-check';

/** Every byte but the unreserved ones as %XX of its UTF-8 (lone surrogates become U+FFFD instead of throwing). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Values the codecs accept or nearly accept: ids, id lists, booleans, dates, statuses, languages, URLs, positions. */
const plausibleText = fc.constantFrom(
  '1',
  '2',
  '0',
  '-1',
  '1,2',
  '1, 2, 3',
  'true',
  'false',
  'TRUE',
  'yes',
  'on',
  'off',
  '2026-12-01',
  '2026-12-01 10:00:00',
  '2026-12-01T10:00:00+02:00',
  'tomorrow 9am',
  'next wednesday 4pm',
  '+5 days 11am',
  'now',
  'garbage',
  '1700000000',
  'publish',
  'draft',
  'pending',
  'private',
  'future',
  'trash',
  'any',
  'publish,draft',
  'en',
  'es',
  'ca',
  'fr',
  'Europe/Madrid',
  'UTC+2',
  'Mars/Olympus',
  'https://example.org/a.png',
  'ftp://x',
  'http://',
  'start',
  '18446744073709551615',
  '18446744073709551616',
  'event,venue',
  'nope',
  'asc',
  'desc',
  'name',
  'id',
  '$5',
  '5-10',
  'fuzz-category',
  'fuzz-tag',
  'cal/events/v1',
  'view',
  'edit',
);

/** Strings no parameter expects. */
export const junkText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '\u0000',
    '\uFEFF',
    '\uD800',
    '\u202E',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '{}',
    '[]',
    '<script>',
    "' OR 1=1 --",
  ),
);

/** Long enough to cross a length limit (1 000, 10 000 or 100 000 characters), or merely long. */
export const longText = fc.constantFrom(999, 1_001, 5_000, 10_001, 20_000, 100_001).map((length) => 'é'.repeat(length));

export const scalarText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: plausibleText },
  { weight: 4, arbitrary: junkText },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }).map((n) => 'a'.repeat(n)) },
);

/** A JSON scalar of any type a field might wrongly receive. */
const jsonScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalarText },
  { weight: 3, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, 1, 2, -1, 1.5, 1e308, -0, 2 ** 53 + 2)) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Keys that would reach `Object.prototype` or a constructor through a naive merge. */
export const pollutingKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** A JSON value a body field may receive: scalars, short lists and objects (inline venues and organizers look so). */
export function jsonFieldValue(memberNames: readonly string[]): fc.Arbitrary<unknown> {
  const memberName = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...memberNames) },
    { weight: 1, arbitrary: fc.constantFrom(...pollutingKeys) },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 8, arbitrary: jsonScalar },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 2, arbitrary: fc.array(fc.tuple(memberName, tie('value')), { maxLength: 4 }).map(entriesObject) },
      { weight: 1, arbitrary: longText },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 99, max: 102 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
      },
    ),
  }));
  return value;
}

/** An object with these own members, `__proto__` included as a plain key (an assignment would set the prototype). */
export function entriesObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

// Request headers for fuzzing: credentials of every role and broken ones, and junk in every header the service reads.
import fc from 'fast-check';
import { as, rolePassword, type Who } from '../../support/roleService.ts';
import { adminAuth } from '../../support/testService.ts';
import { junkText } from './valueArbitraries.ts';

const basic = (login: string, password: string): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** `Authorization` of a seeded role (see roleService), or none for anonymous. */
export function authorizationOf(who: Who): string | undefined {
  if (who === 'anonymous') return undefined;
  return who === 'admin' || who === 'administrator' ? adminAuth : as(who);
}

export const who: fc.Arbitrary<Who> = fc.constantFrom(
  'anonymous',
  'subscriber',
  'contributor',
  'author',
  'editor',
  'admin',
);

/** Header values may hold any byte but controls; Node's client refuses the rest before sending. */
const headerSafe = (text: string): string => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

/**
 * A wrong password costs an Argon2 verification (tens of milliseconds, by design), so it is rare here; unknown
 * logins and unreadable headers are cheap.
 */
const brokenAuthorization = fc.oneof(
  { weight: 1, arbitrary: fc.constant(basic('editor', `${rolePassword}x`)) },
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }).map((login) => basic(`nobody-${login}`, 'x')) },
  { weight: 3, arbitrary: junkText.map((junk) => `Basic ${headerSafe(junk)}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Basic',
      'Basic ',
      'Basic ===',
      'Bearer abc',
      'basic YWRtaW4=',
      'Digest x',
      'Basic Og==',
      'Basic OjoK',
    ),
  },
);

/** Authorization header to send; `undefined` sends none. */
export const authorization: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: who.map(authorizationOf) },
  { weight: 1, arbitrary: brokenAuthorization },
);

const optionalHeader = (name: string, value: fc.Arbitrary<string>, weight = 1) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant<[string, string][]>([]) },
    { weight, arbitrary: value.map((v): [string, string][] => [[name, headerSafe(v)]]) },
  );

const ifMatch = fc.oneof(
  fc.constantFrom('*', '"1"', 'W/"2"', '"99999999999999999999"', 'W/', '""', '"-1"', '1'),
  junkText,
);
const lastEventId = fc.oneof(fc.constantFrom('0', '1', '18446744073709551616', '-1', ' 5 ', 'start'), junkText);

/** Headers besides `Authorization` and the body's: each absent most of the time. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    optionalHeader('if-match', ifMatch, 2),
    optionalHeader('last-event-id', lastEventId, 2),
    optionalHeader('origin', fc.oneof(fc.constant('https://example.org'), junkText)),
    optionalHeader('x-request-id', fc.oneof(fc.constant('a'.repeat(300)), junkText)),
    optionalHeader('x-correlation-id', junkText),
    optionalHeader('accept', fc.constantFrom('text/event-stream', 'application/xml', '*/*', '')),
    optionalHeader('x-forwarded-for', fc.constantFrom('1.2.3.4', 'junk', '1.1.1.1, 2.2.2.2')),
    // Past Node's 16 KB header limit: 431 from the server before any middleware.
    fc.oneof(
      { weight: 40, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 1, arbitrary: fc.constant<[string, string][]>([['x-fill', 'f'.repeat(20_000)]]) },
    ),
  )
  .map((groups) => Object.fromEntries(groups.flat()));

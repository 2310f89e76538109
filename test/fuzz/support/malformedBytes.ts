// Raw bytes for a connection: request lines, header blocks and chunked bodies broken in the ways HTTP parsers
// disagree on (smuggling shapes), mixed with valid requests so that the connection state matters.
import fc from 'fast-check';
import { adminAuth } from '../../support/testService.ts';
import { API } from './fuzzService.ts';

const method = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE', 'OPTIONS', 'PUT') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('get', 'G E T', '', 'CONNECT', 'PRI', 'FOO', 'GET\u0000', 'POST\t', '\u00c9T'),
  },
);

const target = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `${API}/events`,
      `${API}/events/3`,
      `${API}/venues/1`,
      `${API}`,
      `${API}/changes`,
      '/health',
      '*',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      `${API}/ev ents`,
      `${API}/events\u0000`,
      `http://x${API}/events`,
      '//',
      `${API}/%`,
      '\u00ff',
      'a'.repeat(20_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
);

const version = fc.oneof(
  { weight: 6, arbitrary: fc.constant('HTTP/1.1') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2', 'HTTP/9.9', 'HTTPS/1.1', 'http/1.1', '', 'HTTP/1.1 x'),
  },
);

const headerLine = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      `Authorization: ${adminAuth}`,
      'Content-Type: application/json',
      'Connection: close',
      'Connection: keep-alive',
      'Accept: */*',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Content-Length: 5',
      'Content-Length: -1',
      'Content-Length: 5, 6',
      'Content-Length: 99999999999999999999',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Transfer-Encoding: chunked, identity',
      'Transfer-Encoding: xchunked',
      'Expect: 100-continue',
      'Upgrade: websocket',
      'Host: a, b',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'NoColon',
      ': empty name',
      'Bad Name: x',
      'X-A:\u0000',
      'X-Fold: a\r\n b',
      'X-\u00e9: x',
      `X-Big: ${'b'.repeat(20_000)}`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
);

const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"title":"x"}',
      'hello',
      '5\r\nhello\r\n0\r\n\r\n',
      'zz\r\nx\r\n0\r\n\r\n',
      '5\r\nhel',
      '0\r\n\r\nGET /smuggled HTTP/1.1\r\n\r\n',
      'ffffffffffffffff\r\n',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const eol = fc.oneof(
  { weight: 8, arbitrary: fc.constant('\r\n') },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '\n\r') },
);

const request = fc
  .tuple(
    method,
    target,
    version,
    fc.array(headerLine, { maxLength: 5 }),
    fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    body,
    eol,
  )
  .map(([m, t, v, headers, host, b, end]) =>
    [`${m} ${t} ${v}`, ...(host ? ['Host: fuzz'] : []), ...headers, '', b].join(end),
  );

/** One or two requests as bytes (latin-1, so that every char is one byte), or plain random bytes. */
export const malformedBytes: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(request, { minLength: 1, maxLength: 2 })
      .map((requests) => Buffer.from(requests.join(''), 'latin1')),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
);

/** The status codes and heads of the HTTP responses in a connection's bytes. */
export function responseHeads(text: string): { readonly status: number; readonly head: string }[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)].map((match) => ({
    status: Number(match[1]),
    head: match[2] ?? '',
  }));
}

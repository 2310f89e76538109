// Whole requests for fuzzing: method, target, headers and body, combined from the other arbitraries.
import fc from 'fast-check';
import type { FuzzBody } from './bodyArbitraries.ts';
import { fuzzBody } from './bodyArbitraries.ts';
import { authorization, extraHeaders } from './headerArbitraries.ts';
import { fuzzQuery, fuzzTarget } from './pathArbitraries.ts';
import type { RawRequest } from './rawHttp.ts';
import { describeRequest } from './wireResponse.ts';

/**
 * Mostly a method the route answers; else any method of the API, or one Node's parser knows (or not) but no route has.
 */
export function fuzzMethod(routeMethods: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...routeMethods) },
    { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') },
    { weight: 3, arbitrary: fc.constantFrom('OPTIONS', 'HEAD') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'PROPFIND',
        'PURGE',
        'TRACE',
        'LINK',
        'M-SEARCH',
        'SEARCH',
        'QUERY',
        'FOO',
        'get',
        'Post',
        'X',
      ),
    },
  );
}

export function rawRequestOf(
  method: string,
  target: string,
  auth: string | undefined,
  headers: Record<string, string>,
  body: FuzzBody | undefined,
): RawRequest {
  const all: Record<string, string> = { ...headers };
  if (auth !== undefined) all.authorization = auth;
  if (body?.contentType !== undefined) all['content-type'] = body.contentType;
  if (body?.contentEncoding !== undefined) all['content-encoding'] = body.contentEncoding;
  const req: RawRequest = { method, path: target, headers: all, ...(body ? { body: body.bytes } : {}) };
  // Counterexamples print as a readable line rather than a megabyte of buffer bytes.
  return Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req) });
}

export const fuzzRequest: fc.Arbitrary<RawRequest> = fuzzTarget.chain((target) =>
  fc
    .tuple(fuzzMethod(target.methods), fuzzQuery, authorization, extraHeaders, fuzzBody(target.pattern))
    .map(([method, query, auth, headers, body]) => rawRequestOf(method, `${target.path}${query}`, auth, headers, body)),
);

// The response properties every request must satisfy, whatever it was: no 5xx, JSON, errors in the wire format.
import type { RawRequest, RawResponse } from './rawHttp.ts';

export const wireContentType = 'application/json; charset=UTF-8';

/** Throws, naming the request, unless `res` is an acceptable answer to `req` (docs/api.md §1.5, §13.1). */
export function expectWireResponse(req: RawRequest, res: RawResponse): void {
  const fail = (why: string): never => {
    throw new Error(
      `${why}\n  request: ${describeRequest(req)}\n  answer: ${res.status} ` +
        `${String(res.headers['content-type'])} ${res.text.slice(0, 400)}`,
    );
  };
  if (res.status >= 500) fail('server error');
  if (res.status < 200) fail('no final status');
  if (res.streamed) {
    if (res.status !== 200) fail('an event stream with a status other than 200');
    return;
  }
  if (res.headers['content-type'] !== wireContentType) fail('content type is not the wire one');
  if (req.method === 'HEAD') {
    if (res.text !== '') fail('HEAD answered with a body');
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return fail('body is not JSON');
  }
  if (res.status >= 400) {
    const problem = wireErrorProblem(body, res.status);
    if (problem) fail(problem);
  }
}

/** Why `body` is not the wire error payload `{code, message, data: {status, ...}}` for `status`; undefined if it is. */
export function wireErrorProblem(body: unknown, status: number): string | undefined {
  if (!isObject(body)) return 'error body is not an object';
  if (Object.keys(body).join() !== 'code,message,data') return `error body has keys ${Object.keys(body).join()}`;
  if (typeof body.code !== 'string' || body.code === '') return 'error code is not a string';
  if (typeof body.message !== 'string' || body.message === '') return 'error message is not a string';
  if (!isObject(body.data)) return 'error data is not an object';
  if (Object.keys(body.data)[0] !== 'status' || body.data.status !== status)
    return 'data.status does not lead or differs from the HTTP status';
  return undefined;
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** A request in a line or two: enough to replay it by hand. */
export function describeRequest(req: RawRequest): string {
  const body =
    req.body === undefined ? '' : ` body(${req.body.length} bytes): ${req.body.subarray(0, 300).toString('latin1')}`;
  const headers = Object.entries(req.headers)
    .map(([name, value]) => `${name}: ${value.slice(0, 80)}`)
    .join('; ');
  return `${req.method} ${req.path.slice(0, 300)} [${headers}]${body}`;
}

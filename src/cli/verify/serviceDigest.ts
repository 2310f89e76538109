// Fetches the live read-model digest from a running service (GET {api}/read-model/digest), mapping failures to one
// line.
import { isLeft } from 'fp-ts/lib/Either.js';
import { ReadModelDigestCodec, asReadModelDigest } from '../../projections/digest/readModelDigestCodec.ts';
import type { ReadModelDigest } from '../../projections/digest/readModelDigest.ts';
import { CliFailure } from '../cliStore.ts';

const apiRoot = '/cal/events/v1';
/** A digest walks the whole read model; a large one takes a while, a stuck service should not hang the operator. */
const timeoutMs = 120_000;

export interface ServiceCredentials {
  readonly user: string;
  readonly password: string;
}

/** The digest address under a service URL given as its origin (`http://host:8080`) or its API root. */
export function digestEndpointOf(serviceUrl: string): string {
  const url = new URL(serviceUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = `${path.endsWith(apiRoot) ? path : `${path}${apiRoot}`}/read-model/digest`;
  url.search = 'detail=true';
  return url.toString();
}

export async function fetchServiceDigest(
  serviceUrl: string,
  credentials: ServiceCredentials | undefined,
): Promise<ReadModelDigest> {
  const endpoint = digestEndpointOf(serviceUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials)
    headers.authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(endpoint, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new CliFailure(`cannot reach ${endpoint}: ${reasonOf(error)}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200) throw new CliFailure(refusal(endpoint, response.status, body, credentials));
  const decoded = ReadModelDigestCodec.decode(body);
  if (isLeft(decoded)) throw new CliFailure(`${endpoint} did not answer with a read-model digest`);
  return asReadModelDigest(decoded.right);
}

function refusal(endpoint: string, status: number, body: unknown, credentials: ServiceCredentials | undefined): string {
  const code = typeof body === 'object' && body !== null && 'code' in body ? String(body.code) : undefined;
  const answer = `${status}${code ? ` ${code}` : ''}`;
  switch (status) {
    case 401:
      return credentials
        ? `the service refused the credentials of "${credentials.user}" (${answer})`
        : `the service wants an administrator (${answer}): pass --user, and --password or CAL_VERIFY_PASSWORD`;
    case 403:
      return `"${credentials?.user ?? ''}" is not an administrator (${answer})`;
    case 404:
      return `no read-model digest at ${endpoint} (${answer}): is --url the address of the calendar events service?`;
    case 503:
      return `the service's read model kept changing while it computed the digest (${answer}); try again`;
    default:
      return `${endpoint} answered ${answer}`;
  }
}

/** fetch() reports "fetch failed" and hides the useful part (ECONNREFUSED, a DNS failure, the timeout) in `cause`. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return String(cause?.code ?? cause?.message ?? error.message);
}

// Koa middleware: HTTP Basic credentials checked against the user directory before routing (docs/api.md §2 step 1).
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Context, Next } from 'koa';
import type { UserDirectory, User } from '../../projections/users/userDirectory.ts';
import { basicChallenge, simpleError } from '../errors/wireError.ts';
import { anonymous, type Caller } from './caller.ts';
import { clientOf } from './clientAddress.ts';
import { FailedLoginLimiter, defaultLoginLimits } from './failedLoginLimiter.ts';
import type { LoginFailureLimit } from './sharedLoginLimiter.ts';

/**
 * Argon2 verification costs tens of milliseconds by design; a successful one is remembered per user as a SHA-256 of
 * the password together with the hash it matched, so later requests compare digests in constant time instead. A
 * changed or revoked hash drops the entry, so an old password stops working as soon as the directory sees the change.
 */
export class CredentialChecker {
  private readonly verified = new Map<number, { readonly passwordHash: string; readonly digest: Buffer }>();
  /** Verified against for logins that do not exist, so that their answer takes as long as a wrong password's. */
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserDirectory,
    /** Failed attempts per client; the middleware consults it before and after each check. */
    readonly failedLogins: LoginFailureLimit = new FailedLoginLimiter(defaultLoginLimits, Date.now),
  ) {}

  async check(login: string, password: string): Promise<Caller | 'unknown-login' | 'wrong-password'> {
    const user = await this.users.findByLogin(login);
    if (!user) {
      this.decoyHash ??= hash(randomBytes(18).toString('base64url'));
      await verify(await this.decoyHash, password).catch(() => false);
      return 'unknown-login';
    }
    return (await this.passwordMatches(user, password))
      ? { kind: 'user', id: user.id, role: user.role }
      : 'wrong-password';
  }

  private async passwordMatches(user: User, password: string): Promise<boolean> {
    const remembered = this.verified.get(user.id);
    if (remembered && remembered.passwordHash !== user.passwordHash) this.verified.delete(user.id);
    const { passwordHash } = user;
    if (passwordHash === null) return false;
    const digest = createHash('sha256').update(password, 'utf8').digest();
    if (remembered?.passwordHash === passwordHash) return timingSafeEqual(remembered.digest, digest);
    if (!(await verify(passwordHash, password).catch(() => false))) return false;
    this.verified.set(user.id, { passwordHash, digest });
    return true;
  }
}

/**
 * Unknown logins and wrong passwords get one answer (code, message and timing alike), so that no one learns which
 * logins exist; the challenge tells clients the API takes Basic credentials.
 */
const badCredentials = () => simpleError(401, 'incorrect_password', undefined, basicChallenge);

const tooManyFailures = (retryAfterSeconds: number) =>
  simpleError(429, 'rest_too_many_requests', undefined, { 'Retry-After': String(retryAfterSeconds) });

/**
 * A client that used up its failed attempts gets 429 before its password is even looked at, whatever it sends, so a
 * brute force learns nothing more until the window frees. Anonymous requests are never limited.
 */
export function basicAuth(checker: CredentialChecker) {
  const limiter = checker.failedLogins;
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.state.caller = anonymous;
    const header = ctx.get('authorization');
    const match = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) {
      const client = clientOf(ctx.ip);
      const waitBefore = await limiter.retryAfterSeconds(client);
      if (waitBefore !== undefined) throw tooManyFailures(waitBefore);
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const login = colon < 0 ? decoded : decoded.slice(0, colon);
      const password = colon < 0 ? '' : decoded.slice(colon + 1);
      const result = await checker.check(login, password);
      if (result === 'unknown-login' || result === 'wrong-password') {
        // Attempts sent together all pass the first check: only as many as the allowance get a telling answer.
        if (!(await limiter.recordFailure(client)))
          throw tooManyFailures((await limiter.retryAfterSeconds(client)) ?? 1);
        throw badCredentials();
      }
      const waitAfter = await limiter.retryAfterSeconds(client);
      if (waitAfter !== undefined) throw tooManyFailures(waitAfter);
      ctx.state.caller = result;
    }
    await next();
  };
}

// Koa middleware: HTTP Basic credentials checked against the user directory before routing (wire.md §2 step 1).
import { createHash, timingSafeEqual } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { Context, Next } from 'koa';
import type { UserDirectory, User } from '../../projections/users/userDirectory.ts';
import { simpleError } from '../errors/wireError.ts';
import { anonymous, type Caller } from './caller.ts';

/**
 * Argon2 verification costs tens of milliseconds by design; a successful one is remembered per user as a SHA-256 of
 * the password together with the hash it matched, so later requests compare digests in constant time instead. A
 * changed or revoked hash drops the entry, so an old password stops working as soon as the directory sees the change.
 */
export class CredentialChecker {
  private readonly verified = new Map<number, { readonly passwordHash: string; readonly digest: Buffer }>();

  constructor(private readonly users: UserDirectory) {}

  async check(login: string, password: string): Promise<Caller | 'unknown-login' | 'wrong-password'> {
    const user = await this.users.findByLogin(login);
    if (!user) return 'unknown-login';
    return (await this.passwordMatches(user, password)) ? { kind: 'user', id: user.id, role: user.role } : 'wrong-password';
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

export function basicAuth(checker: CredentialChecker) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.state.caller = anonymous;
    const header = ctx.get('authorization');
    const match = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) {
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const login = colon < 0 ? decoded : decoded.slice(0, colon);
      const password = colon < 0 ? '' : decoded.slice(colon + 1);
      const result = await checker.check(login, password);
      if (result === 'unknown-login') throw simpleError(401, 'invalid_username');
      if (result === 'wrong-password') throw simpleError(401, 'incorrect_password');
      ctx.state.caller = result;
    }
    await next();
  };
}

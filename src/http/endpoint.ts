// The request processing order of docs/api.md §2, steps 3 to 5, shared by every route handler.
import type { Context } from 'koa';
import type { Language } from '../events/catalogue/values.ts';
import type { ArgSpec } from './params/argSpec.ts';
import { decodeArgs, parseUrlEncoded, type DecodedArgs, type ParamSources } from './params/requestParams.ts';
import type { InvalidParam, ParamReason } from '../commands/errors.ts';
import { forbidden, invalidParams, missingParams, simpleError } from './errors/wireError.ts';
import { canEditOthersPosts, isAuthenticated } from './auth/caller.ts';
import { scopeFor, stateOf, type Scope } from './requestScope.ts';
import type { SiteSettings } from './representation/site.ts';

export function sourcesOf(ctx: Context, path: Record<string, string> = {}): ParamSources {
  const query = parseUrlEncoded(ctx.querystring);
  const body = (ctx.request as { body?: unknown }).body;
  const rawBody = (ctx.request as { rawBody?: string }).rawBody;
  const labelledJson = Boolean(ctx.is('application/json'));
  // curl -d labels what it sends as a form: a JSON object under another label would otherwise read as no parameters.
  if (!labelledJson && typeof rawBody === 'string' && isJsonObjectText(rawBody))
    throw simpleError(400, 'rest_json_content_type');
  const json = labelledJson && isRecord(body) ? body : undefined;
  const form =
    ctx.is('application/x-www-form-urlencoded') && typeof rawBody === 'string'
      ? parseUrlEncoded(rawBody).values
      : undefined;
  return { path, ...(json ? { json } : {}), ...(form ? { form } : {}), query: query.values, queryOrder: query.order };
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

function isJsonObjectText(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return false;
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Validation found these parameters invalid; `refine` steps add more before the single 400 is raised. */
export class Validation {
  private readonly reasons = new Map<string, InvalidParam>();

  constructor(
    private readonly specs: readonly ArgSpec[],
    invalid: ReadonlyMap<string, ParamReason | undefined>,
  ) {
    for (const [name, reason] of invalid) this.invalid(name, reason);
  }

  /** Marks `name` invalid; a specific reason replaces a generic one, never the other way round. */
  invalid(name: string, reason?: ParamReason): void {
    if (!this.reasons.has(name) || reason) this.reasons.set(name, reason ? { name, reason } : { name });
  }

  has(name: string): boolean {
    return this.reasons.has(name);
  }

  /** Throws one 400 naming every invalid parameter in declaration order (docs/api.md §13.1). */
  throwIfAny(): void {
    if (this.reasons.size === 0) return;
    const order = (name: string) => {
      const index = this.specs.findIndex((s) => s.name === name);
      return index < 0 ? this.specs.length : index;
    };
    throw invalidParams([...this.reasons.values()].sort((a, b) => order(a.name) - order(b.name)));
  }
}

export interface Checked {
  readonly args: DecodedArgs;
  readonly scope: Scope;
  readonly validation: Validation;
}

/** Steps 3 and 4 up to the context-free checks: required parameters, codecs, and `i18n_language`. */
export function checkArgs(
  ctx: Context,
  settings: SiteSettings,
  specs: readonly ArgSpec[],
  path: Record<string, string> = {},
): Checked {
  const sources = sourcesOf(ctx, path);
  const args = decodeArgs(specs, sources);
  const requested = args.values.i18n_language as Language | undefined;
  const segment = stateOf(ctx).segment;
  const validation = new Validation(specs, args.invalid);
  if (requested !== undefined && segment !== undefined && requested !== segment) {
    validation.invalid('i18n_language', { code: 'language-mismatch', value: segment });
  }
  const scope = scopeFor(ctx, settings, sources, validation.has('i18n_language') ? undefined : requested);
  if (args.missing.length > 0) throw missingParams(args.missing);
  return { args, scope, validation };
}

/** Step 5: 401 for anonymous callers, 403 for authenticated ones. */
export function requirePermission(allowed: boolean, scope: Scope): void {
  if (!allowed) throw forbidden(isAuthenticated(scope.caller));
}

/**
 * Step 5 for a write's `author`: crediting an item to another user takes the right to edit others' items, so an
 * author or contributor cannot pass their work off as, say, the administrator's (403).
 */
export function requireAuthorRight(checked: Checked): void {
  const { author } = checked.args.values;
  const { caller } = checked.scope;
  if (typeof author !== 'number' || caller.kind !== 'user' || author === caller.id || canEditOthersPosts(caller))
    return;
  throw simpleError(403, 'rest_cannot_edit_others');
}

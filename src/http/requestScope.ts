// Per-request facts shared by the route handlers: caller, language, addresses, parameters.
import type { Context } from 'koa';
import type { Language } from '../events/catalogue/values.ts';
import type { Caller } from './auth/caller.ts';
import { noPasswordUnlocks, type Unlocker } from './auth/passwordUnlocks.ts';
import type { ParamSources } from './params/requestParams.ts';
import { addressesFor, type Addresses, type SiteSettings } from './representation/site.ts';

export interface RequestState {
  caller: Caller;
  /** The language segment of the path (`/es/cal/events/v1/...`), if any. */
  segment?: Language;
  /** Language of error messages: the segment's, then a valid `i18n_language`, else English. */
  messageLanguage: Language;
  /** This request's attempts to unlock protected items with `password` (set by unlockingRoutes for the API routes). */
  unlocks?: Unlocker;
}

export const stateOf = (ctx: Context): RequestState => ctx.state as RequestState;

/** The request's language once `i18n_language` is validated; addresses carry a segment only when one was selected. */
export interface Scope {
  readonly caller: Caller;
  readonly language: Language;
  readonly addresses: Addresses;
  readonly sources: ParamSources;
  readonly unlocks: Unlocker;
}

export function scopeFor(
  ctx: Context,
  settings: SiteSettings,
  sources: ParamSources,
  requested: Language | undefined,
): Scope {
  const state = stateOf(ctx);
  const selected = state.segment ?? requested;
  if (selected) state.messageLanguage = selected;
  return {
    caller: state.caller,
    language: selected ?? 'en',
    addresses: addressesFor(settings, selected),
    sources,
    unlocks: state.unlocks ?? noPasswordUnlocks,
  };
}

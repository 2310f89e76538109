// Event list pages anonymous callers share, answered again from their bytes while the read model stays put.
import { paramValue } from '../../params/requestParams.ts';
import type { PageLinks } from '../../representation/listEnvelope.ts';
import type { Scope } from '../../requestScope.ts';
import type { EventListRequest } from './eventListRequest.ts';

/** A list page as answered: its body and what its headers say. */
export interface AnsweredPage {
  readonly total: number;
  readonly totalPages: number;
  readonly links: PageLinks;
  readonly body: Buffer;
}

/** Pages kept per read-model position: about 40 KB each, so at most about 20 MB. */
export const sharedPagesKept = 500;

/**
 * The key of a page that every anonymous caller unlocking nothing (no `password`, no `context`) gets alike: for them
 * a page depends only on the address variant, the resolved request (the default window included) and the read model,
 * whose position bounds how long the page is kept. Undefined for every other caller, whose pages are their own.
 */
export function sharedPageKey(scope: Scope, request: EventListRequest): string | undefined {
  const unlocksNothing = paramValue(scope.sources, 'password') === undefined && paramValue(scope.sources, 'context') === undefined;
  return scope.caller.kind === 'anonymous' && unlocksNothing ? JSON.stringify([scope.addresses.apiRoot, request]) : undefined;
}

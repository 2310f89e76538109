// List pages that many callers get alike, answered again from their bytes while the read model stays put.
import type { Context } from 'koa';
import type { ReadModelMemo } from '../readModelMemo.ts';
import { paramValue } from '../params/requestParams.ts';
import type { Scope } from '../requestScope.ts';
import { setListHeaders, type PageLinks } from './listEnvelope.ts';
import { etagOfBytes } from '../middleware/conditionalGet.ts';
import { answerIsShared } from '../middleware/keptAnswers.ts';

/** A list page as answered: its body and what its headers say. */
export interface AnsweredPage {
  readonly total: number;
  readonly totalPages: number;
  readonly links: PageLinks;
  readonly body: Buffer;
}

/** A page with the validator of its bytes, taken once however often the page is answered. */
interface KeptPage extends AnsweredPage {
  readonly etag: string;
}

/** Pages kept per list and read-model position: about 40 KB each, so at most about 20 MB a list. */
const pagesKept = 500;

/**
 * Answers with the page remembered under `key` in `list` at the read model's position, else with the page `render`
 * makes (remembered when there is a key). The key must stand for everything the page depends on besides the read
 * model; pages that are the caller's own have none.
 */
export async function answerListPage(
  ctx: Context,
  memo: ReadModelMemo,
  list: string,
  key: string | undefined,
  render: () => Promise<AnsweredPage>,
): Promise<void> {
  // Taken before the read: a page read across a position change goes to a table no later request sees.
  const pages = memo.table<KeptPage, string>(list, pagesKept);
  const answered = (key !== undefined && pages.get(key)) || withEtag(await render());
  if (key !== undefined) {
    pages.set(key, answered);
    answerIsShared(ctx, 'second');
  }
  setListHeaders(ctx, answered.total, answered.totalPages, answered.links);
  ctx.set('ETag', answered.etag);
  ctx.type = 'application/json';
  ctx.body = answered.body;
}

const withEtag = (page: AnsweredPage): KeptPage => ({ ...page, etag: etagOfBytes(page.body) });

/**
 * The key of a page that every anonymous caller unlocking nothing (no `password`, no `context`) gets alike: for them
 * a post list page depends only on the address variant, the resolved request (the default window and the ids of
 * filters included) and the read model. Undefined for every other caller, whose pages are their own.
 */
export function anonymousPageKey(scope: Scope, resolved: unknown): string | undefined {
  const unlocksNothing =
    paramValue(scope.sources, 'password') === undefined && paramValue(scope.sources, 'context') === undefined;
  return scope.caller.kind === 'anonymous' && unlocksNothing
    ? JSON.stringify([scope.addresses.apiRoot, resolved])
    : undefined;
}

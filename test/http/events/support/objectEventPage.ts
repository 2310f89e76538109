// The reference for GET /events pages: the body built the way the route built it before it wrote text, as objects
// (eventRepresentation, blanked when locked) whose `translations` the fill middleware completes, then serialised as
// Koa serialises an object body. It reads the running service's own read store with its own configuration and clock.
import type { Context } from 'koa';
import type { Language } from '../../../../src/events/catalogue/values.ts';
import { anonymous, type Caller } from '../../../../src/http/auth/caller.ts';
import { isLockedPost } from '../../../../src/http/auth/postAccess.ts';
import { PasswordUnlocks } from '../../../../src/http/auth/passwordUnlocks.ts';
import { translationFill } from '../../../../src/http/middleware/translationFill.ts';
import { blankProtected } from '../../../../src/http/representation/blanking.ts';
import { eventRepresentation } from '../../../../src/http/representation/eventRepresentation.ts';
import { pageLinks, totalPagesOf } from '../../../../src/http/representation/listEnvelope.ts';
import type { RequestState } from '../../../../src/http/requestScope.ts';
import { checkedEventListRequest } from '../../../../src/http/routes/events/eventReadRoutes.ts';
import { linkedRendering } from '../../../../src/http/routes/events/eventRendering.ts';
import type { HttpParts } from '../../../../src/http/services.ts';
import { adminPassword, type TestService } from '../../../support/testService.ts';
import { rolePassword, type Who } from '../../../support/roleService.ts';
import { partsBeside } from '../../../support/appBeside.ts';

/** Builds reference pages beside a running test service; `clock` must be the service's clock. */
export class ObjectEventPages {
  private readonly callers = new Map<Who, Caller>();

  private constructor(private readonly services: HttpParts) {}

  static async beside(t: TestService, clock: () => Date): Promise<ObjectEventPages> {
    const { parts, users } = partsBeside(t, clock);
    await users.refresh();
    return new ObjectEventPages(parts);
  }

  /** The caller the service's credential check makes of `who` (its users were seeded by startRoleService). */
  private async callerOf(who: Who): Promise<Caller> {
    const known = this.callers.get(who);
    if (known) return known;
    if (who === 'anonymous') return anonymous;
    const checked =
      who === 'admin'
        ? await this.services.credentials.check('admin', adminPassword)
        : await this.services.credentials.check(who, rolePassword);
    if (typeof checked === 'string') throw new Error(`no caller for ${who}: ${checked}`);
    this.callers.set(who, checked);
    return checked;
  }

  /** A Koa context as checkArgs reads it for a GET without a body, by `who` at `path`. */
  private async contextOf(who: Who, path: string): Promise<Context> {
    const match = /^(?:\/(ca|en|es))?\/cal\/events\/v1\/events\/?(?:\?(.*))?$/.exec(path);
    if (!match) throw new Error(`not an event list path: ${path}`);
    const segment = match[1] as Language | undefined;
    const state: RequestState = {
      caller: await this.callerOf(who),
      messageLanguage: segment ?? 'en',
      ...(segment ? { segment } : {}),
    };
    return { querystring: match[2] ?? '', request: {}, is: () => false, state } as unknown as Context;
  }

  /**
   * The body an event write's answer had as an object (docs/api.md §10.1): the event as the read model holds it, in
   * its §4 form, never blanked, `translations` filled for `who`, serialised as Koa serialises an object body.
   * `root` is the write's address up to `/events`.
   */
  async writeAnswerText(who: Who, root: string, id: number): Promise<string> {
    const ctx = await this.contextOf(who, `${root}/events`);
    const { services } = this;
    const { itemPasswords } = services;
    (ctx.state as RequestState).unlocks = new PasswordUnlocks(
      itemPasswords.verifier,
      itemPasswords.failedUnlocks,
      'object reference',
    );
    const { scope } = await checkedEventListRequest(ctx, services);
    const doc = await services.readStore.events.get(id);
    if (!doc) throw new Error(`no event ${id}`);
    await translationFill(services)(ctx, async () => {
      const linked = await linkedRendering(services, scope, [doc]);
      ctx.body = eventRepresentation(doc, services.settings, scope.addresses, linked);
    });
    return JSON.stringify(ctx.body);
  }

  /** The body text the object path gives `who` for `path` (`[/{lang}]/cal/events/v1/events?…`). */
  async text(who: Who, path: string): Promise<string> {
    const ctx = await this.contextOf(who, path);
    const { services } = this;
    const state = ctx.state as RequestState;
    // The route's own unlocking: items whose password needs argon2 are judged once the first rendering named them.
    const unlocks = new PasswordUnlocks(
      services.itemPasswords.verifier,
      services.itemPasswords.failedUnlocks,
      'object reference',
    );
    state.unlocks = unlocks;
    let text = await this.render(ctx);
    while (await unlocks.settle()) text = await this.render(ctx);
    return text;
  }

  private async render(ctx: Context): Promise<string> {
    const { services } = this;
    const { settings, readStore } = services;
    const { scope, request } = await checkedEventListRequest(ctx, services);
    const page = request.alwaysEmpty ? { items: [], total: 0 } : await readStore.events.list(request.query);
    const totalPages = totalPagesOf(page.total, request.perPage);
    const links = pageLinks(`${scope.addresses.apiRoot}/events/`, request.pairs, request.page, totalPages);
    await translationFill(services)(ctx, async () => {
      const linked = await linkedRendering(services, scope, page.items);
      ctx.body = {
        events: page.items.map((doc) => {
          const wire = eventRepresentation(doc, settings, scope.addresses, linked);
          return isLockedPost(doc, scope) ? blankProtected(wire) : wire;
        }),
        rest_url: links.restUrl,
        ...(links.next ? { next_rest_url: links.next } : {}),
        ...(links.previous ? { previous_rest_url: links.previous } : {}),
        total: page.total,
        total_pages: totalPages,
      };
    });
    return JSON.stringify(ctx.body);
  }
}

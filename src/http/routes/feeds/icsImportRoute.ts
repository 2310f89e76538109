// POST {api_root}/events.ics (docs/api.md §21.2): imports a calendar file exported by a calendar application. The
// body is read here, not by the JSON body parser, up to CAL_ICS_MAX_BYTES; the import itself is a command
// (src/commands/icsImport), the same one `cal import-ics` runs.
import type { Context, Middleware } from 'koa';
import { importCalendar } from '../../../commands/icsImport/importCalendar.ts';
import { authorOf, canCreatePosts, isContributor } from '../../auth/caller.ts';
import { checkArgs, requirePermission } from '../../endpoint.ts';
import { icsWireError, notACalendarBody } from '../../errors/icsErrors.ts';
import { simpleError } from '../../errors/wireError.ts';
import { wireErrorOf } from '../../errors/commandErrors.ts';
import { discardUnreadBody } from '../../middleware/requestLimits.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import type { HttpParts } from '../../services.ts';

export type IcsImportRouteDeps = Pick<
  HttpParts,
  'settings' | 'clock' | 'writes' | 'readStore' | 'icsLimits' | 'importedUids' | 'waitForProjection'
>;

/** The body, refused with 413 as soon as it is known to be larger than the limit (never held whole beyond it). */
async function readBody(ctx: Context, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => {
    discardUnreadBody(ctx.req);
    return simpleError(413, 'rest_payload_too_large');
  };
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export function icsImportRoute(deps: IcsImportRouteDeps): Middleware {
  return async (ctx: Context) => {
    const checked = checkArgs(ctx, deps.settings, []);
    checked.validation.throwIfAny();
    requirePermission(canCreatePosts(checked.scope.caller), checked.scope);
    if (!ctx.is('text/calendar')) {
      discardUnreadBody(ctx.req);
      throw notACalendarBody;
    }
    const bytes = await readBody(ctx, deps.icsLimits.maxBytes);
    const { caller, language } = checked.scope;
    const write = writeContextOf(ctx, deps.clock());
    const imported = await importCalendar(
      {
        writes: deps.writes,
        venues: deps.readStore.venues,
        organizers: deps.readStore.organizers,
        uids: deps.importedUids,
      },
      bytes,
      {
        siteZone: deps.settings.timeZone,
        language,
        author: authorOf(caller).author,
        scaleDownStatus: isContributor(caller),
        source: 'upload',
        limits: deps.icsLimits,
        extendedAddOn: deps.settings.extendedAddOn,
      },
      write,
    );
    if (imported._tag === 'Left') {
      const failure = imported.left;
      throw failure.kind === 'store-unavailable' ? wireErrorOf(failure, 'update') : icsWireError(failure);
    }
    // Read-your-writes (docs/architecture.md §5): the events are listed once the answer is out.
    await deps.waitForProjection(await deps.writes.store.headPosition());
    ctx.status = 200;
    ctx.body = imported.right;
  };
}

// GET /read-model/digest: administrators read the digest of this service's read model and the position it reflects.
// A service extension for `cal verify`, kept out of the route catalogue so the index and /doc stay the reference's.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Caller } from '../../auth/caller.ts';
import { checkArgs, requirePermission } from '../../endpoint.ts';
import { WireError } from '../../errors/wireError.ts';
import { digestArgs } from '../catalogue/extensions.ts';
import type { HttpParts } from '../../services.ts';
import { digestAtPosition } from '../../../projections/digest/digestAtPosition.ts';

export const readModelDigestPath = '/read-model/digest';

const isAdministrator = (caller: Caller): boolean => caller.kind === 'user' && caller.role === 'administrator';

/** Only with a read store that several projectors write (MongoDB) can the position keep moving through every try. */
const projectionBusy = new WireError(
  503,
  'cal_read_model_busy',
  (language) => ({
    message: {
      en: 'The read model kept changing while its digest was computed. Try again.',
      ca: "El model de lectura ha canviat mentre se'n calculava el resum. Torneu-ho a provar.",
      es: 'El modelo de lectura ha cambiado mientras se calculaba su resumen. Vuelve a intentarlo.',
    }[language],
    data: {},
  }),
  { 'Retry-After': '1' },
);

/** The digest is computed over the read model at the position the projection has applied. */
export type DigestDeps = Pick<HttpParts, 'settings' | 'readStore' | 'projectionPosition'>;

export function registerReadModelRoutes(router: Router, deps: DigestDeps): void {
  router.get(readModelDigestPath, readModelDigest(deps));
}

/** GET /read-model/digest (docs/operations.md). */
export function readModelDigest(deps: DigestDeps) {
  return async (ctx: Context): Promise<void> => {
    ctx.set('Allow', 'GET');
    const { args, scope, validation } = checkArgs(ctx, deps.settings, digestArgs);
    validation.throwIfAny();
    requirePermission(isAdministrator(scope.caller), scope);
    const digest = await digestAtPosition(deps.readStore, {
      position: deps.projectionPosition,
      detail: args.values.detail === true,
    });
    if (!digest) throw projectionBusy;
    ctx.body = digest;
  };
}

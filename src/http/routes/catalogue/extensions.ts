// The service's own routes beyond the reference (docs/api.md §19): kept out of the index and `/doc`, which stay the
// reference's, but described to OPTIONS like every catalogue route, each with a sentence saying what it is for.
import { TypedBoolean } from '../../params/codecs.ts';
import { changeArgs } from '../changes/changeArgs.ts';
import { docArgs } from './root.ts';
import { feedRoutes } from './feeds.ts';
import { idPathArg, optionalArg, pageArg, perPageArg, withLanguage, type RouteSpec } from './routeSpec.ts';

/** A route of this service that the reference does not have; `description` is what OPTIONS adds to its entry. */
export interface ExtensionRouteSpec extends RouteSpec {
  readonly description: string;
}

export const historyArgs = withLanguage(idPathArg('The item ID'), pageArg, perPageArg('history entries'));

export const digestArgs = withLanguage(
  optionalArg('detail', TypedBoolean, {
    description: 'Adds the hash of every document, to name the ones that differ.',
    type: 'boolean',
  }),
);

/** The resources whose streams `GET /{plural}/{id}/history` shows. */
export const historyPlurals = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;

const getOnly = (
  pattern: string,
  args: RouteSpec['endpoints'][number]['args'],
  description: string,
): ExtensionRouteSpec => ({
  pattern,
  documented: false,
  endpoints: [{ methods: ['GET'], args }],
  description,
});

export const extensionRoutes: readonly ExtensionRouteSpec[] = [
  ...feedRoutes,
  getOnly(
    '/doc/events',
    docArgs,
    'AsyncAPI 3.1 document of the domain events: every event type and version, the stream families, the change feed ' +
      'and its delivery guarantees.',
  ),
  getOnly(
    '/changes',
    changeArgs,
    'Server-Sent Events feed of the resource events in store order, first past ones then live; resumes after the ' +
      'Last-Event-ID header or `from`. Administrators and editors only.',
  ),
  getOnly(
    '/read-model/digest',
    digestArgs,
    "Digest of this service's read model and the store position it reflects, as `cal verify` compares it with a " +
      'replay. Administrators only.',
  ),
  ...historyPlurals.map((plural) =>
    getOnly(
      `/${plural}/(?P<id>\\d+)/history`,
      historyArgs,
      "The item's domain events, oldest first, each with its metadata and the fields it changed. For those who may " +
        'edit the item.',
    ),
  ),
];

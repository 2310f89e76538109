// The index route and `/doc` (docs/api.md §14).
import { AnyString } from '../../params/codecs.ts';
import { optionalArg, withLanguage, type RouteSpec } from './routeSpec.ts';

/** The one namespace this service serves; the index answers 404 for any other (§13.2). */
export const NAMESPACE = 'cal/events/v1';

/** Neither is validated by the reference; `context` changes nothing in this index (no route declares a schema). */
export const rootArgs = withLanguage(
  optionalArg('namespace', AnyString, { default: NAMESPACE }),
  optionalArg('context', AnyString, { default: 'view' }),
);

export const docArgs = withLanguage();

export const rootRoutes: readonly RouteSpec[] = [
  { pattern: '', documented: false, endpoints: [{ methods: ['GET'], args: rootArgs }] },
  { pattern: '/doc', documented: true, endpoints: [{ methods: ['GET'], args: docArgs }] },
];

// Declarations of route arguments: the single source for request validation, the index route and `/doc`.
import type * as t from 'io-ts';

/** Request values a default can be taken from; the index shows them per request (docs/api.md §14). */
export interface RequestDefaults {
  /** Un-widened `GET /events` `start_date` default, e.g. `2026-11-21 23:59:00` (docs/api.md §6). */
  readonly startDate: string;
  /** Un-widened `GET /events` `end_date` default, e.g. `2028-11-22 10:52:28`. */
  readonly endDate: string;
}

/** A default that is not a constant but computed for each request. */
export class RequestDefault {
  constructor(readonly key: keyof RequestDefaults) {}
}

/**
 * What the index route shows for an argument. The reference emits these keys in the order its
 * declarations happen to use, and clients diff the index, so the key order of each literal IS the
 * wire order (`required` is always appended last).
 */
export interface ArgIndexInfo {
  /**
   * What the index shows as the default. Display only: decoders must not blindly apply it (updates keep
   * unsent fields, §10.1), and it may be a {@link RequestDefault} to resolve per request.
   */
  readonly default?: unknown;
  readonly description?: string;
  readonly type?: 'integer' | 'string' | 'boolean';
  readonly format?: 'string' | 'double';
  readonly items?: { readonly type: 'integer' };
  readonly enum?: readonly string[];
}

/** Facts about an argument's `/doc` entry that its index metadata and codec cannot tell. */
export interface ArgDocHints {
  /** Schema type when the reference documents something other than what the codec suggests. */
  readonly type?: 'string' | 'boolean' | 'number' | 'integer';
  /** Forces the parameter location (the reference documents the event `password` as a path parameter). */
  readonly in?: 'path' | 'query';
  /** OpenAPI `style` the reference gives its CSV-capable event list filters. */
  readonly style?: 'form';
  /** Key order of the parameter object: the reference's (`in` first) or the one §14 prescribes (`name` first). */
  readonly layout?: 'in-first' | 'name-first';
  /** Left out of `/doc`, which must stay equal to the reference's (service additions it never documented). */
  readonly hidden?: boolean;
}

/** One declared argument of one endpoint. Validation reports invalid names in declaration order (docs/api.md §13.1). */
export interface ArgSpec {
  readonly name: string;
  /**
   * Checks and converts the raw value (query string, repeated values or JSON value). A decoder, not a
   * full `t.Type`, because `Type` is invariant in its output and no concrete codec would fit here.
   */
  readonly codec: t.Decoder<unknown, unknown>;
  readonly required: boolean;
  /** `path` when the value is the route's placeholder of that name (`id`, `slug`), which wins over body and query. */
  readonly source?: 'path';
  /** Only usable with the extended add-on on (docs/api.md §16); its description says so. */
  readonly requiresAddOn?: boolean;
  /** A JSON `null` is a value of its own (`recurrence: null` ends a series, docs/api.md §20.1), not an absence. */
  readonly nullMeansSomething?: boolean;
  /** Index-route metadata, key order significant; `index.default` may be a {@link RequestDefault}. */
  readonly index: ArgIndexInfo;
  readonly doc?: ArgDocHints;
}

// Request parameters from path, JSON body, form body and query (docs/api.md §1.2), checked against declared ArgSpecs.
import type { ParamReason } from '../../commands/errors.ts';
import type { ArgSpec } from './argSpec.ts';
import { reasonOfErrors } from './codecs.ts';
import { inputLimitReason } from './inputLimits.ts';

export interface ParamSources {
  readonly path: Readonly<Record<string, string>>;
  readonly json?: Readonly<Record<string, unknown>>;
  readonly form?: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** Query names in the order received (term list links repeat them in that order). */
  readonly queryOrder: readonly string[];
}

/** A name present in several places is taken from the first of: path, JSON, form, query. */
export function paramValue(sources: ParamSources, name: string): unknown {
  // No list of the sources to loop over: this runs once per declared parameter of every request.
  const { path, json, form, query } = sources;
  if (Object.hasOwn(path, name)) return path[name];
  if (json !== undefined && Object.hasOwn(json, name)) return json[name];
  if (form !== undefined && Object.hasOwn(form, name)) return form[name];
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

/** Parses a query string or form body: `name[]=` pairs collect into arrays; otherwise the last value wins. */
export function parseUrlEncoded(text: string): { values: Record<string, unknown>; order: string[] } {
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const order: string[] = [];
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (!order.includes(key)) order.push(key);
    if (isList) {
      const current = values[key];
      values[key] = Array.isArray(current) ? [...(current as unknown[]), value] : [value];
    } else {
      values[key] = value;
    }
  }
  return { values, order };
}

export interface DecodedArgs {
  /** Decoded values of the parameters that were sent and are valid. */
  readonly values: Record<string, unknown>;
  /** Raw values of every declared parameter that was sent. */
  readonly sent: Record<string, unknown>;
  readonly missing: string[];
  /** Invalid parameters, with why when the codec or limit that refused them says. */
  readonly invalid: Map<string, ParamReason | undefined>;
}

export function decodeArgs(specs: readonly ArgSpec[], sources: ParamSources): DecodedArgs {
  const values: Record<string, unknown> = {};
  const sent: Record<string, unknown> = {};
  const missing: string[] = [];
  const invalid = new Map<string, ParamReason | undefined>();
  for (const spec of specs) {
    const raw = paramValue(sources, spec.name);
    if (raw === undefined || (raw === null && !spec.nullMeansSomething)) {
      if (spec.required) missing.push(spec.name);
      continue;
    }
    sent[spec.name] = raw;
    // Before the codec, so that no codec or later check ever sees an oversized value.
    const limit = inputLimitReason(spec.name, raw);
    if (limit) {
      invalid.set(spec.name, limit);
      continue;
    }
    const decoded = spec.codec.decode(raw);
    if (decoded._tag === 'Left') invalid.set(spec.name, reasonOfErrors(decoded.left));
    else values[spec.name] = decoded.right;
  }
  return { values, sent, missing, invalid };
}

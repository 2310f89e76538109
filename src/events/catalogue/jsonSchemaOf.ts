// io-ts codecs as JSON Schema, so that the published event catalogue describes exactly what the service decodes.
import type * as t from 'io-ts';

/** A JSON Schema (the draft-07 subset AsyncAPI schemas accept); plain JSON, so it can be snapshotted and served. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** The codec kinds the catalogue uses; anything else is refused, so a new kind cannot be documented wrongly. */
type Describable =
  | t.StringType
  | t.NumberType
  | t.BooleanType
  | t.NullType
  | t.LiteralType<string | number | boolean>
  | t.KeyofType<Record<string, unknown>>
  | t.ArrayType<t.Mixed>
  | t.ReadonlyArrayType<t.Mixed>
  | t.InterfaceType<t.Props>
  | t.PartialType<t.Props>
  | t.ExactType<t.Mixed>
  | t.ReadonlyType<t.Mixed>
  | t.IntersectionType<t.Mixed[]>
  | t.UnionType<t.Mixed[]>
  | t.RefinementType<t.Mixed>;

export class UnsupportedCodec extends Error {
  override readonly name = 'UnsupportedCodec';
}

/**
 * The JSON Schema of the values `codec.is` accepts. `t.type` does not refuse unknown keys, so neither does the
 * schema (no `additionalProperties: false`, except for `t.exact`/`t.strict`).
 * @throws UnsupportedCodec for a codec kind without a faithful translation; the catalogue tests run this on every
 * event type, so such a codec fails CI rather than the document.
 */
export function jsonSchemaOf(codec: t.Mixed): JsonSchema {
  const c = codec as unknown as Describable;
  switch (c._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'LiteralType':
      return { type: typeof c.value, const: c.value };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(c.keys) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: jsonSchemaOf(c.type) };
    case 'InterfaceType':
      return objectSchema(c.props, Object.keys(c.props));
    case 'PartialType':
      return objectSchema(c.props, []);
    case 'ExactType':
      return { ...jsonSchemaOf(c.type), additionalProperties: false };
    case 'ReadonlyType':
      return jsonSchemaOf(c.type);
    case 'IntersectionType':
      return intersectionSchema(c.types.map(jsonSchemaOf));
    case 'UnionType':
      return unionSchema(c.types.map(jsonSchemaOf));
    case 'RefinementType':
      // io-ts's `t.Int`; any other predicate is code that a schema cannot state.
      if (c.name === 'Int' && (c.type as t.Mixed as Describable)._tag === 'NumberType') return { type: 'integer' };
      throw new UnsupportedCodec(`no JSON Schema for the refinement "${c.name}": describe it in jsonSchemaOf.ts`);
    default: {
      const tag = (codec as { _tag?: unknown })._tag;
      throw new UnsupportedCodec(
        `no JSON Schema for io-ts ${String(tag ?? 'codec')} "${codec.name}": describe it in jsonSchemaOf.ts`,
      );
    }
  }
}

function objectSchema(props: t.Props, required: readonly string[]): JsonSchema {
  const properties = Object.fromEntries(Object.entries(props).map(([key, inner]) => [key, jsonSchemaOf(inner)]));
  return { type: 'object', properties, ...(required.length > 0 ? { required: [...required] } : {}) };
}

const plainObjectKeys: ReadonlySet<string> = new Set(['type', 'properties', 'required']);
const isPlainObject = (schema: JsonSchema): schema is JsonSchema & { properties: Record<string, JsonSchema> } =>
  schema.type === 'object' && Object.keys(schema).every((key) => plainObjectKeys.has(key));

/** Objects with distinct keys merge into one (easier to read); anything else stays an `allOf`. */
function intersectionSchema(members: readonly JsonSchema[]): JsonSchema {
  if (!members.every(isPlainObject)) return { allOf: members };
  const keys = members.flatMap((member) => Object.keys(member.properties));
  if (new Set(keys).size !== keys.length) return { allOf: members };
  const required = members.flatMap((member) => (member.required as string[] | undefined) ?? []);
  const properties = Object.assign({}, ...members.map((member) => member.properties)) as Record<string, JsonSchema>;
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

const isBareType = (schema: JsonSchema): schema is { type: string } =>
  typeof schema.type === 'string' && Object.keys(schema).length === 1;

/** `string | null` reads best as `type: [string, null]`; literals as an `enum`; anything else is an `anyOf`. */
function unionSchema(members: readonly JsonSchema[]): JsonSchema {
  if (members.every(isBareType)) return { type: members.map((member) => member.type) };
  if (
    members.every((member) => 'const' in member && Object.keys(member).length === 2 && member.type === members[0]?.type)
  ) {
    return { type: members[0]?.type, enum: members.map((member) => member.const) };
  }
  return { anyOf: members };
}

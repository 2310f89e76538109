// A JSON Schema checker for the keywords the catalogue documents use, so tests can hold values against served schemas.
import type { JsonSchema } from '../../../src/events/catalogue/jsonSchemaOf.ts';

const handled = new Set([
  'type',
  'const',
  'enum',
  'properties',
  'required',
  'items',
  'anyOf',
  'allOf',
  'additionalProperties',
  'pattern',
  'minimum',
  'description',
  'format',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const isType = (value: unknown, type: string): boolean =>
  typeOf(value) === type || (type === 'number' && typeOf(value) === 'integer');

/** The reasons `value` does not match `schema` (empty when it does); an unknown keyword is a reason too. */
export function schemaErrors(schema: JsonSchema, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  for (const keyword of Object.keys(schema))
    if (!handled.has(keyword)) errors.push(`${path}: keyword ${keyword} not checked`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => isType(value, type)))
      return [...errors, `${path}: ${typeOf(value)} is not ${types.join('|')}`];
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    errors.push(`${path}: not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    errors.push(`${path}: not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof schema.pattern === 'string' && typeof value === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    errors.push(`${path}: does not match ${schema.pattern}`);
  }
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum)
    errors.push(`${path}: below ${schema.minimum}`);
  if (Array.isArray(schema.allOf))
    for (const member of schema.allOf as JsonSchema[]) errors.push(...schemaErrors(member, value, path));
  if (
    Array.isArray(schema.anyOf) &&
    !(schema.anyOf as JsonSchema[]).some((member) => schemaErrors(member, value, path).length === 0)
  ) {
    errors.push(`${path}: matches none of anyOf`);
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => errors.push(...schemaErrors(schema.items as JsonSchema, item, `${path}[${index}]`)));
  }
  if (typeOf(value) === 'object') errors.push(...objectErrors(schema, value as Record<string, unknown>, path));
  return errors;
}

function objectErrors(schema: JsonSchema, value: Record<string, unknown>, path: string): string[] {
  const errors: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (schema.required ?? []) as string[])
    if (!Object.hasOwn(value, key)) errors.push(`${path}.${key}: missing`);
  for (const [key, inner] of Object.entries(value)) {
    const declared = properties[key];
    if (declared) errors.push(...schemaErrors(declared, inner, `${path}.${key}`));
    else if (schema.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
  }
  return errors;
}

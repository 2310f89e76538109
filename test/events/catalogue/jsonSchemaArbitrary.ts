// Random values that a JSON Schema of the catalogue accepts (fast-check), to hold the codecs against their schemas.
import fc from 'fast-check';
import type { JsonSchema } from '../../../src/events/catalogue/jsonSchemaOf.ts';

const byType: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.string({ maxLength: 8 }),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  integer: fc.integer(),
  boolean: fc.boolean(),
  null: fc.constant(null),
};

/** Values the schema accepts; throws for a keyword it cannot honour, so a new kind of schema is noticed. */
export function valuesOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map(valuesOf));
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => valuesOf({ ...schema, type })));
  switch (schema.type) {
    case 'array':
      return fc.array(valuesOf(schema.items as JsonSchema), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const record = Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, valuesOf(inner)]));
      return fc.record(record, { requiredKeys: required });
    }
    default: {
      const arbitrary = byType[String(schema.type)];
      if (!arbitrary) throw new Error(`no values for schema ${JSON.stringify(schema)}`);
      return arbitrary;
    }
  }
}

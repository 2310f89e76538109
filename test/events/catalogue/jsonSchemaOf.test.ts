// Specification of the io-ts → JSON Schema translation the event catalogue is published with.
import { expect } from 'chai';
import fc from 'fast-check';
import * as t from 'io-ts';
import { catalogue } from '../../../src/events/catalogue/index.ts';
import { earlierExampleData, exampleData } from '../../../src/events/catalogue/examples.ts';
import { jsonSchemaOf, UnsupportedCodec } from '../../../src/events/catalogue/jsonSchemaOf.ts';
import { valuesOf } from './jsonSchemaArbitrary.ts';
import { schemaErrors } from './jsonSchemaCheck.ts';

/** Every codec the catalogue holds, current and earlier versions, with an example of its data. */
const catalogued = Object.entries(catalogue).flatMap(([type, entry]) => [
  {
    label: `${type} v${entry.version}`,
    type,
    codec: entry.codec as t.Mixed,
    data: exampleData[type as keyof typeof exampleData] as unknown,
  },
  ...Object.entries((entry as { earlierVersions?: Record<number, t.Mixed> }).earlierVersions ?? {}).map(
    ([version, codec]) => ({
      label: `${type} v${version}`,
      type,
      codec,
      data: earlierExampleData[type]?.[Number(version)],
    }),
  ),
]);

describe('jsonSchemaOf', () => {
  it('translates the primitive codecs, literals and keyof enums', () => {
    expect(jsonSchemaOf(t.string)).to.deep.equal({ type: 'string' });
    expect(jsonSchemaOf(t.number)).to.deep.equal({ type: 'number' });
    expect(jsonSchemaOf(t.boolean)).to.deep.equal({ type: 'boolean' });
    expect(jsonSchemaOf(t.null)).to.deep.equal({ type: 'null' });
    expect(jsonSchemaOf(t.Int)).to.deep.equal({ type: 'integer' });
    expect(jsonSchemaOf(t.literal('EventTrashed'))).to.deep.equal({ type: 'string', const: 'EventTrashed' });
    expect(jsonSchemaOf(t.keyof({ ca: null, en: null }))).to.deep.equal({ type: 'string', enum: ['ca', 'en'] });
  });

  it('makes every t.type key required and no t.partial key, and lets unknown keys through as io-ts does', () => {
    expect(jsonSchemaOf(t.type({ id: t.number, tags: t.array(t.number) }))).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'number' }, tags: { type: 'array', items: { type: 'number' } } },
      required: ['id', 'tags'],
    });
    expect(jsonSchemaOf(t.partial({ name: t.string }))).to.deep.equal({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    expect(jsonSchemaOf(t.type({}))).to.deep.equal({ type: 'object', properties: {} });
    expect(jsonSchemaOf(t.exact(t.type({ id: t.number })))).to.include({ additionalProperties: false });
    expect(jsonSchemaOf(t.readonly(t.type({ id: t.number })))).to.deep.equal(jsonSchemaOf(t.type({ id: t.number })));
  });

  it('merges an intersection of objects with distinct keys, and keeps any other as allOf', () => {
    expect(
      jsonSchemaOf(
        t.intersection([t.type({ id: t.number }), t.partial({ translationOf: t.union([t.number, t.null]) })]),
      ),
    ).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'number' }, translationOf: { type: ['number', 'null'] } },
      required: ['id'],
    });
    const overlapping = jsonSchemaOf(t.intersection([t.type({ id: t.number }), t.type({ id: t.number })]));
    expect(overlapping).to.have.property('allOf').with.length(2);
  });

  it('writes unions of bare types as a type list, of literals as an enum, and others as anyOf', () => {
    expect(jsonSchemaOf(t.union([t.string, t.null]))).to.deep.equal({ type: ['string', 'null'] });
    expect(jsonSchemaOf(t.union([t.literal('a'), t.literal('b')]))).to.deep.equal({ type: 'string', enum: ['a', 'b'] });
    expect(jsonSchemaOf(t.union([t.type({ lat: t.number }), t.null]))).to.deep.equal({
      anyOf: [{ type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] }, { type: 'null' }],
    });
  });

  it('refuses codecs it cannot state faithfully, naming them', () => {
    const refused = [
      t.unknown,
      t.UnknownRecord,
      t.record(t.string, t.number),
      t.tuple([t.number]),
      t.undefined,
      t.brand(t.number, (n): n is t.Branded<number, { readonly Positive: unique symbol }> => n > 0, 'Positive'),
    ];
    for (const codec of refused) expect(() => jsonSchemaOf(codec), codec.name).to.throw(UnsupportedCodec, codec.name);
  });

  describe('on every catalogued event schema', () => {
    for (const { label, codec, type, data } of catalogued) {
      it(`${label}: translates, accepts its example, and accepts nothing its codec refuses`, () => {
        const schema = jsonSchemaOf(codec);
        const example = { type, data };
        expect(codec.is(example), 'the example fits the codec').to.equal(true);
        expect(schemaErrors(schema, example)).to.deep.equal([]);
        // Values the schema allows must decode: the published schema is never looser than what the service reads.
        fc.assert(
          fc.property(valuesOf(schema), (value) => codec.is(value)),
          { numRuns: 200 },
        );
      });
    }
  });
});

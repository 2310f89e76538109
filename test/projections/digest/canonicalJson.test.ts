// Specifies canonical JSON: one text per value, whatever the key order; bigints as strings; undefined fields dropped.
import { expect } from 'chai';
import { canonicalJson } from '../../../src/projections/digest/canonicalJson.ts';

describe('canonicalJson', function () {
  it('sorts object keys at every depth, so key order never matters', function () {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'z' } };
    const b = { a: { c: 'z', d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).to.equal('{"a":{"c":"z","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson(b)).to.equal(canonicalJson(a));
  });

  it('keeps array order: a reordered list is a different value', function () {
    expect(canonicalJson([1, 2])).to.not.equal(canonicalJson([2, 1]));
  });

  it('writes bigints as decimal strings', function () {
    expect(canonicalJson({ position: 2n ** 64n - 1n })).to.equal('{"position":"18446744073709551615"}');
  });

  it('drops undefined fields, so a missing field and an undefined one are the same; null stays', function () {
    expect(canonicalJson({ a: 1, b: undefined })).to.equal(canonicalJson({ a: 1 }));
    expect(canonicalJson({ a: 1, b: null })).to.equal('{"a":1,"b":null}');
  });

  it('writes undefined array items and non-finite numbers as null, like JSON', function () {
    expect(canonicalJson([undefined, Number.NaN, 1.5])).to.equal('[null,null,1.5]');
  });

  it('escapes strings and keys as JSON does', function () {
    expect(canonicalJson({ 'k"ey': 'a\u0000"b\n' })).to.equal('{"k\\"ey":"a\\u0000\\"b\\n"}');
  });

  it('honours toJSON (dates)', function () {
    expect(canonicalJson({ at: new Date('2026-01-02T03:04:05Z') })).to.equal('{"at":"2026-01-02T03:04:05.000Z"}');
  });
});

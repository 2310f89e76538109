// Specification of the table of record shapes the stored-event decoder finds by the bytes of their definitions.
import { expect } from 'chai';
import { hashOfBytes, RecordShapeTable, startsWith, type RecordShape } from '../../src/events/embedded/recordShapes.ts';

const shapeOf = (...keys: string[]): RecordShape => ({ keys, build: () => ({}) });

describe('record shape table', () => {
  it('finds a shape by equal bytes wherever they lie, never by an equal hash alone', () => {
    const table = new RecordShapeTable(10);
    const defined = Buffer.from([0x91, 0xa1, 0x61]);
    const shape = shapeOf('a');
    table.add(defined, 0, 3, 7, shape);
    const elsewhere = Buffer.from([0xff, 0xff, 0x91, 0xa1, 0x61, 0x00]);
    expect(table.find(elsewhere, 2, 5, 7)?.shape).to.equal(shape);
    // Same hash, other bytes (a collision): not this shape.
    expect(table.find(Buffer.from([0x91, 0xa1, 0x62]), 0, 3, 7)).to.equal(undefined);
    expect(table.find(Buffer.from([0x91, 0xa1]), 0, 2, 7)).to.equal(undefined);
    const other = shapeOf('b');
    table.add(Buffer.from([0x91, 0xa1, 0x62]), 0, 3, 7, other);
    expect(table.find(Buffer.from([0x91, 0xa1, 0x62]), 0, 3, 7)?.shape).to.equal(other);
    expect(table.find(defined, 0, 3, 7)?.shape).to.equal(shape);
  });

  it('keeps a copy of the bytes: the source buffer is reused by the store for the next value', () => {
    const table = new RecordShapeTable(10);
    const source = Buffer.from([0x91, 0xa1, 0x61]);
    const shape = shapeOf('a');
    table.add(source, 0, 3, hashOfBytes(source, 0, 3), shape);
    source[2] = 0x62;
    expect(table.find(source, 0, 3, hashOfBytes(source, 0, 3))).to.equal(undefined);
    const original = Buffer.from([0x91, 0xa1, 0x61]);
    expect(table.find(original, 0, 3, hashOfBytes(original, 0, 3))?.shape).to.equal(shape);
  });

  it('keeps no more shapes than its limit', () => {
    const table = new RecordShapeTable(2);
    const definitions = [0x61, 0x62, 0x63].map((letter) => Buffer.from([0x91, 0xa1, letter]));
    definitions.forEach((bytes, index) => table.add(bytes, 0, 3, hashOfBytes(bytes, 0, 3), shapeOf(String(index))));
    const found = definitions.map((bytes) => table.find(bytes, 0, 3, hashOfBytes(bytes, 0, 3))?.shape.keys[0]);
    expect(found).to.deep.equal(['0', '1', undefined]);
  });

  it('tells whether a range begins with known bytes, never past the range', () => {
    const bytes = Buffer.from([0x91, 0xa1, 0x61, 0x00]);
    expect(startsWith(bytes, 0, 4, Buffer.from([0x91, 0xa1, 0x61]))).to.equal(true);
    expect(startsWith(bytes, 1, 4, Buffer.from([0xa1, 0x61]))).to.equal(true);
    expect(startsWith(bytes, 0, 2, Buffer.from([0x91, 0xa1, 0x61])), 'the range ends first').to.equal(false);
    expect(startsWith(bytes, 0, 4, Buffer.from([0x91, 0xa1, 0x62]))).to.equal(false);
  });

  it('tells whether a long range begins with known bytes, natively compared, never past the range', () => {
    const known = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff));
    const bytes = new Uint8Array(310);
    bytes.set(known, 5);
    expect(startsWith(bytes, 5, 310, known)).to.equal(true);
    expect(startsWith(bytes, 5, 304, known), 'the range ends first').to.equal(false);
    expect(startsWith(bytes, 4, 310, known)).to.equal(false);
    for (const at of [0, 16, 150, 299]) {
      const changed = bytes.slice();
      changed[5 + at] = (changed[5 + at] as number) ^ 1;
      expect(startsWith(changed, 5, 310, known), `byte ${at} differs`).to.equal(false);
    }
  });

  it('finds a long definition by equal bytes only, even when a hash of its ends collides', () => {
    const table = new RecordShapeTable(10);
    const defined = Buffer.from(Array.from({ length: 200 }, (_, i) => i & 0xff));
    const middleChanged = Buffer.from(defined);
    middleChanged[100] = (middleChanged[100] as number) ^ 1;
    expect(hashOfBytes(middleChanged, 0, 200)).to.equal(hashOfBytes(defined, 0, 200));
    const shape = shapeOf('a');
    table.add(defined, 0, 200, hashOfBytes(defined, 0, 200), shape);
    expect(table.find(middleChanged, 0, 200, hashOfBytes(middleChanged, 0, 200))).to.equal(undefined);
    expect(table.find(Buffer.from(defined), 0, 200, hashOfBytes(defined, 0, 200))?.shape).to.equal(shape);
  });

  it('hashes a range of bytes by its content alone', () => {
    const bytes = Buffer.from([1, 2, 3, 1, 2, 3]);
    expect(hashOfBytes(bytes, 0, 3)).to.equal(hashOfBytes(bytes, 3, 6));
    expect(hashOfBytes(bytes, 0, 3)).to.not.equal(hashOfBytes(bytes, 1, 4));
    expect(hashOfBytes(bytes, 0, 3)).to.be.within(0, 2 ** 31 - 1);
  });
});

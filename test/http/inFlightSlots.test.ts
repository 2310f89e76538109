// Specifies the in-flight registry of the HTTP server: it holds what is in flight, and its storage follows the peak
// number in flight, never the number of requests served (a replaced hash table made finished requests outlive their
// scavenges: src/http/inFlightSlots.ts).
import { expect } from 'chai';
import { InFlightSlots } from '../../src/http/inFlightSlots.ts';

describe('InFlightSlots', () => {
  it('lists the items added and not yet removed', () => {
    const slots = new InFlightSlots<{ name: string }>();
    const [a, b, c] = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    const slotOfA = slots.add(a);
    slots.add(b);
    const slotOfC = slots.add(c);
    slots.remove(slotOfA, a);
    expect([...slots]).to.deep.equal([b, c]);
    slots.remove(slotOfC, c);
    expect([...slots]).to.deep.equal([b]);
  });

  it('reuses freed slots: after many items one at a time it holds one slot', () => {
    const slots = new InFlightSlots<object>();
    for (let served = 0; served < 1_000; served++) {
      const item = {};
      slots.remove(slots.add(item), item);
    }
    expect(slots.capacity).to.equal(1);
    expect([...slots]).to.deep.equal([]);
  });

  it('grows to the peak in flight and no further', () => {
    const slots = new InFlightSlots<object>();
    for (let round = 0; round < 50; round++) {
      const items = Array.from({ length: 1 + (round % 8) }, () => ({}));
      const taken = items.map((item) => slots.add(item));
      items.forEach((item, index) => slots.remove(taken[index] as number, item));
    }
    expect(slots.capacity).to.equal(8);
  });

  it('leaves a slot taken by another item when an earlier holder is removed twice', () => {
    const slots = new InFlightSlots<object>();
    const [first, second] = [{}, {}];
    const slot = slots.add(first);
    slots.remove(slot, first);
    expect(slots.add(second)).to.equal(slot);
    slots.remove(slot, first);
    expect([...slots]).to.deep.equal([second]);
  });
});

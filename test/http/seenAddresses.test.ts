// The addresses first reads keep answers for only when asked again (src/http/seenAddresses.ts): seen from the second
// sighting on, forgotten when others take the slot, and no address taken for another among many distinct ones.
import { expect } from 'chai';
import { seenAddresses } from '../../src/http/seenAddresses.ts';

const eventAddress = (id: number) => `/cal/events/v1/events/${id}`;

describe('seen addresses: what a first read keeps depends on an earlier sighting', function () {
  it('an address is unseen at its first sighting and seen at its second and later ones', () => {
    const seen = seenAddresses();
    expect(seen.seenBefore(eventAddress(7))).to.equal(false);
    expect(seen.seenBefore(eventAddress(7))).to.equal(true);
    expect(seen.seenBefore(eventAddress(7))).to.equal(true);
    expect(seen.seenBefore(`/ca${eventAddress(7)}`), 'another language root').to.equal(false);
  });

  it('50,000 distinct addresses in a table of 65,536 slots: none counts as seen at its first sighting', () => {
    const seen = seenAddresses();
    const falselySeen = Array.from({ length: 50_000 }, (_, at) => eventAddress(at + 1)).filter((address) =>
      seen.seenBefore(address),
    );
    expect(falselySeen).to.deep.equal([]);
  });

  it('a table of 16 slots forgets an address once many others were asked for', () => {
    const seen = seenAddresses(4);
    seen.seenBefore(eventAddress(1));
    for (let id = 2; id < 1_000; id++) seen.seenBefore(eventAddress(id));
    expect(seen.seenBefore(eventAddress(1))).to.equal(false);
  });

  it('addresses seen within the window stay seen: a second pass over 10,000 addresses finds 99% of them', () => {
    const seen = seenAddresses();
    const addresses = Array.from({ length: 10_000 }, (_, at) => eventAddress(at + 1));
    for (const address of addresses) seen.seenBefore(address);
    // A slot each would lose about 10,000² / 2 / 65,536 ≈ 760 of them to others sharing it; buckets of four lose
    // those of the few buckets asked for by five or more (and the pass itself, recording its misses, a few more).
    expect(addresses.filter((address) => !seen.seenBefore(address)).length).to.be.lessThan(100);
  });

  it('two addresses read by turns in one bucket both count as seen from their second read', () => {
    const seen = seenAddresses(2);
    const [one, other] = [eventAddress(1), eventAddress(2)];
    const sightings = [one, other, one, other, one].map((address) => seen.seenBefore(address));
    expect(sightings).to.deep.equal([false, false, true, true, true]);
  });
});

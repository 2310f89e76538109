// CostReadings: the cost an event shows (docs/api.md §4.7 "Cost", §4.6 offers price), read once per cost text.
import { expect } from 'chai';
import { CostReadings, costDetails, lowestPrice, type SiteCurrency, type StoredCost } from '../../src/domain/cost.ts';

const site: SiteCurrency = { symbol: '$', position: 'prefix' };
const stored = (...entries: string[]): StoredCost => ({ entries });
const costs: (StoredCost | null)[] = [
  null,
  stored('10'),
  stored('10 – 25 €'),
  stored('€ 12,5', '1.000,50 €'),
  stored('Donation'),
  stored('0'),
  stored('10', '20'),
  stored('10,20'),
];

describe('CostReadings', () => {
  it('reads every cost as costDetails and lowestPrice do', () => {
    const readings = new CostReadings(site);
    for (const cost of [...costs, ...costs]) {
      const reading = readings.of(cost);
      expect(reading.details, JSON.stringify(cost)).to.deep.equal(costDetails(cost, site));
      expect(reading.lowest, JSON.stringify(cost)).to.equal(lowestPrice(cost));
    }
  });

  it('gives the same frozen reading for the same entries, and tells entry lists apart', () => {
    const readings = new CostReadings(site);
    const first = readings.of(stored('10', '20'));
    expect(readings.of(stored('10', '20')) === first, 'the same reading').to.equal(true);
    expect(readings.of(stored('10,20')) === first, 'another list').to.equal(false);
    expect(Object.isFrozen(first.details.cost_details.values)).to.equal(true);
    expect(() => (first.details.cost_details.values as string[]).push('1')).to.throw(TypeError);
  });

  it('keeps at most its capacity, the oldest going first', () => {
    const readings = new CostReadings(site, 2);
    const ten = readings.of(stored('10'));
    readings.of(stored('20'));
    readings.of(stored('30'));
    const again = readings.of(stored('10'));
    expect(again === ten, 'read again').to.equal(false);
    expect(again).to.deep.equal(ten);
  });
});

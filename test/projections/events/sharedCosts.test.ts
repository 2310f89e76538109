// Specifies the costs the read model shares between documents: one frozen object per distinct list of entries, the
// same entries as the cost it stands for, never one list for another, bounded; documents of the memory read model
// created with equal costs hold one object.
import { expect } from 'chai';
import { SharedCosts } from '../../../src/projections/events/sharedCosts.ts';
import { startTestService, type TestService } from '../../support/testService.ts';

const cost = (...entries: string[]) => ({ entries });

describe('shared costs', () => {
  it('give equal entries one frozen cost with those entries, and null as null', () => {
    const costs = new SharedCosts();
    const twelve = costs.of(cost('12'));
    expect(twelve).to.deep.equal(cost('12'));
    expect(costs.of(cost('12'))).to.equal(twelve);
    expect(Object.isFrozen(twelve) && Object.isFrozen(twelve?.entries)).to.equal(true);
    expect(costs.of(cost('10', '15'))).to.equal(costs.of(cost('10', '15')));
    expect(costs.of(cost())).to.deep.equal(cost());
    expect(costs.of(null)).to.equal(null);
    expect(costs.size).to.equal(3);
  });

  it('never give a lone entry that reads like a list the cost of that list, nor the other way round', () => {
    const costs = new SharedCosts();
    const list = costs.of(cost('10', '15'));
    const lone = costs.of(cost('["10","15"]'));
    expect(lone).to.deep.equal(cost('["10","15"]'));
    expect(list).to.deep.equal(cost('10', '15'));
    expect(costs.of(cost('[]'))).to.deep.equal(cost('[]'));
    expect(costs.of(cost())).to.deep.equal(cost());
  });

  it('keep the previous cost when the event left it alone, without a look-up', () => {
    const costs = new SharedCosts();
    const kept = cost('8');
    expect(costs.of(kept, kept)).to.equal(kept);
    expect(costs.size).to.equal(0);
  });

  it('start over past their bound, with the same entries', () => {
    const costs = new SharedCosts(2);
    costs.of(cost('1'));
    costs.of(cost('2'));
    expect(costs.size).to.equal(2);
    expect(costs.of(cost('3'))).to.deep.equal(cost('3'));
    expect(costs.size).to.equal(1);
  });

  describe('in the memory read model', function () {
    this.timeout(30_000);
    let app: TestService | undefined;
    after(async () => app?.close());

    it('holds one cost object for the events created with the same cost', async () => {
      app = await startTestService();
      const ids: number[] = [];
      for (const [n, price] of ['12', '12', '12', '5'].entries()) {
        const created = await app.admin('POST', '/cal/events/v1/events', {
          body: {
            title: `Priced ${n}`,
            start_date: '2027-02-01 10:00:00',
            end_date: '2027-02-01 11:00:00',
            cost: price,
          },
        });
        expect(created.status).to.equal(201);
        ids.push((created.body as { id: number }).id);
      }
      const docs = await Promise.all(ids.map((id) => app?.service.readStore.events.get(id)));
      const distinct = new Set(docs.map((doc) => doc?.cost));
      expect(distinct.size).to.equal(2);
      expect(docs.map((doc) => doc?.cost)).to.deep.equal([cost('12'), cost('12'), cost('12'), cost('5')]);
    });
  });
});

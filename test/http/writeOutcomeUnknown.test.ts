// Specifies writes whose append may have committed without saying so (a timeout or a cancelled call on EventStoreDB):
// the answer is 503 `rest_write_outcome_unknown`, never "nothing was written", and the slug the write claimed is kept,
// so two items never share it. The real service runs on the lmdb store behind a wrapper that commits the k-th append
// and then reports its outcome as unknown.
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import { FaultPlan, faultyAppends } from '../support/faults.ts';
import { API, bodyOf, createEvent, expectError } from './events/support/eventsApi.ts';

describe('writes whose outcome is unknown', () => {
  let t: TestService;
  let plan: FaultPlan;
  before(async () => {
    // The first create of an event (its claim and its own stream in one append) commits, then reports a timeout.
    plan = FaultPlan.at(1, 'commit-then-fail', /^append to streams slug-event-.* event-/);
    t = await startTestService({}, undefined, { wrapStore: (store) => faultyAppends(store, plan) });
  });
  after(async () => t.close());

  it('answers 503 rest_write_outcome_unknown, keeps the slug claimed, and the next create gets -2', async () => {
    const body = { title: 'Doors Open', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
    const unknown = await t.admin('POST', `${API}/events`, { body, headers: { 'accept-language': 'en' } });
    expectError(
      unknown,
      503,
      'rest_write_outcome_unknown',
      'The event store did not confirm the write in time; it may have been applied. Read the item before retrying.',
    );
    expect(plan.injected).to.deep.equal(['commit-then-fail']);
    const second = await createEvent(t, { title: 'Doors Open' });
    expect(second.slug).to.equal('doors-open-2');
    const listed = await t.admin('GET', `${API}/events?slug=doors-open&status=any`);
    expect(listed.status, listed.text).to.equal(200);
    const events = bodyOf(listed).events as { id: number; slug: string }[];
    // The create that reported a timeout was written, with the slug it claimed; the next one did not get it again.
    expect(events.map((event) => [event.slug, event.id === second.id])).to.have.deep.members([
      ['doors-open', false],
      ['doors-open-2', true],
    ]);
  });
});

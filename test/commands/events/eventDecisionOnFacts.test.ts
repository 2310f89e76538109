// The event decider given the facts its handler already worked out (decideEventOnFacts) decides exactly as `decide`,
// whatever slug the handler settled: the handler computes the facts once per write and hands them over.
import { expect } from 'chai';
import {
  decideEventOnFacts,
  eventDecider,
  nextEventFacts,
  type EventCommand,
} from '../../../src/commands/events/eventDecider.ts';
import type { CalendarEventEvent } from '../../../src/events/catalogue/calendarEvents.ts';
import { change, concert, facts, schedule, scheduled, trash } from './support/eventDeciderSpec.ts';

const stateAfter = (events: readonly CalendarEventEvent[]) =>
  events.reduce(eventDecider.evolve, eventDecider.initialState);

const cases: readonly { readonly title: string; readonly given: CalendarEventEvent[]; readonly when: EventCommand }[] =
  [
    { title: 'a schedule', given: [], when: schedule() },
    { title: 'a schedule in a zone', given: [], when: schedule({ timezone: 'Europe/Madrid' }) },
    { title: 'a schedule ending before it starts', given: [], when: schedule({ end: '2025-11-19 10:00:00' }) },
    { title: 'a schedule of an existing event', given: [concert], when: schedule() },
    { title: 'a change of title', given: [concert], when: change({ title: 'Renamed' }) },
    { title: 'a change of zone', given: [concert], when: change({ timezone: 'America/New_York' }) },
    {
      title: 'a change of status',
      given: [scheduled(facts({ status: 'draft' }))],
      when: change({ status: 'publish' }),
    },
    { title: 'a change of a missing event', given: [], when: change({ title: 'Renamed' }) },
    { title: 'a trash', given: [concert], when: trash },
  ];

describe('event decider given the facts its handler worked out', () => {
  for (const { title, given, when } of cases) {
    for (const slug of [undefined, 'settled-slug', 'concert-2']) {
      it(`decides ${title} as decide does (slug ${slug ?? 'none'})`, () => {
        const state = stateAfter(given);
        const settled = slug === undefined ? when : ({ ...when, slug } as EventCommand);
        // As the handler does: the facts of the command before a slug was settled.
        const onFacts = decideEventOnFacts(settled, state, nextEventFacts(state, when));
        expect(onFacts).to.deep.equal(eventDecider.decide(settled, state));
      });
    }
  }

  it('puts the settled slug on the facts it is given', () => {
    const state = stateAfter([]);
    const decided = decideEventOnFacts(
      { ...schedule(), slug: 'jazz' } as EventCommand,
      state,
      nextEventFacts(state, schedule()),
    );
    expect(decided).to.deep.equal({ _tag: 'Right', right: [scheduled(facts({ slug: 'jazz' }))] });
  });
});

// Specifies that a write's permission holds on the state it is decided on: a contributor's edits to a pending item
// that an editor publishes at the same moment are applied before the publication or refused, never after it.
import { expect } from 'chai';
import { decodeDomainEvent } from '../../src/events/catalogue/envelope.ts';
import { startRoleService, userId, type RoleTestService } from '../support/roleService.ts';
import { API, allAtOnce, bodyOf, expectError, type ResourcePlural } from './support/raceApi.ts';

const trials = 20;
const contributorWrites = 6;

interface Raced {
  readonly plural: Extract<ResourcePlural, 'events' | 'venues' | 'organizers'>;
  readonly stream: (id: number) => string;
  readonly create: (trial: number) => Record<string, unknown>;
  readonly edit: (i: number) => Record<string, unknown>;
}

const raced: readonly Raced[] = [
  {
    plural: 'events',
    stream: (id) => `event-${id}`,
    create: (trial) => ({
      title: `Pending ${trial}`,
      status: 'pending',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
    }),
    edit: (i) => ({ title: `Contributor edit ${i}` }),
  },
  {
    plural: 'venues',
    stream: (id) => `venue-${id}`,
    create: (trial) => ({ venue: `Pending hall ${trial}`, status: 'pending' }),
    edit: (i) => ({ city: `Contributor city ${i}` }),
  },
  {
    plural: 'organizers',
    stream: (id) => `organizer-${id}`,
    create: (trial) => ({ organizer: `Pending org ${trial}`, status: 'pending' }),
    edit: (i) => ({ phone: `555-${i}` }),
  },
];

/** The stream's events after the first one that made the item public, as `{type, actor}`. */
async function writesAfterPublication(
  t: RoleTestService,
  streamId: string,
): Promise<{ type: string; actor: unknown }[]> {
  const recorded = await t.service.store.readStream(streamId);
  const published = recorded.findIndex((r) => {
    const event = decodeDomainEvent(r) as { data: { changes?: { status?: string } } } | undefined;
    return event?.data.changes?.status === 'publish';
  });
  expect(published, `${streamId} was published`).to.be.greaterThan(-1);
  return recorded.slice(published + 1).map((r) => ({ type: r.type, actor: r.metadata.actor }));
}

describe("permissions under races: a contributor's writes racing an editor's publication", function () {
  this.timeout(300_000);
  let t: RoleTestService;
  before(async () => {
    t = await startRoleService();
  });
  after(async () => t.close());

  for (const kind of raced) {
    it(
      `${kind.plural}: in ${trials} trials of ${contributorWrites} contributor PATCHes and DELETEs ` +
        `racing a publish, none is applied after the publication; the late ones answer 403`,
      async () => {
        let refused = 0;
        for (let trial = 0; trial < trials; trial++) {
          const made = await t.by('contributor', 'POST', `${API}/${kind.plural}`, { body: kind.create(trial) });
          expect(made.status, made.text).to.equal(201);
          const id = bodyOf(made).id as number;
          expect(bodyOf(made).status).to.equal('pending');
          const path = `${API}/${kind.plural}/${id}`;

          // The publication goes out first, so most contributor writes queue behind it on the item.
          const [publication, ...edits] = await allAtOnce(contributorWrites + 1, (i) =>
            i === 0
              ? t.by('editor', 'PATCH', path, { body: { status: 'publish' } })
              : i === contributorWrites
                ? t.by('contributor', 'DELETE', path)
                : t.by('contributor', 'PATCH', path, { body: kind.edit(i) }),
          );
          expect(publication?.status, publication?.text).to.equal(200);
          for (const edit of edits) {
            if (edit.status === 200) continue;
            expectError(edit, 403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
            refused++;
          }
          const late = await writesAfterPublication(t, kind.stream(id));
          expect(
            late.filter((w) => w.actor === userId.contributor),
            `trial ${trial}: contributor writes after the publication`,
          ).to.deep.equal([]);
          const shown = await t.by('editor', 'GET', path);
          expect(bodyOf(shown).status, `trial ${trial}`).to.equal('publish');
        }
        // The race is real: some contributor writes did come after the publication.
        expect(refused, 'contributor writes refused as late').to.be.greaterThan(0);
      },
    );
  }
});

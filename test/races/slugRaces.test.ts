// Specifies slug reservation under real concurrency: 100 creates
// claiming one slug at once (docs/api.md §4.7, §10.2, §10.3).
import { expect } from 'chai';
import { startTestService, type TestService } from '../support/testService.ts';
import {
  API,
  allAtOnce,
  bodyOf,
  expectError,
  statusCounts,
  suffixedSlugs,
  type ResourcePlural,
} from './support/raceApi.ts';

const claimants = 100;

/** Every created item is readable through its own slug, and that read names the same item. */
async function expectEachReadableBySlug(
  t: TestService,
  plural: ResourcePlural,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  const reads = await allAtOnce(items.length, (i) =>
    t.request('GET', `${API}/${plural}/by-slug/${items[i]!.slug as string}`),
  );
  reads.forEach((res, i) => {
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res).id, `by-slug ${items[i]!.slug as string}`).to.equal(items[i]!.id);
  });
}

describe('concurrent creates claiming the same slug', function () {
  this.timeout(180_000);
  let t: TestService;
  before(async () => {
    t = await startTestService();
    // Verifies the admin password once, so the burst measures the writes, not a hundred argon2 checks.
    await t.admin('GET', `${API}/events`);
  });
  after(async () => t.close());

  const posts: readonly {
    plural: 'events' | 'venues' | 'organizers';
    body: (i: number, slug?: string) => Record<string, unknown>;
  }[] = [
    {
      plural: 'events',
      body: (i, slug) => ({
        title: 'Race Night',
        start_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')} 20:00:00`,
        end_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')} 22:00:00`,
        ...(slug ? { slug } : {}),
      }),
    },
    // Venues and organizers with the same name differ in another compared field, so none is a duplicate (§10.2), not
    // even of the other round's items: a duplicate would answer 201 with the existing item and its old slug.
    {
      plural: 'venues',
      body: (i, slug) => ({
        venue: 'Race Hall',
        city: `Town ${i}${slug ? ' (slugged)' : ''}`,
        ...(slug ? { slug } : {}),
      }),
    },
    {
      plural: 'organizers',
      body: (i, slug) => ({ organizer: 'Race Org', phone: `555-${slug ? 2 : 1}-${i}`, ...(slug ? { slug } : {}) }),
    },
  ];

  for (const { plural, body } of posts) {
    // Only events take an explicit `slug` on create; venue and organizer create routes do not declare one (§10.2).
    for (const explicit of plural === 'events' ? [false, true] : [false]) {
      const base = explicit
        ? 'claimed-events'
        : plural === 'events'
          ? 'race-night'
          : plural === 'venues'
            ? 'race-hall'
            : 'race-org';
      it(
        `${plural}: ${claimants} creates at once ` +
          `${explicit ? 'with the same explicit slug' : 'with the same name'} all answer 201 with ` +
          `${base}, ${base}-2 … ${base}-${claimants}`,
        async () => {
          const responses = await allAtOnce(claimants, (i) =>
            t.admin('POST', `${API}/${plural}`, { body: body(i, explicit ? 'Claimed Events' : undefined) }),
          );
          expect(statusCounts(responses), responses.find((r) => r.status !== 201)?.text).to.deep.equal({
            201: claimants,
          });
          const items = responses.map(bodyOf);
          expect(new Set(items.map((item) => item.id)).size, 'distinct ids').to.equal(claimants);
          expect(items.map((item) => item.slug as string).sort()).to.deep.equal(suffixedSlugs(base, claimants).sort());
          await expectEachReadableBySlug(t, plural, items);
        },
      );
    }

    it(
      `${plural}: ${claimants} by-slug updates at once renaming different items to one slug all ` +
        `answer 200 with distinct suffixed slugs`,
      async () => {
        const items: Record<string, unknown>[] = [];
        for (let i = 0; i < claimants; i++) {
          // Indexes past the create round's, so no venue or organizer is a duplicate of one created there.
          const res = await t.admin('POST', `${API}/${plural}`, {
            body: body(claimants + i, plural === 'events' ? `Mover ${i}` : undefined),
          });
          expect(res.status, res.text).to.equal(201);
          items.push(bodyOf(res));
        }
        const target = `moved-${plural}`;
        const responses = await allAtOnce(claimants, (i) =>
          t.admin('PATCH', `${API}/${plural}/by-slug/${items[i]!.slug as string}`, { body: { slug: target } }),
        );
        expect(statusCounts(responses), responses.find((r) => r.status !== 200)?.text).to.deep.equal({
          200: claimants,
        });
        const moved = responses.map(bodyOf);
        expect(new Set(items.map((item) => item.id)).size, 'distinct items').to.equal(claimants);
        expect(moved.map((item) => item.id)).to.deep.equal(items.map((item) => item.id));
        expect(moved.map((item) => item.slug as string).sort()).to.deep.equal(suffixedSlugs(target, claimants).sort());
        await expectEachReadableBySlug(t, plural, moved);
      },
    );
  }

  for (const plural of ['categories', 'tags'] as const) {
    it(
      `${plural}: ${claimants} creates at once with distinct names deriving one slug all answer 201 ` +
        `with distinct suffixed slugs`,
      async () => {
        // `Race Term !`, `Race Term !!`, …: distinct names (so no term_exists), one derived slug `race-term-<plural>`.
        const responses = await allAtOnce(claimants, (i) =>
          t.admin('POST', `${API}/${plural}`, { body: { name: `Race Term ${plural} ${'!'.repeat(i + 1)}` } }),
        );
        expect(statusCounts(responses), responses.find((r) => r.status !== 201)?.text).to.deep.equal({
          201: claimants,
        });
        const terms = responses.map(bodyOf);
        expect(terms.map((term) => term.slug as string).sort()).to.deep.equal(
          suffixedSlugs(`race-term-${plural}`, claimants).sort(),
        );
        const reads = await allAtOnce(claimants, (i) =>
          t.request('GET', `${API}/${plural}?slug=${terms[i]!.slug as string}&hide_empty=false`),
        );
        reads.forEach((res, i) =>
          expect((bodyOf(res)[plural] as { id: number }[]).map((term) => term.id)).to.deep.equal([terms[i]!.id]),
        );
      },
    );

    it(
      `${plural}: of ${claimants} creates at once with the same explicit slug exactly one answers ` +
        `201, the rest 400 duplicate_term_slug`,
      async () => {
        const responses = await allAtOnce(claimants, (i) =>
          t.admin('POST', `${API}/${plural}`, { body: { name: `Slug owner ${plural} ${i}`, slug: `owned-${plural}` } }),
        );
        expect(statusCounts(responses)).to.deep.equal({ 201: 1, 400: claimants - 1 });
        for (const refused of responses.filter((r) => r.status === 400)) {
          expectError(
            refused,
            400,
            'duplicate_term_slug',
            `The slug “owned-${plural}” is already in use by another term.`,
          );
        }
        const list = await t.request(
          'GET',
          `${API}/${plural}?search=Slug owner ${plural}&hide_empty=false&per_page=50`,
        );
        expect(bodyOf(list).total, 'terms stored').to.equal(1);
      },
    );

    it(
      `${plural}: of ${claimants} creates at once with the same name exactly one answers 201, the ` +
        `rest 400 term_exists naming it`,
      async () => {
        const responses = await allAtOnce(claimants, () =>
          t.admin('POST', `${API}/${plural}`, { body: { name: `Same name ${plural}` } }),
        );
        expect(statusCounts(responses)).to.deep.equal({ 201: 1, 400: claimants - 1 });
        const winner = bodyOf(responses.find((r) => r.status === 201)!);
        for (const refused of responses.filter((r) => r.status === 400)) {
          expect(bodyOf(refused).code).to.equal('term_exists');
          expect(bodyOf(refused).data).to.deep.equal({ status: 400, term_id: winner.id });
        }
      },
    );
  }
});

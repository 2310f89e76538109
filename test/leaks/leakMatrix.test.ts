// Specifies that protected and non-published content reaches no caller who may not read it: every read route and
// filter, as every role that does not own the fixtures, searched for the markers hidden in that content.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../support/roleService.ts';
import { buildLeakFixtures, fixturePassword, markersIn, type LeakFixtures } from './support/leakFixtures.ts';
import { leakProbes, type Probe } from './support/leakProbes.ts';
import { openSse, waitFor } from '../support/sseClient.ts';
import { adminAuth } from '../support/testService.ts';

/** Markers a caller may legitimately see in a response to `probe`. */
type Allowance = (marker: string, probe: Probe) => boolean;

const nothing: Allowance = () => false;
/**
 * Authors and contributors list the non-published items of every author when `status` is omitted (docs/api.md §3.2), so
 * a list of a kind may show that kind's non-published markers; password markers stay hidden, and single reads,
 * embedded copies, other kinds' lists, history and `as_of` show nothing non-published of others.
 */
const ownKindListsOnly: Allowance = (marker, probe) => {
  if (!marker.toLowerCase().startsWith('leakmark-np-') || !probe.listOf) return false;
  const kind = { events: '-event-', venues: '-venue-', organizers: '-organizer-' }[probe.listOf];
  return marker.toLowerCase().includes(kind);
};

const callers: readonly { who: Who; allowed: Allowance }[] = [
  { who: 'anonymous', allowed: nothing },
  { who: 'subscriber', allowed: nothing },
  { who: 'author', allowed: ownKindListsOnly },
  { who: 'contributor', allowed: ownKindListsOnly },
];

describe('no protected or non-published content leaks (matrix over every read route)', function () {
  this.timeout(300_000);
  let t: RoleTestService;
  let fixtures: LeakFixtures;
  let probes: Probe[];

  before(async () => {
    // The probes send far more as_of and history reads from one address than a client's allowance.
    t = await startRoleService({ CAL_HISTORY_MAX_READS: '0' });
    fixtures = await buildLeakFixtures(t);
    probes = (await leakProbes(t, fixtures)).filter((probe) => !probe.path.includes('/changes'));
  });
  after(async () => t.close());

  it('the matrix is big enough to mean something', () => {
    expect(probes.length).to.be.greaterThan(300);
  });

  for (const { who, allowed } of callers) {
    it(`${who}: no response to any probe carries a marker the caller may not see`, async () => {
      const leaks: string[] = [];
      let statuses = 0;
      for (const probe of probes) {
        const res = await t.by(who, 'GET', probe.path);
        statuses += res.status;
        // A marker the probe itself sent (a search term echoed in `rest_url`) reveals nothing.
        const sent = probe.path.toLowerCase();
        const leaked = markersIn(res.text).filter(
          (marker) => !sent.includes(marker.toLowerCase()) && !allowed(marker, probe),
        );
        if (leaked.length > 0) leaks.push(`${res.status} GET ${probe.path}: ${leaked.join(', ')}`);
      }
      expect(statuses, 'every probe answered').to.be.greaterThan(0);
      expect(leaks.join('\n'), `${leaks.length} leaking responses`).to.equal('');
    });
  }

  it('the same markers do reach the admin through the same probes (the probes can see a leak)', async () => {
    const seen = new Set<string>();
    for (const probe of probes) {
      for (const marker of markersIn(
        (await t.admin('GET', `${probe.path}${probe.path.includes('?') ? '&' : '?'}password=${fixturePassword}`)).text,
      )) {
        seen.add(marker.toLowerCase());
      }
    }
    for (const expected of [
      'leakmark-pw-event-description',
      'leakmark-np-draft-event-title',
      'leakmark-np-private-event-excerpt',
      'leakmark-np-pending-event-cost',
      'leakmark-np-future-event-title',
      'leakmark-np-trashed-event-title',
      'leakmark-pw-venue-city',
      'leakmark-pw-organizer-description',
      'leakmark-np-draft-venue-name',
      'leakmark-np-draft-organizer-name',
      'leakmark-np-earlier-draft-event-title',
      'leakmark-pw-later-protected-venue-address',
      'leakmark-np-later-draft-venue-zip',
    ]) {
      expect([...seen], expected).to.include(expected);
    }
  });

  it('the password itself appears in no response, not even to the admin editing with it', async () => {
    for (const probe of probes) {
      for (const suffix of ['', `${probe.path.includes('?') ? '&' : '?'}context=edit&password=${fixturePassword}`]) {
        const res = await t.admin('GET', `${probe.path}${suffix}`);
        expect(res.text, `GET ${probe.path}${suffix}`).to.not.contain(fixturePassword);
      }
    }
  });

  it('the change feed redacts the password for the administrators who may read it', async () => {
    const feed = await openSse(`${t.service.url}/cal/events/v1/changes?from=start`, { authorization: adminAuth });
    try {
      expect(feed.status).to.equal(200);
      // The fixtures' last write; the feed skips registry streams, so the store's head may be no message of its own.
      const last = (await t.service.store.readStream(`venue-${fixtures.laterDraftVenue}`)).at(-1)?.position ?? 0n;
      await waitFor(
        () => feed.messages.some((m) => BigInt(m.id ?? '-1') >= last),
        'the feed reaching the last fixture write',
        30_000,
      );
      const all = feed.messages.map((m) => m.data).join('\n');
      expect(all).to.contain('[redacted]');
      expect(all).to.not.contain(fixturePassword);
    } finally {
      feed.abort();
    }
  });
});

// Specifies the kept `events.ics` feeds (docs/api.md §21.1): answered again from their bytes while the read model
// stays put, never after the next event is applied, never to a caller with other read rights, and bounded by bytes.
import { expect } from 'chai';
import { ReadModelMemo } from '../../../src/http/readModelMemo.ts';
import { KeptFeeds, type RenderedFeed } from '../../../src/http/routes/feeds/keptFeeds.ts';
import { startRoleService, type RoleTestService } from '../../support/roleService.ts';
import { API } from '../events/support/eventsApi.ts';

const feedPath = `${API}/events.ics?start_date=2026-12-01&end_date=2027-12-31`;

describe('kept calendar feeds over HTTP', function () {
  this.timeout(60_000);
  let t: RoleTestService;
  let eventId: number;

  before(async () => {
    t = await startRoleService();
    const create = async (title: string, status: string) => {
      const body = { title, start_date: '2026-12-05 20:00:00', end_date: '2026-12-05 22:00:00', status };
      const res = await t.admin('POST', `${API}/events`, { body });
      expect(res.status, res.text).to.equal(201);
      return (res.body as { id: number }).id;
    };
    eventId = await create('Opening night', 'publish');
    await create('Secret rehearsal', 'draft');
  });
  after(async () => t.close());

  it('shows a change in the next feed read after the write, however often the feed was read before', async () => {
    for (let round = 0; round < 5; round++) {
      const title = `Opening night take ${round}`;
      // The feed is read (and kept) while the write is on its way, then read again once it is acknowledged.
      const [, written] = await Promise.all([
        t.request('GET', feedPath),
        t.admin('PATCH', `${API}/events/${eventId}`, { body: { title } }),
        t.request('GET', feedPath),
      ]);
      expect(written.status, written.text).to.equal(200);
      const after = await t.request('GET', feedPath);
      expect(after.status).to.equal(200);
      expect(after.text).to.include(title);
      expect((await t.request('GET', feedPath)).text).to.equal(after.text);
    }
  });

  it('keeps the feed of each caller apart: drafts for the editor, never for an anonymous caller', async () => {
    for (const order of [
      ['editor', 'anonymous'],
      ['anonymous', 'editor'],
    ] as const) {
      // A write first, so that both feeds are rendered afresh at the same read-model position.
      await t.admin('PATCH', `${API}/events/${eventId}`, { body: { excerpt: `Order ${order.join(' then ')}` } });
      const feeds: Record<string, string> = {};
      for (const who of [...order, ...order]) {
        const res = await t.by(who, 'GET', feedPath);
        expect(res.status, res.text).to.equal(200);
        if (feeds[who] !== undefined) expect(res.text, who).to.equal(feeds[who]);
        feeds[who] = res.text;
      }
      expect(feeds.editor).to.include('Secret rehearsal');
      expect(feeds.anonymous).to.not.include('Secret rehearsal');
    }
  });
});

describe('KeptFeeds', () => {
  let position: bigint;
  let kept: KeptFeeds;
  let renders: number;
  const feedOf = (bytes: number): (() => Promise<RenderedFeed>) => {
    return async () => {
      renders++;
      return { body: Buffer.alloc(bytes, 'x'), truncated: false };
    };
  };
  beforeEach(() => {
    position = 10n;
    renders = 0;
    kept = new KeptFeeds(new ReadModelMemo(() => position), 1_000);
  });

  it('renders a feed once while the position stays, and again once it moves', async () => {
    await kept.atPosition().feed('a', feedOf(100));
    await kept.atPosition().feed('a', feedOf(100));
    expect(renders).to.equal(1);
    position = 11n;
    await kept.atPosition().feed('a', feedOf(100));
    expect(renders).to.equal(2);
  });

  it('keeps a feed read across a move out of the next position (the shelf is taken before the read)', async () => {
    const shelf = kept.atPosition();
    position = 11n;
    await shelf.feed('a', feedOf(100));
    await kept.atPosition().feed('a', feedOf(100));
    expect(renders).to.equal(2);
  });

  it('holds no more bytes than its bound: the oldest feeds make room, a feed over the bound is not kept', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await kept.atPosition().feed(key, feedOf(300));
    expect(kept.keptBytes()).to.equal(900);
    await kept.atPosition().feed('e', feedOf(500));
    expect(kept.keptBytes()).to.be.at.most(1_000);
    renders = 0;
    await kept.atPosition().feed('e', feedOf(500));
    await kept.atPosition().feed('d', feedOf(300));
    expect(renders, 'the newest are kept').to.equal(0);
    await kept.atPosition().feed('a', feedOf(300));
    expect(renders, 'the oldest went').to.equal(1);
    await kept.atPosition().feed('huge', feedOf(1_001));
    await kept.atPosition().feed('huge', feedOf(1_001));
    expect(renders).to.equal(3);
    expect(kept.keptBytes()).to.be.at.most(1_000);
  });
});

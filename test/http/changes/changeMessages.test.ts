// Specifies what GET /changes delivers: message format, redaction, kinds, heartbeats, and where a feed starts.
import { expect } from 'chai';
import { streamCategory } from '../../../src/events/eventStore.ts';
import { waitFor, type SseConnection, type SseMessage } from '../../support/sseClient.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf } from '../events/support/eventsApi.ts';
import { changeOf, dates, identity, openFeed, storedChanges } from './support/changesApi.ts';

const titleOf = (message: SseMessage): unknown =>
  (changeOf(message).data.facts as { title?: unknown } | undefined)?.title;

describe('GET /changes: messages and start positions', function () {
  let t: TestService;
  const open: SseConnection[] = [];
  const feed = async (query = '', headers: Record<string, string> = {}): Promise<SseConnection> => {
    const connection = await openFeed(t, query, { headers });
    open.push(connection);
    return connection;
  };
  before(async () => {
    t = await startTestService({ CAL_CHANGES_HEARTBEAT_MS: '40' });
  });
  afterEach(() => open.splice(0).forEach((connection) => connection.abort()));
  after(async () => t.close());

  const createEvent = async (body: Record<string, unknown>): Promise<number> => {
    const res = await t.admin('POST', `${API}/events`, { body: { ...dates, ...body } });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  const head = () => t.service.store.headPosition();

  it('delivers each resource event as id / event / one-line JSON data in the documented shape', async () => {
    const from = await head();
    const id = await createEvent({ title: 'Shaped' });
    const [stored] = await storedChanges(t, from);
    const connection = await feed(`?from=${from}`);
    await waitFor(() => connection.messages.length >= 1, 'the first message');
    const [message] = connection.messages;
    expect(message?.id).to.equal(String(stored?.position));
    expect(message?.event).to.equal('EventScheduled');
    const change = changeOf(message!);
    expect(Object.keys(change)).to.deep.equal([
      'position',
      'stream',
      'kind',
      'revision',
      'type',
      'schema_version',
      'decoded',
      'occurred_at',
      'actor',
      'correlation_id',
      'causation_id',
      'data',
    ]);
    expect(change).to.include({
      position: String(stored?.position),
      stream: `event-${id}`,
      kind: 'event',
      revision: 0,
      type: 'EventScheduled',
      schema_version: 2,
      decoded: true,
      occurred_at: stored?.metadata.occurredAt,
      actor: stored?.metadata.actor,
      correlation_id: stored?.metadata.correlationId,
      causation_id: stored?.metadata.causationId,
    });
    expect(change.data.id).to.equal(id);
    expect(change.data.facts).to.include({ title: 'Shaped', passwordHash: null });
  });

  it('never carries password hashes: the event password shows as set, not as its hash', async () => {
    const id = await createEvent({ title: 'Locked' });
    const from = await head();
    expect((await t.admin('PATCH', `${API}/events/${id}`, { body: { password: 'hunter2' } })).status).to.equal(200);
    const stored = (await storedChanges(t, from)).map((event) => event.data as { changes: { passwordHash: string } });
    const hash = stored[0]?.changes.passwordHash ?? '';
    expect(hash, 'the store keeps the hash, or this test proves nothing').to.match(/^\$argon2id\$/);
    const connection = await feed(`?from=${from}`);
    await waitFor(() => connection.messages.length >= 1, 'the event');
    expect(connection.text()).to.not.include(hash);
    const change = changeOf(connection.messages[0]!);
    expect(change.type).to.equal('EventDetailsChanged');
    expect(change.data.changes).to.deep.include({ passwordHash: '[redacted]' });
  });

  it(
    'carries resource streams only: no user, registry or image events, even when replaying from ' + 'the start',
    async () => {
      const connection = await feed('?from=start');
      const expected = await storedChanges(t, undefined);
      await waitFor(() => connection.messages.length >= expected.length, 'the replay');
      const all = await t.service.store.readAll();
      expect(
        all.some((event) => streamCategory(event.streamId) === 'user'),
        'the store has user events',
      ).to.equal(true);
      expect(all.length, 'the store has registry events too').to.be.greaterThan(expected.length + 1);
      expect(connection.messages.map((m) => identity(changeOf(m)))).to.deep.equal(expected.map(identity));
      expect(connection.text()).to.not.include('passwordHash":"$');
    },
  );

  it('filters by kinds, in the comma and the repeated form', async () => {
    const from = await head();
    await t.admin('POST', `${API}/venues`, { body: { venue: 'Hall' } });
    await t.admin('POST', `${API}/tags`, { body: { name: 'Jazz' } });
    await createEvent({ title: 'Concert' });
    await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Band' } });
    for (const query of [`?from=${from}&kinds=venue,%20tag`, `?from=${from}&kinds[]=venue&kinds[]=tag`]) {
      const expected = await storedChanges(t, from, ['venue', 'tag']);
      expect(expected.length).to.be.greaterThan(1);
      const connection = await feed(query);
      // The organizer comes last: once it would have arrived, everything before it was judged.
      const everything = await feed(`?from=${from}`);
      await waitFor(() => everything.messages.some((m) => m.event === 'OrganizerRegistered'), 'the organizer');
      await waitFor(() => connection.messages.length >= expected.length, 'the venue and tag events');
      expect(connection.messages.map((m) => identity(changeOf(m)))).to.deep.equal(expected.map(identity));
    }
  });

  it('sends heartbeat comments while idle', async () => {
    const connection = await feed();
    await waitFor(() => connection.comments.filter((c) => c === 'heartbeat').length >= 2, 'two heartbeats');
    expect(connection.messages).to.deep.equal([]);
  });

  it('without from or Last-Event-ID delivers only events written after the response started', async () => {
    await createEvent({ title: 'Before' });
    const connection = await feed();
    await createEvent({ title: 'After' });
    await waitFor(() => connection.messages.length >= 1, 'the new event');
    const titles = connection.messages.map((m) => titleOf(m));
    expect(titles).to.deep.equal(['After']);
  });

  it('from is exclusive, like Last-Event-ID, and the header wins over from', async () => {
    const from = await head();
    await createEvent({ title: 'One' });
    await createEvent({ title: 'Two' });
    await createEvent({ title: 'Three' });
    const [one, two, three] = await storedChanges(t, from);
    const ids = (c: SseConnection) => c.messages.map((m) => m.id);

    const byFrom = await feed(`?from=${two!.position}`);
    const byHeader = await feed('', { 'last-event-id': String(two!.position) });
    const headerLater = await feed(`?from=${one!.position}`, { 'last-event-id': String(two!.position) });
    const headerEarlier = await feed(`?from=${three!.position}`, { 'last-event-id': String(one!.position) });
    const feeds = [byFrom, byHeader, headerLater, headerEarlier];
    await waitFor(() => feeds.every((c) => c.messages.length >= 1), 'deliveries');
    // One more write, so that anything wrongly delivered before it has surely arrived too.
    await createEvent({ title: 'Four' });
    await waitFor(() => feeds.every((c) => c.messages.some((m) => titleOf(m) === 'Four')), 'Four');
    const four = (await storedChanges(t, from))[3]!;
    expect(ids(byFrom)).to.deep.equal([three, four].map((e) => String(e!.position)));
    expect(ids(byHeader)).to.deep.equal(ids(byFrom));
    expect(ids(headerLater)).to.deep.equal(ids(byFrom));
    expect(ids(headerEarlier)).to.deep.equal([two, three, four].map((e) => String(e!.position)));
  });

  it('accepts from=0 as a position like any other: the events after it', async () => {
    const connection = await feed('?from=0');
    const expected = await storedChanges(t, 0n);
    await waitFor(() => connection.messages.length >= expected.length, 'the replay');
    expect(connection.messages.map((m) => identity(changeOf(m)))).to.deep.equal(expected.map(identity));
  });

  it('starts after a filtered-out position as well (from need not name a delivered event)', async () => {
    const before = await head();
    await t.admin('POST', `${API}/tags`, { body: { name: 'Gap' } });
    await createEvent({ title: 'Past the gap' });
    const [gap] = await storedChanges(t, before, ['tag']);
    const expected = await storedChanges(t, gap!.position, ['event']);
    const connection = await feed(`?from=${gap!.position}&kinds=event`);
    await waitFor(() => connection.messages.length >= 1, 'the event');
    expect(connection.messages[0]?.id).to.equal(String(expected[0]?.position));
  });
});

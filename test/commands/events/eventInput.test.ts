// Specification of reading validated event write parameters into an EventRequest (docs/api.md §1.3, §3.3, §10.1).
import { expect } from 'chai';
import { readEventInput, type EventInput, type EventInputContext } from '../../../src/commands/events/eventInput.ts';
import { testZones } from '../../support/memos.ts';

const context: EventInputContext = {
  siteZone: 'Europe/Madrid',
  now: new Date('2025-11-10T12:00:00Z'),
  scaleDownStatus: false,
  userExists: (id) => id === 3,
  zones: testZones,
};

type Args = Readonly<Record<string, unknown>>;

function read(args: Args, overrides: Partial<EventInputContext> = {}): EventInput {
  const outcome = readEventInput(args, { ...context, ...overrides });
  if (outcome._tag === 'Left') expect.fail(`expected an input, got invalid ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

function invalidNames(args: Args): string[] {
  const outcome = readEventInput(args, context);
  if (outcome._tag === 'Right') expect.fail(`expected invalid parameters, got ${JSON.stringify(outcome.right)}`);
  return outcome.left.map((p) => p.name);
}

/** 19:00 UTC: 14:00 in New York, 20:00 in Madrid, 04:00 the next day in Tokyo. */
const instant = '2025-11-20T19:00:00Z';

describe('readEventInput', () => {
  describe('dates in their target zone', () => {
    it('reads start_date and end_date in the request timezone first', () => {
      const { request } = read(
        { timezone: 'America/New_York', start_date: instant, end_date: '2025-11-20T21:00:00Z' },
        { storedZone: 'Asia/Tokyo' },
      );
      expect(request).to.deep.equal({
        timezone: 'America/New_York',
        start: '2025-11-20 14:00:00',
        end: '2025-11-20 16:00:00',
      });
    });

    it('else in the stored zone of the event', () => {
      expect(read({ start_date: instant }, { storedZone: 'Asia/Tokyo' }).request).to.deep.equal({
        start: '2025-11-21 04:00:00',
      });
    });

    it('else in the site zone', () => {
      expect(read({ start_date: instant }).request).to.deep.equal({ start: '2025-11-20 20:00:00' });
    });

    it('evaluates relative forms from now in the target zone', () => {
      expect(read({ start_date: 'tomorrow 9am' }).request.start).to.equal('2025-11-11 09:00:00');
      expect(read({ start_date: 'tomorrow 9am' }, { storedZone: 'Pacific/Auckland' }).request.start).to.equal(
        '2025-11-12 09:00:00',
      );
    });

    it('reads `date` as wall clock in the target zone and `date_utc` in UTC', () => {
      expect(read({ timezone: 'America/New_York', date: instant }).request.date).to.deep.equal({
        local: '2025-11-20 14:00:00',
      });
      expect(read({ timezone: 'America/New_York', date_utc: '2025-11-20 19:00' }).request.date).to.deep.equal({
        utc: '2025-11-20 19:00:00',
      });
    });

    it('takes `timezone: ""` as the site zone, for the stored zone and for the dates', () => {
      const { request } = read({ timezone: '', start_date: instant }, { storedZone: 'Asia/Tokyo' });
      expect(request).to.deep.equal({ timezone: 'Europe/Madrid', start: '2025-11-20 20:00:00' });
    });

    it('keeps UTC±h time zones as given', () => {
      expect(read({ timezone: 'UTC+5.5', start_date: instant }).request).to.deep.equal({
        timezone: 'UTC+5.5',
        start: '2025-11-21 00:30:00',
      });
    });
  });

  describe('invalid parameters are named', () => {
    const cases: Array<[string, unknown]> = [
      ['timezone', 'Mars/Olympus'],
      ['timezone', '+05:00'],
      ['start_date', 'garbage'],
      ['end_date', 'not-a-date'],
      ['date', 'before my birthday'],
      ['date_utc', 'foo'],
      ['author', 99],
    ];
    for (const [name, value] of cases) {
      it(`${name}: ${JSON.stringify(value)}`, () => {
        expect(invalidNames({ [name]: value })).to.deep.equal([name]);
      });
    }

    it('names every invalid parameter of one request', () => {
      const names = invalidNames({
        timezone: 'Mars/Olympus',
        author: 99,
        date: 'x',
        date_utc: 'y',
        start_date: 'garbage',
        end_date: 'foo',
        title: 'Fine',
      });
      expect(names).to.have.members(['timezone', 'author', 'date', 'date_utc', 'start_date', 'end_date']);
    });

    it('stores an existing author by id, as text', () => {
      expect(read({ author: 3 }).request).to.deep.equal({ author: '3' });
    });
  });

  describe('status scale-down for contributors', () => {
    const cases: Array<[boolean, string, string]> = [
      [true, 'publish', 'pending'],
      [true, 'future', 'pending'],
      [true, 'draft', 'draft'],
      [true, 'pending', 'pending'],
      [true, 'private', 'private'],
      [false, 'publish', 'publish'],
      [false, 'future', 'future'],
    ];
    for (const [scaleDownStatus, sent, stored] of cases) {
      it(`${scaleDownStatus ? 'a contributor' : 'an author'} sending ${sent} gets ${stored}`, () => {
        expect(read({ status: sent }, { scaleDownStatus }).request.status).to.equal(stored);
      });
    }
  });

  describe('cost', () => {
    it('keeps each entry as given, numbers as text', () => {
      expect(read({ cost: '20$' }).request.cost).to.deep.equal({ entries: ['20$'] });
      expect(read({ cost: ['0$', 20, '30$'] }).request.cost).to.deep.equal({ entries: ['0$', '20', '30$'] });
    });

    it('clears to null on "" and []', () => {
      expect(read({ cost: '' }).request).to.deep.equal({ cost: null });
      expect(read({ cost: [] }).request).to.deep.equal({ cost: null });
    });

    it('leaves the cost alone when not sent', () => {
      expect(read({ title: 'x' }).request).to.not.have.property('cost');
    });
  });

  describe('password', () => {
    it('is handed to the handler beside the request, which holds no fact for it until the handler hashes it', () => {
      const input = read({ password: 'secret' });
      expect(input.password).to.equal('secret');
      expect(input.request).to.not.have.property('passwordHash');
    });

    it('is removed (null) by ""', () => {
      const input = read({ password: '' });
      expect(input.password).to.equal(null);
      expect(input.request).to.deep.equal({});
    });
  });

  describe('slug', () => {
    it('is normalised', () => {
      expect(read({ slug: '  Hello World!  ' })).to.deep.equal({ request: {}, slug: 'hello-world' });
    });

    it('is "" when nothing survives the normalisation (the handler then uses the id)', () => {
      expect(read({ slug: '¡¿!?' }).slug).to.equal('');
    });

    it('is absent when not sent', () => {
      expect(read({})).to.deep.equal({ request: {} });
    });
  });

  describe('other fields', () => {
    it('maps the booleans, trims the title and keeps texts as sent', () => {
      const args = {
        all_day: true,
        show_map: false,
        show_map_link: true,
        hide_from_listings: true,
        sticky: false,
        featured: true,
      };
      expect(
        read({ ...args, title: '  Jazz  ', description: '', excerpt: ' Live ', website: 'https://example.com' })
          .request,
      ).to.deep.equal({
        allDay: true,
        showMap: false,
        showMapLink: true,
        hideFromListings: true,
        sticky: false,
        featured: true,
        title: 'Jazz',
        description: '',
        excerpt: ' Live ',
        website: 'https://example.com',
      });
    });
  });
});

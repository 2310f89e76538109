// Specifies how POST events.ics refuses files that are broken or built to hurt (docs/api.md §21.2): each gets a 4xx
// in the wire format naming its first problem, nothing of the file is written, and the service keeps answering.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API } from '../events/support/eventsApi.ts';

const crlf = (lines: readonly string[]): string => `${lines.join('\r\n')}\r\n`;

/** A calendar of `events` valid single events, then `tail` lines before its end. */
const calendar = (events: number, tail: readonly string[] = []): string =>
  crlf([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Hostile//EN',
    ...Array.from({ length: events }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:valid-${i}@test`,
      'DTSTAMP:20270101T000000Z',
      'DTSTART:20270601T100000Z',
      'DTEND:20270601T110000Z',
      `SUMMARY:Valid ${i}`,
      'END:VEVENT',
    ]).flat(),
    ...tail,
    'END:VCALENDAR',
  ]);

interface WireError {
  code: string;
  message: string;
  data: { status: number; line?: number; problem?: string };
}

describe('POST events.ics refuses hostile and broken files whole (docs/api.md §21.2)', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ CAL_ICS_MAX_BYTES: String(64 * 1024 * 1024) });
  });
  after(() => svc.close());

  /** Posts the bytes; checks that nothing was written and that the service still answers. */
  async function refused(body: string | Uint8Array, language = 'en'): Promise<WireError> {
    const head = await svc.service.store.headPosition();
    const segment = language === 'en' ? '' : `/${language}`;
    const response = await fetch(`${svc.service.url}${segment}${API}/events.ics`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`,
        'content-type': 'text/calendar',
      },
      body,
    });
    const error = (await response.json()) as WireError;
    expect(response.status, JSON.stringify(error)).to.be.within(400, 499);
    expect(error.data.status).to.equal(response.status);
    expect(await svc.service.store.headPosition()).to.equal(head);
    expect((await svc.request('GET', `${API}/events`)).status).to.equal(200);
    return error;
  }

  it('names the first broken line, after valid events that are not written either', async () => {
    const error = await refused(calendar(2, ['BEGIN:VEVENT', 'this is not a content line', 'END:VEVENT']));
    expect(error).to.deep.include({ code: 'cal_ics_invalid' });
    expect(error.data).to.include({ status: 400, line: 19, problem: 'bad-content-line' });
    expect(error.message).to.equal('The file is not iCalendar: line 19: the line is not NAME:VALUE.');
  });

  it('says it in Catalan and Spanish too', async () => {
    expect((await refused('{"title":"not a calendar"}', 'ca')).message).to.equal(
      'El fitxer no és iCalendar: línia 1: el fitxer no comença amb BEGIN:VCALENDAR.',
    );
    expect((await refused('{"title":"not a calendar"}', 'es')).message).to.equal(
      'El archivo no es iCalendar: línea 1: el archivo no empieza con BEGIN:VCALENDAR.',
    );
  });

  it('refuses bytes that are not UTF-8, naming their line', async () => {
    const text = calendar(1);
    const bytes = Buffer.concat([
      Buffer.from(text.slice(0, text.indexOf('SUMMARY:') + 8)),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(text.slice(text.indexOf('SUMMARY:') + 8)),
    ]);
    expect((await refused(bytes)).data).to.include({ line: 9, problem: 'not-utf8' });
  });

  it('refuses a content line of a megabyte, folded or not', async () => {
    const huge = `DESCRIPTION:${'x'.repeat(1_000_000)}`;
    expect((await refused(calendar(0, ['BEGIN:VEVENT', huge, 'END:VEVENT']))).data.problem).to.equal('line-too-long');
    const folded = ['DESCRIPTION:x', ...Array.from({ length: 20_000 }, () => ` ${'y'.repeat(70)}`)];
    expect((await refused(calendar(0, ['BEGIN:VEVENT', ...folded, 'END:VEVENT']))).data.problem).to.equal(
      'line-too-long',
    );
  });

  it('refuses components nested deeper than any calendar nests them', async () => {
    const depth = 100_000;
    const nested = [
      ...Array.from({ length: depth }, () => 'BEGIN:X-NEST'),
      ...Array.from({ length: depth }, () => 'END:X-NEST'),
    ];
    expect((await refused(calendar(0, nested))).data).to.include({ problem: 'too-deep', line: 9 });
  });

  it('refuses a million components with 413, before reading them all', async () => {
    const million = 'BEGIN:VEVENT\r\nEND:VEVENT\r\n'.repeat(1_000_000);
    const error = await refused(`BEGIN:VCALENDAR\r\n${million}END:VCALENDAR\r\n`);
    expect(error).to.deep.include({ code: 'cal_ics_too_many_components' });
    expect(error.data).to.include({ status: 413, limit: 20_000 });
  });

  it('refuses rules that repeat beyond any use, which a reader would expand for ever', async () => {
    for (const rule of [
      'RRULE:FREQ=SECONDLY',
      'RRULE:FREQ=DAILY;COUNT=1000000000',
      'RRULE:FREQ=MINUTELY;UNTIL=99991231T000000Z',
    ]) {
      const bomb = calendar(1, [
        'BEGIN:VEVENT',
        'UID:bomb@test',
        'DTSTART:20270101T000000Z',
        'SUMMARY:Bomb',
        rule,
        'END:VEVENT',
      ]);
      expect((await refused(bomb)).data, rule).to.include({ problem: 'rrule-too-large', line: 11 });
    }
  });

  it('refuses a body over CAL_ICS_MAX_BYTES with 413, and one that is not text/calendar with 415', async () => {
    const small = await startTestService({ CAL_ICS_MAX_BYTES: '1000' });
    try {
      const big = await small.admin('POST', `${API}/events.ics`, {
        rawBody: calendar(20),
        contentType: 'text/calendar',
      });
      expect(big.status).to.equal(413);
      expect(big.body).to.deep.include({ code: 'rest_payload_too_large' });
      const json = await small.admin('POST', `${API}/events.ics`, { body: { title: 'x' } });
      expect(json.status).to.equal(415);
      expect(json.body).to.deep.include({ code: 'cal_ics_not_calendar' });
    } finally {
      await small.close();
    }
  });

  it('is for callers who may create events: anonymous callers are refused', async () => {
    const head = await svc.service.store.headPosition();
    const res = await svc.request('POST', `${API}/events.ics`, { rawBody: calendar(1), contentType: 'text/calendar' });
    expect(res.status).to.equal(401);
    expect(await svc.service.store.headPosition()).to.equal(head);
  });
});

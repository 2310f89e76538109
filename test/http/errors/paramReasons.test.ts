// Specifies the reasons of refused parameters (docs/api.md §13.1): in `data.params`, in the request's language, with
// the machine-readable code in `data.details`; the wire `message` and `code` stay the reference's.
import { expect } from 'chai';
import type { ParamReason } from '../../../src/commands/errors.ts';
import { reasonText } from '../../../src/http/errors/paramReasons.ts';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, asObject, bodyOf, createEvent } from '../events/support/eventsApi.ts';

type Case = [
  what: string,
  request: (t: TestService) => Promise<{ status: number; body: unknown }>,
  name: string,
  reason: ParamReason,
];

const long = 'x'.repeat(1001);
const cases: Case[] = [
  ['a bad date', (t) => t.request('GET', `${API}/events?start_date=garbage`), 'start_date', { code: 'not-a-date' }],
  [
    'an impossible date',
    (t) => t.request('GET', `${API}/events?end_date=2026-02-30`),
    'end_date',
    { code: 'no-such-date' },
  ],
  ['a page of 0', (t) => t.request('GET', `${API}/events?page=0`), 'page', { code: 'not-a-positive-integer' }],
  ['a typed boolean', (t) => t.request('GET', `${API}/events?featured=maybe`), 'featured', { code: 'not-a-boolean' }],
  [
    'an unknown status',
    (t) => t.admin('GET', `${API}/events?status=soon`),
    'status',
    { code: 'not-in-list', allowed: ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any'] },
  ],
  [
    'a status anonymous callers may not ask for',
    (t) => t.request('GET', `${API}/events?status=draft`),
    'status',
    { code: 'status-not-allowed' },
  ],
  [
    'an unknown venue filter',
    (t) => t.request('GET', `${API}/events?venue=999999`),
    'venue',
    { code: 'unknown-venue' },
  ],
  [
    'a non-numeric venue filter',
    (t) => t.request('GET', `${API}/events?venue=abc`),
    'venue',
    { code: 'not-a-list-of-ids' },
  ],
  [
    'an unknown category',
    (t) => t.request('GET', `${API}/events?categories=nothing-here`),
    'categories',
    { code: 'unknown-category' },
  ],
  [
    'too many list entries',
    (t) => t.request('GET', `${API}/events?include=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`),
    'include',
    { code: 'too-many-entries', limit: 100 },
  ],
  [
    'a title too long',
    (t) => t.admin('POST', `${API}/events`, { body: { title: long, start_date: 'now', end_date: 'now' } }),
    'title',
    { code: 'too-long', limit: 1000 },
  ],
  [
    'a title of spaces',
    (t) => t.admin('POST', `${API}/events`, { body: { title: '   ', start_date: 'now', end_date: 'now' } }),
    'title',
    { code: 'empty' },
  ],
  [
    'a NUL in a description',
    (t) =>
      t.admin('POST', `${API}/events`, {
        body: { title: 'NUL', description: 'a\u0000b', start_date: 'now', end_date: 'now' },
      }),
    'description',
    { code: 'control-characters' },
  ],
  [
    'a bad time zone',
    (t) =>
      t.admin('POST', `${API}/events`, {
        body: { title: 'Zone', timezone: 'Mars/Olympus', start_date: 'now', end_date: 'now' },
      }),
    'timezone',
    { code: 'unknown-time-zone' },
  ],
  [
    'a website without a scheme',
    (t) =>
      t.admin('POST', `${API}/events`, {
        body: { title: 'Web', website: 'example.com', start_date: 'now', end_date: 'now' },
      }),
    'website',
    { code: 'not-a-url' },
  ],
  [
    'an unknown venue id in a write',
    (t) =>
      t.admin('POST', `${API}/events`, {
        body: { title: 'Linked', venue: 999999, start_date: 'now', end_date: 'now' },
      }),
    'venue',
    { code: 'not-a-venue' },
  ],
  [
    'an unknown author',
    (t) => t.admin('POST', `${API}/events`, { body: { title: 'By', author: 999, start_date: 'now', end_date: 'now' } }),
    'author',
    { code: 'unknown-user' },
  ],
  [
    'an organizer email that is no address',
    (t) => t.admin('POST', `${API}/organizers`, { body: { organizer: 'Mail', email: 'nobody' } }),
    'email',
    { code: 'not-an-email' },
  ],
  ['an unknown venue id route', (t) => t.request('GET', `${API}/venues/999999`), 'id', { code: 'unknown-venue' }],
  ['an unknown slug', (t) => t.request('GET', `${API}/events/by-slug/nothing-here`), 'slug', { code: 'unknown-slug' }],
  [
    'an unknown language',
    (t) => t.request('GET', `${API}/events?i18n_language=fr`),
    'i18n_language',
    { code: 'not-in-list', allowed: ['ca', 'en', 'es'] },
  ],
];

describe('reasons of refused parameters', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
    await createEvent(t, { title: 'Something to list' });
  });
  after(async () => t.close());

  for (const [what, request, name, reason] of cases) {
    it(`${what}: ${name} → ${reason.code}, in en, ca and es`, async () => {
      for (const [language, prefix] of [
        ['en', ''],
        ['ca', '/ca'],
        ['es', '/es'],
      ] as const) {
        const res = await request({
          ...t,
          request: (m, p, o) => t.request(m, prefix + p, o),
          admin: (m, p, o) => t.admin(m, prefix + p, o),
        });
        expect(res.status, `${language}: ${JSON.stringify(res.body)}`).to.equal(400);
        const body = bodyOf(res as never);
        expect(body.code).to.equal('rest_invalid_param');
        const data = asObject(body.data);
        const text = reasonText(reason, language);
        expect(asObject(data.params)[name], language).to.equal(text);
        expect(asObject(data.details)[name], language).to.deep.equal({
          code: reason.code,
          message: text,
          data: { status: 400 },
        });
      }
    });
  }

  it('words every reason in the three languages, each language its own, with its limits filled in', () => {
    const samples: ParamReason[] = [
      { code: 'too-long', limit: 200 },
      { code: 'too-many-entries', limit: 100 },
      { code: 'not-in-list', allowed: ['a', 'b'] },
      { code: 'language-mismatch', value: 'es' },
    ];
    for (const reason of samples) {
      const texts = (['en', 'ca', 'es'] as const).map((language) => reasonText(reason, language));
      expect(new Set(texts).size).to.equal(3);
      for (const text of texts) expect(text).to.not.match(/\{\w+\}/);
    }
    expect(reasonText({ code: 'too-long', limit: 200 }, 'en')).to.equal('Too long: at most 200 characters.');
    expect(reasonText({ code: 'too-long', limit: 200 }, 'es')).to.equal('Demasiado largo: como máximo 200 caracteres.');
  });
});

// Specifies that website addresses are http(s) only, and that `json_ld` is written script-safe (`<`, `>`, `/`
// escaped) wherever it is answered, so neither can carry script into a page that shows or embeds them.
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import { API, bodyOf, expectError, type JsonObject } from '../events/support/eventsApi.ts';
import { stringifyBody } from '../../../src/http/representation/jsonLdText.ts';

const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };
const refusedWebsites = [
  'javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'JavaScript://x%0Aalert(document.cookie)',
  'data://text/html,<script>alert(1)</script>',
  'vbscript://x',
  'file:///etc/passwd',
  'ftp://example.com/',
];
const hostile = '</script><script>alert(1)</script>';

function expectWebsiteRefused(res: TestResponse, name: string): void {
  const data = expectError(res, 400, 'rest_invalid_param');
  expect(Object.keys(data.params as JsonObject), res.text).to.deep.equal([name]);
}

/** The raw texts of the `json_ld` members of a response, each from its `"json_ld":` to its closing brace. */
function jsonLdTexts(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('"json_ld":{'); start >= 0; start = text.indexOf('"json_ld":{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start + '"json_ld":'.length; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        found.push(text.slice(start, i + 1));
        break;
      }
    }
  }
  return found;
}

describe('website URLs and json_ld output', function () {
  this.timeout(60_000);
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  describe('website accepts http(s) addresses only', () => {
    it('refuses other schemes on every write that takes a website, and writes nothing', async () => {
      const venue = bodyOf(await t.admin('POST', `${API}/venues`, { body: { venue: 'URL hall' } }));
      const organizer = bodyOf(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'URL org' } }));
      const event = bodyOf(await t.admin('POST', `${API}/events`, { body: { title: 'URL event', ...when } }));
      const before = await t.service.store.headPosition();
      for (const website of refusedWebsites) {
        expectWebsiteRefused(
          await t.admin('POST', `${API}/events`, { body: { title: 'Bad site', ...when, website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('PATCH', `${API}/events/${event.id as number}`, { body: { website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('POST', `${API}/venues`, { body: { venue: 'Bad hall', website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('PUT', `${API}/venues/${venue.id as number}`, { body: { website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Bad org', website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('PATCH', `${API}/organizers/${organizer.id as number}`, { body: { website } }),
          'website',
        );
        expectWebsiteRefused(
          await t.admin('POST', `${API}/events`, {
            body: { title: 'Inline', ...when, venue: { venue: 'Inline hall', website } },
          }),
          'venue',
        );
        expectWebsiteRefused(
          await t.admin('POST', `${API}/events`, {
            body: { title: 'Inline', ...when, organizer: { organizer: 'Inline org', website } },
          }),
          'organizer',
        );
      }
      expect(await t.service.store.headPosition(), 'nothing was written').to.equal(before);
    });

    it("gives the reason in the request's language, with the not-a-url code", async () => {
      const res = await t.admin('POST', `/ca${API}/venues`, {
        body: { venue: 'Sala', website: 'javascript:alert(1)' },
      });
      const data = expectError(res, 400, 'rest_invalid_param');
      expect((data.params as JsonObject).website).to.equal(
        'Ha de ser una adreça http o https absoluta amb servidor, com ara https://example.com/, o ' +
          'buit per a treure-la.',
      );
      expect(((data.details as JsonObject).website as JsonObject).code).to.equal('not-a-url');
      const en = await t.admin('POST', `${API}/venues`, { body: { venue: 'Hall', website: 'data://x' } });
      expect((expectError(en, 400, 'rest_invalid_param').params as JsonObject).website).to.match(
        /^Must be an absolute http or https address/,
      );
    });

    it('accepts http and https addresses, in any letter case, and "" to remove', async () => {
      for (const website of ['https://example.com/a?b=c#d', 'http://example.com', 'HTTPS://Example.com/X']) {
        const res = await t.admin('POST', `${API}/organizers`, { body: { organizer: `Org ${website}`, website } });
        expect(res.status, res.text).to.equal(201);
        expect(bodyOf(res).website).to.equal(website);
        const cleared = await t.admin('PATCH', `${API}/organizers/${bodyOf(res).id as number}`, {
          body: { website: '' },
        });
        expect(cleared.status, cleared.text).to.equal(200);
      }
    });
  });

  describe('json_ld is written script-safe', () => {
    let eventId: number;
    let venueId: number;
    let organizerId: number;
    let slug: string;
    before(async () => {
      venueId = bodyOf(
        await t.admin('POST', `${API}/venues`, {
          body: { venue: `Hall ${hostile}`, website: 'https://example.com/a/b' },
        }),
      ).id as number;
      organizerId = bodyOf(
        await t.admin('POST', `${API}/organizers`, {
          body: { organizer: `Org ${hostile}`, website: 'https://example.com/o' },
        }),
      ).id as number;
      const event = bodyOf(
        await t.admin('POST', `${API}/events`, {
          body: { title: `Party ${hostile}`, ...when, venue: venueId, organizer: organizerId },
        }),
      );
      eventId = event.id as number;
      slug = event.slug as string;
    });

    const expectScriptSafe = (res: TestResponse, name: string, members: number) => {
      expect(res.status, res.text).to.equal(200);
      const texts = jsonLdTexts(res.text);
      expect(texts, name).to.have.length(members);
      for (const text of texts) {
        expect(text, name).not.to.match(/[<>]/);
        expect(text, name).not.to.match(/[^\\]\//);
        expect(text, name).to.include('\\u003C\\/script\\u003E');
      }
    };

    it(
      'in single reads of events (by id, by slug, as of a point), venues and organizers, embedded ' + 'ones included',
      async () => {
        const single = await t.request('GET', `${API}/events/${eventId}`);
        expectScriptSafe(single, 'event', 3);
        const parsed = bodyOf(single);
        // The same values for any JSON parser: only the bytes differ.
        expect((parsed.json_ld as JsonObject).name).to.equal(`Party ${hostile}`);
        expect(((parsed.json_ld as JsonObject).location as JsonObject).sameAs).to.equal('https://example.com/a/b');
        expect(((parsed.venue as JsonObject).json_ld as JsonObject).name).to.equal(`Hall ${hostile}`);
        expectScriptSafe(await t.request('GET', `${API}/events/by-slug/${slug}`), 'by slug', 3);
        expectScriptSafe(
          await t.request('GET', `${API}/events/${eventId}?as_of=${String(await t.service.store.headPosition())}`),
          'as_of',
          3,
        );
        expectScriptSafe(await t.request('GET', `${API}/venues/${venueId}`), 'venue', 1);
        expectScriptSafe(await t.request('GET', `${API}/organizers/${organizerId}`), 'organizer', 1);
      },
    );

    it('leaves the rest of the answer as it was: text outside json_ld and list pages keep their bytes', async () => {
      const single = await t.request('GET', `${API}/events/${eventId}`);
      const beforeJsonLd = single.text.slice(0, single.text.indexOf('"json_ld":'));
      expect(beforeJsonLd).to.include(`"title":"Party ${hostile.replace(/"/g, '\\"')}"`);
      const list = await t.request('GET', `${API}/events`);
      expect(list.text).to.equal(JSON.stringify(bodyOf(list)));
      expect(list.text).not.to.include('json_ld');
    });

    it('answers a conditional read of the escaped text with 304 on its ETag', async () => {
      const single = await t.request('GET', `${API}/events/${eventId}`);
      const again = await t.request('GET', `${API}/events/${eventId}`, {
        headers: { 'if-none-match': single.headers.get('etag') as string },
      });
      expect(again.status).to.equal(304);
    });

    it('in the event page, whose <script type="application/ld+json"> the title cannot close', async () => {
      const page = await t.request('GET', `/event/${slug}/`);
      expect(page.status, page.text.slice(0, 300)).to.equal(200);
      const scripts = page.text.match(/<script[^>]*>/g) ?? [];
      expect(page.text).not.to.include('<script>alert(1)');
      expect(
        scripts.filter((s) => s === '<script>'),
        'no script element from the title',
      ).to.deep.equal([]);
    });
  });

  describe('stringifyBody', () => {
    it('escapes / < > in every json_ld member and nowhere else; stored text cannot forge the marker', () => {
      const body = {
        a: '</x>',
        json_ld: { b: '</y>', c: [1, { d: 'e/f' }] },
        venue: [{ json_ld: { n: '<z>' } }],
        fake: '\u0000json_ld:0',
      };
      const text = stringifyBody(body);
      expect(JSON.parse(text)).to.deep.equal(body);
      expect(text).to.equal(
        '{"a":"</x>","json_ld":{"b":"\\u003C\\/y\\u003E","c":[1,{"d":"e\\/f"}]},' +
          '"venue":[{"json_ld":{"n":"\\u003Cz\\u003E"}}],"fake":"\\u0000json_ld:0"}',
      );
      expect(stringifyBody({ a: 1 })).to.equal('{"a":1}');
    });

    it('writes a single item (one json_ld, at the top) the same, whatever its other texts hold', () => {
      const body = {
        title: '</x> "json_ld":{ \u0000json_ld:0',
        json_ld: { name: '</script>', offers: [{ url: 'https://x/y' }] },
        venue: { json_ld_like: '<b>', items: ['"json_ld":['] },
      };
      const text = stringifyBody(body);
      expect(JSON.parse(text)).to.deep.equal(body);
      expect(text).to.equal(
        '{"title":"</x> \\"json_ld\\":{ \\u0000json_ld:0",' +
          '"json_ld":{"name":"\\u003C\\/script\\u003E","offers":[{"url":"https:\\/\\/x\\/y"}]},' +
          '"venue":{"json_ld_like":"<b>","items":["\\"json_ld\\":["]}}',
      );
      const withDate = { at: new Date(0), venue: [{ json_ld: { n: '</z>' } }] };
      expect(stringifyBody(withDate)).to.equal(
        '{"at":"1970-01-01T00:00:00.000Z","venue":[{"json_ld":{"n":"\\u003C\\/z\\u003E"}}]}',
      );
    });
  });
});

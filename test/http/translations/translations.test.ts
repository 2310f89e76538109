// Specifies `translation_of` on create and the `language` / `translations` keys (docs/api.md §15 "Translations").
import { expect } from 'chai';
import { startTestService, type TestResponse, type TestService } from '../../support/testService.ts';
import { API, bodyOf, expectError, type JsonObject } from '../events/support/eventsApi.ts';

const ES = `/es${API}`;
const CA = `/ca${API}`;
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

function expectInvalidTranslationOf(res: TestResponse): void {
  expectError(res, 400, 'rest_invalid_param');
  expect(Object.keys((bodyOf(res).data as { params: JsonObject }).params)).to.deep.equal(['translation_of']);
}

describe('translations (translation_of, language, translations)', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  const created = async (path: string, body: JsonObject): Promise<JsonObject> => {
    const res = await t.admin('POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };
  const read = async (path: string): Promise<JsonObject> => bodyOf(await t.request('GET', path));

  describe('events', () => {
    let en: JsonObject;
    let es: JsonObject;
    before(async () => {
      en = await created(`${API}/events`, { title: 'Concert', ...when });
      es = await created(`${ES}/events`, { title: 'Concierto', ...when, translation_of: en.id as number });
    });

    it('an untranslated item ends with language and an empty translations object', async () => {
      const alone = await created(`${API}/events`, { title: 'Alone', ...when });
      expect(Object.keys(alone).slice(-2)).to.deep.equal(['language', 'translations']);
      expect(alone).to.deep.include({ language: 'en', translations: {} });
    });

    it('links both members of the group, in the write response and in later reads', async () => {
      expect(es).to.deep.include({ language: 'es', translations: { en: en.id } });
      expect(await read(`${API}/events/${en.id as number}`)).to.deep.include({
        language: 'en',
        translations: { es: es.id },
      });
      const single = await read(`${API}/events/${es.id as number}`);
      expect(Object.keys(single).slice(-3)).to.deep.equal(['json_ld', 'language', 'translations']);
      const listed = (await read(`${ES}/events`)).events as JsonObject[];
      expect(listed.find((e) => e.id === es.id)).to.deep.include({ translations: { en: en.id } });
    });

    it('a third language joins through any member and lists the others in the order ca, en, es', async () => {
      const ca = await created(`${CA}/events`, { title: 'Concert (ca)', ...when, translation_of: es.id as number });
      expect(ca.translations).to.deep.equal({ en: en.id, es: es.id });
      expect(Object.keys((await read(`${API}/events/${en.id as number}`)).translations as JsonObject)).to.deep.equal([
        'ca',
        'es',
      ]);
    });

    it(
      'refuses an unknown id, another kind, the same language and a language already in the ' +
        'group, before permission',
      async () => {
        const venue = await created(`${API}/venues`, { venue: 'Not an event' });
        expectInvalidTranslationOf(
          await t.admin('POST', `${ES}/events`, { body: { title: 'x', ...when, translation_of: 999999 } }),
        );
        expectInvalidTranslationOf(
          await t.admin('POST', `${ES}/events`, { body: { title: 'x', ...when, translation_of: venue.id as number } }),
        );
        expectInvalidTranslationOf(
          await t.admin('POST', `${API}/events`, { body: { title: 'x', ...when, translation_of: en.id as number } }),
        );
        expectInvalidTranslationOf(
          await t.admin('POST', `${ES}/events`, { body: { title: 'x', ...when, translation_of: en.id as number } }),
        );
        expectInvalidTranslationOf(
          await t.request('POST', `${ES}/events`, { body: { title: 'x', ...when, translation_of: 'abc' } }),
        );
      },
    );

    it('trashing a member removes it from its group, and frees its language', async () => {
      const fr = await created(`${API}/events`, { title: 'Festival', ...when });
      const fes = await created(`${ES}/events`, { title: 'Festival (es)', ...when, translation_of: fr.id as number });
      const trashed = await t.admin('DELETE', `${API}/events/${fes.id as number}`);
      expect(trashed.status).to.equal(200);
      expect(trashed.body).to.deep.include({ status: 'trash', translations: {} });
      expect((await read(`${API}/events/${fr.id as number}`)).translations).to.deep.equal({});
      const again = await created(`${ES}/events`, {
        title: 'Festival (es) 2',
        ...when,
        translation_of: fr.id as number,
      });
      expect(again.translations).to.deep.equal({ en: fr.id });
    });
  });

  describe('venues', () => {
    it('links a Spanish venue to an English one, refuses a second Spanish one, and unlinks on trash', async () => {
      const en = await created(`${API}/venues`, { venue: 'Hall' });
      const es = await created(`${ES}/venues`, { venue: 'Sala', translation_of: en.id as number });
      expect(es).to.deep.include({ language: 'es', translations: { en: en.id } });
      expect(Object.keys(es).slice(-4)).to.deep.equal(['global_id', 'global_id_lineage', 'language', 'translations']);
      expect(await read(`${API}/venues/${en.id as number}`)).to.deep.include({ translations: { es: es.id } });
      expectInvalidTranslationOf(
        await t.admin('POST', `${ES}/venues`, { body: { venue: 'Sala 2', translation_of: en.id as number } }),
      );
      expectInvalidTranslationOf(
        await t.admin('POST', `${ES}/venues`, { body: { venue: 'Sala 3', translation_of: 999999 } }),
      );
      expect((await t.admin('DELETE', `${API}/venues/${es.id as number}`)).status).to.equal(200);
      expect((await read(`${API}/venues/${en.id as number}`)).translations).to.deep.equal({});
    });

    it('embeds venues in events with their own translations', async () => {
      const en = await created(`${API}/venues`, { venue: 'Arena' });
      const es = await created(`${ES}/venues`, { venue: 'Arena (es)', translation_of: en.id as number });
      const event = await created(`${API}/events`, { title: 'At the arena', ...when, venue: en.id as number });
      expect(event.venue).to.deep.include({ language: 'en', translations: { es: es.id } });
    });
  });

  describe('categories', () => {
    it('links a Spanish category to an English one, embeds it in events, and unlinks on delete', async () => {
      const en = await created(`${API}/categories`, { name: 'Music' });
      const es = await created(`${ES}/categories`, { name: 'Música', translation_of: en.id as number });
      expect(es).to.deep.include({ language: 'es', translations: { en: en.id } });
      expect(Object.keys(es).slice(-3)).to.deep.equal(['urls', 'language', 'translations']);
      expect(await read(`${API}/categories/${en.id as number}`)).to.deep.include({ translations: { es: es.id } });
      const tag = await created(`${API}/tags`, { name: 'a tag' });
      expectInvalidTranslationOf(
        await t.admin('POST', `${ES}/categories`, { body: { name: 'Otra', translation_of: tag.id as number } }),
      );
      expectInvalidTranslationOf(
        await t.admin('POST', `${ES}/categories`, { body: { name: 'Música 2', translation_of: en.id as number } }),
      );
      const event = await created(`${API}/events`, { title: 'Gig', ...when, categories: [en.id as number] });
      expect((event.categories as JsonObject[])[0]).to.deep.include({ language: 'en', translations: { es: es.id } });
      expect((await t.admin('DELETE', `${API}/categories/${es.id as number}?force=true`)).status).to.equal(200);
      expect((await read(`${API}/categories/${en.id as number}`)).translations).to.deep.equal({});
    });
  });
});

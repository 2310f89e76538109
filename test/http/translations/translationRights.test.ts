// Specifies who may join a translation group and who sees its members (docs/api.md §15 "Translations"): joining takes
// the right to edit the item `translation_of` names, and `translations` lists only members the caller may read.
import { expect } from 'chai';
import { startRoleService, type RoleTestService, type Who } from '../../support/roleService.ts';
import { API, bodyOf, expectError, type JsonObject } from '../events/support/eventsApi.ts';

const ES = `/es${API}`;
const CA = `/ca${API}`;
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

describe('translation rights: translation_of and the translations a caller is shown', function () {
  this.timeout(60_000);
  let t: RoleTestService;
  before(async () => {
    t = await startRoleService();
  });
  after(async () => t.close());

  const created = async (who: Who, path: string, body: JsonObject): Promise<JsonObject> => {
    const res = await t.by(who, 'POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res);
  };
  const claimStream = (kind: string, root: number, language: string) =>
    t.service.store.readStream(`translation-${kind}-${root}-${language}`);

  describe('translation_of takes the right to edit the item it names', () => {
    for (const [plural, kind, body] of [
      ['events', 'event', (name: string) => ({ title: name, ...when })],
      ['venues', 'venue', (name: string) => ({ venue: name })],
      ['organizers', 'organizer', (name: string) => ({ organizer: name })],
    ] as const) {
      it(
        `${plural}: a contributor cannot attach a draft to an editor's item (403, no claim); the ` +
          `editor's own translation then joins`,
        async () => {
          const original = await created('editor', `${API}/${plural}`, body(`Editor's ${kind}`));
          const id = original.id as number;
          const refused = await t.by('contributor', 'POST', `${ES}/${plural}`, {
            body: { ...body(`Squatter ${kind}`), translation_of: id },
          });
          expectError(refused, 403, 'rest_forbidden', 'Lo siento, no tienes permiso para hacer eso.');
          expect(await claimStream(kind, id, 'es'), 'claim left behind').to.deep.equal([]);
          expect(await claimStream(kind, id, 'en'), 'claim left behind').to.deep.equal([]);
          const listed = await t.by('contributor', 'GET', `${ES}/${plural}?search=Squatter`);
          expect(bodyOf(listed).total, 'nothing was created').to.equal(0);

          const real = await created('editor', `${ES}/${plural}`, { ...body(`Real ${kind} (es)`), translation_of: id });
          expect(real.translations).to.deep.equal({ en: id });
        },
      );
    }

    it(
      "probing another author's draft by id answers 403 whatever its group holds; an anonymous " + 'caller gets 401',
      async () => {
        const draft = await created('author', `${API}/events`, { title: 'Secret plan', status: 'draft', ...when });
        const id = draft.id as number;
        await created('author', `${ES}/events`, {
          title: 'Plan secreto',
          status: 'draft',
          ...when,
          translation_of: id,
        });
        // A free language and a taken one answer alike: the group's languages are not the prober's to learn.
        for (const prefix of [ES, CA]) {
          const probe = await t.by('contributor', 'POST', `${prefix}/events`, {
            body: { title: 'Probe', ...when, translation_of: id },
          });
          expect(probe.status, `${prefix}: ${probe.text}`).to.equal(403);
          expect(bodyOf(probe).code).to.equal('rest_forbidden');
        }
        expect(await claimStream('event', id, 'ca')).to.deep.equal([]);
        const anonymous = await t.by('anonymous', 'POST', `${CA}/events`, {
          body: { title: 'Probe', ...when, translation_of: id },
        });
        expectError(anonymous, 401, 'rest_forbidden');
        const subscriber = await t.by('subscriber', 'POST', `${CA}/events`, {
          body: { title: 'Probe', ...when, translation_of: id },
        });
        expectError(subscriber, 403, 'rest_forbidden');
      },
    );

    it('a contributor may translate their own draft, and an author their own published event', async () => {
      const mine = await created('contributor', `${API}/events`, { title: 'My draft', ...when });
      const translated = await created('contributor', `${ES}/events`, {
        title: 'Mi borrador',
        ...when,
        translation_of: mine.id as number,
      });
      expect(translated.translations).to.deep.equal({ en: mine.id });
      const own = await created('author', `${API}/venues`, { venue: 'Own hall' });
      expect(
        (await created('author', `${CA}/venues`, { venue: 'Sala pròpia', translation_of: own.id as number }))
          .translations,
      ).to.deep.equal({ en: own.id });
    });
  });

  describe('translations lists only the members the caller may read', () => {
    let en: JsonObject;
    let es: JsonObject;
    before(async () => {
      en = await created('author', `${API}/events`, { title: 'Open day', ...when });
      es = await created('author', `${ES}/events`, {
        title: 'Jornada (borrador)',
        status: 'draft',
        ...when,
        translation_of: en.id as number,
      });
    });

    const shown = async (who: Who, path: string, password?: string): Promise<unknown> => {
      const res = await t.by(who, 'GET', password === undefined ? path : `${path}?password=${password}`);
      expect(res.status, res.text).to.equal(200);
      return bodyOf(res).translations;
    };
    const listedTranslations = async (who: Who): Promise<unknown> => {
      const res = await t.by(who, 'GET', `${API}/events?search=Open%20day`);
      expect(res.status, res.text).to.equal(200);
      const found = (bodyOf(res).events as JsonObject[]).find((e) => e.id === en.id);
      expect(found, `${who} lists the published event`).not.to.equal(undefined);
      return found?.translations;
    };

    it(
      "single reads: the draft's id is shown to its author and editors, not to anonymous callers, " +
        'subscribers or contributors',
      async () => {
        const path = `${API}/events/${en.id as number}`;
        for (const who of ['anonymous', 'subscriber', 'contributor'] as const)
          expect(await shown(who, path), who).to.deep.equal({});
        for (const who of ['author', 'editor', 'admin'] as const)
          expect(await shown(who, path), who).to.deep.equal({ es: es.id });
      },
    );

    it(
      'list pages, whichever caller asks first: the anonymous page kept as bytes never carries ' +
        'the draft, nor hides it from editors',
      async () => {
        for (const who of [
          'anonymous',
          'admin',
          'anonymous',
          'contributor',
          'author',
          'anonymous',
          'subscriber',
          'editor',
        ] as const) {
          expect(await listedTranslations(who), who).to.deep.equal(
            who === 'admin' || who === 'author' || who === 'editor' ? { es: es.id } : {},
          );
        }
      },
    );

    it('once the translation is published, everyone is shown it', async () => {
      const published = await t.by('author', 'PATCH', `${ES}/events/${es.id as number}`, {
        body: { status: 'publish' },
      });
      expect(published.status, published.text).to.equal(200);
      for (const who of ['anonymous', 'contributor', 'author'] as const) {
        expect(await listedTranslations(who), who).to.deep.equal({ es: es.id });
        expect(await shown(who, `${API}/events/${en.id as number}`), who).to.deep.equal({ es: es.id });
      }
    });

    it('venues embedded in an event are shown with the translations the caller may read', async () => {
      const hall = await created('editor', `${API}/venues`, { venue: 'Translated hall' });
      const draftHall = await created('editor', `${ES}/venues`, {
        venue: 'Sala (borrador)',
        status: 'draft',
        translation_of: hall.id as number,
      });
      const event = await created('editor', `${API}/events`, {
        title: 'At the hall',
        ...when,
        venue: hall.id as number,
      });
      const venueOf = async (who: Who) =>
        (bodyOf(await t.by(who, 'GET', `${API}/events/${event.id as number}`)).venue as JsonObject).translations;
      expect(await venueOf('anonymous')).to.deep.equal({});
      expect(await venueOf('editor')).to.deep.equal({ es: draftHall.id });
      expect(await shown('anonymous', `${API}/venues/${hall.id as number}`)).to.deep.equal({});
      expect(await shown('editor', `${API}/venues/${hall.id as number}`)).to.deep.equal({ es: draftHall.id });
    });
  });
});

// Specifies languages on venue/organizer routes (§15): translated messages, language-scoped lists and slugs, addresses.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createItem,
  createVenue,
  expectError,
  expectInvalidParams,
  itemIdsOf,
  startItemService,
  type ItemTestService,
} from './support/itemsApi.ts';

const ES = '/es/cal/events/v1';
const CA = '/ca/cal/events/v1';

describe('venue and organizer languages', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('translates validation, permission and state errors', async () => {
    const res = await t.request('GET', `${ES}/venues/999999`);
    expect(res.body).to.deep.equal({
      code: 'rest_invalid_param',
      message: 'Parámetros no válidos: id',
      data: {
        status: 400,
        params: { id: 'No corresponde a ningún lugar existente.' },
        details: {
          id: { code: 'unknown-venue', message: 'No corresponde a ningún lugar existente.', data: { status: 400 } },
        },
      },
    });
    expectError(
      await t.request('POST', `${ES}/organizers`, { body: { organizer: 'X' } }),
      401,
      'rest_forbidden',
      'Lo siento, no tienes permiso para hacer eso.',
    );
    expectError(
      await t.admin('POST', `${CA}/venues`, { body: {} }),
      400,
      'rest_missing_callback_param',
      'Falten paràmetres: venue',
    );
    expectError(
      await t.request('GET', `${CA}/venues?page=2`),
      404,
      'venue-archive-page-not-found',
      "La pàgina de l'arxiu de llocs sol·licitada no existeix",
    );
    expectError(
      await t.request('GET', `/cal/events/v1/organizers?page=2&i18n_language=es`),
      404,
      'organizer-archive-page-not-found',
      'La página del archivo de organizadores solicitada no existe',
    );
  });

  it('translates 403 and 410 on items of any language (by id)', async () => {
    const draft = await createVenue(t, { venue: 'Draft Lang', status: 'draft' });
    expectError(
      await t.request('GET', `${ES}/venues/${draft.id as number}`),
      403,
      'venue-not-accessible',
      'El lugar solicitado no es accesible',
    );
    await t.admin('DELETE', `${API}/venues/${draft.id as number}`);
    expectError(
      await t.admin('DELETE', `${CA}/venues/${draft.id as number}`),
      410,
      'venue-is-in-trash',
      'El lloc ja és a la paperera',
    );
    const org = await createItem(t, 'organizers', { organizer: 'Trash Lang' });
    await t.admin('DELETE', `${API}/organizers/${org.id as number}`);
    expectError(
      await t.admin('DELETE', `${API}/organizers/${org.id as number}?i18n_language=es`),
      410,
      'organizer-is-in-trash',
      'El organizador ya está en la papelera',
    );
  });

  it('refuses an unknown language or one differing from the segment, in the segment language', async () => {
    const fr = await t.request('GET', `${API}/venues?i18n_language=fr`);
    expect(fr.body).to.deep.equal({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): i18n_language',
      data: {
        status: 400,
        params: { i18n_language: 'Must be one of: ca, en, es.' },
        details: {
          i18n_language: { code: 'not-in-list', message: 'Must be one of: ca, en, es.', data: { status: 400 } },
        },
      },
    });
    const clash = await t.request('GET', `${ES}/organizers?i18n_language=ca`);
    expect((clash.body as { message: string }).message).to.equal('Parámetros no válidos: i18n_language');
    expectError(await t.request('GET', '/fr/cal/events/v1/venues'), 404, 'rest_no_route');
  });

  it('lists only the items of the request language, with addresses under the segment', async () => {
    const en = await createVenue(t, { venue: 'Main Hall', city: 'Springfield' });
    const es = await createItem(t, 'venues', { venue: 'Main Hall', city: 'Springfield' }, 'admin', ES);
    expect(es.id).to.not.equal(en.id);
    expect(es).to.include({
      slug: 'main-hall',
      url: 'http://localhost:8080/es/venue/main-hall/',
      global_id: `localhost?id=${es.id as number}`,
    });
    const esList = await t.request('GET', `${ES}/venues`);
    expect(itemIdsOf(esList, 'venues')).to.deep.equal([es.id]);
    expect(bodyOf(esList)).to.include({
      total: 1,
      rest_url: 'http://localhost:8080/es/cal/events/v1/venues/?page=1&per_page=10&status=publish',
    });
    expect(itemIdsOf(await t.request('GET', `${API}/venues`), 'venues')).to.deep.equal([en.id]);
    expect(itemIdsOf(await t.request('GET', `${API}/venues?i18n_language=es`), 'venues')).to.deep.equal([es.id]);
    expect(bodyOf(await t.request('GET', `${CA}/venues`)).total).to.equal(0);
  });

  it('resolves slugs within the request language; by-id routes answer whatever the language', async () => {
    const en = await createItem(t, 'organizers', { organizer: 'Twin Org', phone: '1' });
    const ca = await createItem(t, 'organizers', { organizer: 'Twin Org', phone: '1' }, 'admin', CA);
    expect(bodyOf(await t.request('GET', `${CA}/organizers/by-slug/twin-org`)).id).to.equal(ca.id);
    expect(bodyOf(await t.request('GET', `${API}/organizers/by-slug/twin-org`)).id).to.equal(en.id);
    expect((await t.request('GET', `${ES}/organizers/by-slug/twin-org`)).body).to.deep.equal({
      code: 'rest_invalid_param',
      message: 'Parámetros no válidos: slug',
      data: {
        status: 400,
        params: { slug: 'Ningún elemento de este tipo tiene este slug en el idioma de la solicitud.' },
        details: {
          slug: {
            code: 'unknown-slug',
            message: 'Ningún elemento de este tipo tiene este slug en el idioma de la solicitud.',
            data: { status: 400 },
          },
        },
      },
    });
  });

  it('by id, an item of another language answers with addresses under the request segment', async () => {
    const en = await createVenue(t, { venue: 'Cross Hall' });
    const res = await t.request('GET', `${ES}/venues/${en.id as number}`);
    expect(res.status).to.equal(200);
    expect(bodyOf(res).url).to.equal('http://localhost:8080/es/venue/cross-hall/');
    expectError(
      await t.admin('PATCH', `${CA}/venues/by-slug/cross-hall`, { body: { city: 'x' } }),
      400,
      'rest_invalid_param',
      'Paràmetres no vàlids: slug',
    );
    expectInvalidParams(await t.admin('DELETE', `${API}/venues/by-slug/sala-grupo-none`), 'slug');
  });
});

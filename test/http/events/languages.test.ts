// Specifies language selection on the events routes: translated error
// texts and language-carrying addresses (docs/api.md §15, E10).
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  asObject,
  bodyOf,
  createEvent,
  expectError,
  expectInvalidParams,
  type JsonObject,
} from './support/eventsApi.ts';

const basic = (login: string, password: string): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('Events routes in Catalan and Spanish', () => {
  let t: TestService;
  let event: JsonObject;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
    event = await createEvent(t, {
      title: 'Polyglot',
      start_date: '2026-11-25 10:00:00',
      end_date: '2026-11-25 12:00:00',
    });
  });
  after(async () => t.close());

  describe('error messages', () => {
    it('answers an unknown event in Spanish through the segment or the parameter, identically (E10)', async () => {
      const bySegment = await t.request('GET', `/es${API}/events/999999`);
      expectError(bySegment, 404, 'rest-event-not-found', 'El evento con ID 999999 no existe.');
      const byParameter = await t.request('GET', `${API}/events/999999?i18n_language=es`);
      expect(byParameter.body).to.deep.equal(bySegment.body);
    });

    it('answers an unknown event in Catalan', async () => {
      expectError(
        await t.request('GET', `${API}/events/999999?i18n_language=ca`),
        404,
        'rest-event-not-found',
        "L'esdeveniment amb l'ID 999999 no existeix.",
      );
    });

    it('translates the invalid-parameter message and reasons, never the names or codes', async () => {
      const res = await t.request('GET', `${API}/events?page=0&i18n_language=ca`);
      expect(res.body).to.deep.equal({
        code: 'rest_invalid_param',
        message: 'Paràmetres no vàlids: page',
        data: {
          status: 400,
          params: { page: 'Ha de ser un nombre enter igual o superior a 1.' },
          details: {
            page: {
              code: 'not-a-positive-integer',
              message: 'Ha de ser un nombre enter igual o superior a 1.',
              data: { status: 400 },
            },
          },
        },
      });
    });

    it('translates specific reasons inside details', async () => {
      const res = await t.request('GET', `/es${API}/events?ticketed=true`);
      const reason = 'La venta de entradas no está disponible.';
      expect(res.body).to.deep.equal({
        code: 'rest_invalid_param',
        message: 'Parámetros no válidos: ticketed',
        data: {
          status: 400,
          params: { ticketed: reason },
          details: { ticketed: { code: 'event-tickets-not-active', message: reason, data: { status: 400 } } },
        },
      });
    });

    it('translates the end-before-start reason', async () => {
      const res = await t.admin('POST', `/ca${API}/events`, {
        body: { title: 'Backwards', start_date: '2026-11-25 12:00:00', end_date: '2026-11-25 10:00:00' },
      });
      const data = expectError(res, 400, 'rest_invalid_param', 'Paràmetres no vàlids: end_date');
      const reason = "La data de finalització no pot ser anterior a la data d'inici.";
      expect(data.params).to.deep.equal({ end_date: reason });
      expect(data.details).to.deep.equal({
        end_date: { code: 'event-end-before-start', message: reason, data: { status: 400 } },
      });
    });

    it('translates missing parameters, permission, trash and routing errors', async () => {
      expectError(
        await t.admin('POST', `/es${API}/events`, {
          body: { start_date: '2026-11-25 10:00:00', end_date: '2026-11-25 12:00:00' },
        }),
        400,
        'rest_missing_callback_param',
        'Faltan parámetros: title',
      );
      expectError(
        await t.request('DELETE', `/es${API}/events/${String(event.id)}`),
        401,
        'rest_forbidden',
        'Lo siento, no tienes permiso para hacer eso.',
      );
      expectError(
        await t.request('GET', `/ca${API}/nowhere`),
        404,
        'rest_no_route',
        "No s'ha trobat cap ruta que coincideixi amb l'URL i el mètode de la sol·licitud.",
      );
      const binned = await createEvent(t, { title: 'Binned polyglot' });
      await t.admin('DELETE', `${API}/events/${String(binned.id)}`);
      expectError(
        await t.request('GET', `${API}/events/${String(binned.id)}?i18n_language=ca`),
        403,
        'event-no-longer-available',
        'Aquest esdeveniment ja no està disponible',
      );
      expectError(
        await t.admin('DELETE', `/es${API}/events/${String(binned.id)}`),
        410,
        'event-is-in-trash',
        'El evento ya está en la papelera',
      );
    });

    it('translates credential errors by the segment, before routing', async () => {
      expectError(
        await t.request('GET', `/es${API}/events`, { auth: basic('admin', 'wrong') }),
        401,
        'incorrect_password',
        'El nombre de usuario o la contraseña no son correctos.',
      );
      expectError(
        await t.request('GET', `/ca${API}/events`, { auth: basic('ghost', 'x') }),
        401,
        'incorrect_password',
        "El nom d'usuari o la contrasenya no són correctes.",
      );
    });
  });

  describe('selection', () => {
    it('takes i18n_language from a JSON body too', async () => {
      const res = await t.admin('POST', `${API}/events`, {
        body: { i18n_language: 'ca', end_date: '2026-12-01 11:00:00' },
      });
      expectError(res, 400, 'rest_missing_callback_param', 'Falten paràmetres: title, start_date');
    });

    it('refuses an unsupported i18n_language with 400 in English', async () => {
      expectInvalidParams(await t.request('GET', `${API}/events?i18n_language=fr`), 'i18n_language');
      expectInvalidParams(
        await t.request('GET', `${API}/events/${String(event.id)}?i18n_language=fr`),
        'i18n_language',
      );
    });

    it('refuses a parameter that disagrees with the segment, in the segment’s language', async () => {
      const res = await t.request('GET', `/es${API}/events?i18n_language=ca`);
      expect(res.body).to.deep.equal({
        code: 'rest_invalid_param',
        message: 'Parámetros no válidos: i18n_language',
        data: {
          status: 400,
          params: {
            i18n_language: 'No coincide con el idioma de la dirección (es): envía el mismo u omite uno de los dos.',
          },
          details: {
            i18n_language: {
              code: 'language-mismatch',
              message: 'No coincide con el idioma de la dirección (es): envía el mismo u omite uno de los dos.',
              data: { status: 400 },
            },
          },
        },
      });
    });

    it('accepts a parameter that agrees with the segment', async () => {
      expect((await t.request('GET', `/es${API}/events?i18n_language=es`)).status).to.equal(200);
    });

    it('answers a segment other than ca, en, es with 404 rest_no_route', async () => {
      expectError(await t.request('GET', `/fr${API}/events`), 404, 'rest_no_route');
    });

    it('keeps English with the en segment, which then appears in addresses', async () => {
      const res = await t.request('GET', `/en${API}/events/999999`);
      expectError(res, 404, 'rest-event-not-found', 'Event with ID 999999 does not exist.');
      const read = await t.request('GET', `/en${API}/events/${String(event.id)}`);
      expect(bodyOf(read).rest_url).to.equal(`http://localhost:8080/en${API}/events/${String(event.id)}`);
    });
  });

  describe('addresses', () => {
    it('carry the segment in url, rest_url, the website fallback and json_ld, but not in global_id', async () => {
      const id = String(event.id);
      for (const path of [`/es${API}/events/${id}`, `${API}/events/${id}?i18n_language=es`]) {
        const body = bodyOf(await t.request('GET', path));
        expect(body, path).to.include({
          url: 'http://localhost:8080/es/event/polyglot/',
          rest_url: `http://localhost:8080/es${API}/events/${id}`,
          website: 'http://localhost:8080/es/event/polyglot/',
          global_id: `localhost?id=${id}`,
        });
        expect(asObject(body.json_ld).url).to.equal('http://localhost:8080/es/event/polyglot/');
      }
    });

    it('carry the segment in a list rest_url, without repeating i18n_language', async () => {
      const res = await t.request('GET', `${API}/events?i18n_language=ca`);
      expect(bodyOf(res).rest_url).to.equal(
        `http://localhost:8080/ca${API}/events/?page=1&per_page=10&start_date=2026-11-21 ` +
          `00:00:00&end_date=2028-11-22 23:59:59&status=publish`,
      );
    });
  });
});

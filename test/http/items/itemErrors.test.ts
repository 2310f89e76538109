// Specifies request-level errors on venue/organizer routes (§1.1, §1.2, §2, §13): credentials, JSON, fields, Allow.
import { expect } from 'chai';
import {
  API,
  bodyOf,
  createVenue,
  expectError,
  expectInvalidParams,
  startItemService,
  type ItemTestService,
} from './support/itemsApi.ts';

describe('venue and organizer request errors', function () {
  let t: ItemTestService;
  before(async () => {
    t = await startItemService();
  });
  after(async () => t.close());

  it('bad credentials are refused before routing', async () => {
    const unknown = `Basic ${Buffer.from('ghost:x').toString('base64')}`;
    expectError(await t.request('GET', `${API}/venues`, { auth: unknown }), 401, 'incorrect_password');
    const wrong = `Basic ${Buffer.from('admin:wrong').toString('base64')}`;
    expectError(await t.request('GET', `${API}/organizers/999999`, { auth: wrong }), 401, 'incorrect_password');
  });

  it('a malformed JSON body is 400 rest_invalid_json', async () => {
    const res = await t.admin('POST', `${API}/venues`, { rawBody: '{"venue": ' });
    expect(res.status).to.equal(400);
    expect(bodyOf(res).code).to.equal('rest_invalid_json');
  });

  it('a form body creates a venue; JSON wins over the query string', async () => {
    const form = await t.admin('POST', `${API}/venues`, {
      rawBody: 'venue=Form+Hall&city=Formville',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status, form.text).to.equal(201);
    expect(bodyOf(form)).to.include({ venue: 'Form Hall', city: 'Formville' });
    const mixed = await t.admin('POST', `${API}/organizers?organizer=Query+Org&phone=9`, {
      body: { organizer: 'Json Org' },
    });
    expect(bodyOf(mixed)).to.include({ organizer: 'Json Org', phone: '9' });
  });

  it('field validation on create and update names the field', async () => {
    const v = await createVenue(t, { venue: 'Valid Hall' });
    expectInvalidParams(await t.admin('POST', `${API}/venues`, { body: { venue: '' } }), 'venue');
    expectInvalidParams(
      await t.admin('POST', `${API}/venues`, { body: { venue: 'X', description: ['a'] } }),
      'description',
    );
    expectInvalidParams(await t.admin('POST', `${API}/venues`, { body: { venue: 'X', zip: 12345 } }), 'zip');
    expectInvalidParams(await t.admin('POST', `${API}/venues`, { body: { venue: 'X', date: 'not-a-date' } }), 'date');
    expectInvalidParams(
      await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { status: 'kinda' } }),
      'status',
    );
    expectInvalidParams(
      await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { password: 5 } }),
      'password',
    );
    expectInvalidParams(
      await t.admin('PATCH', `${API}/organizers/by-slug/valid-hall`, { body: { phone: '1' } }),
      'slug',
    );
  });

  it('generated keys sent by clients are ignored', async () => {
    const v = await createVenue(t, {
      venue: 'Ignore Hall',
      id: 4242,
      url: 'http://evil/',
      global_id: 'evil',
      modified: '2000-01-01 00:00:00',
    });
    expect(v.id).to.not.equal(4242);
    expect(v).to.include({
      url: 'http://localhost:8080/venue/ignore-hall/',
      global_id: `localhost?id=${v.id as number}`,
      modified: '2026-11-22 10:52:28',
    });
  });

  it('error responses carry Allow and the JSON content type; HEAD is GET without a body', async () => {
    const v = await createVenue(t, { venue: 'Head Hall' });
    const missing = await t.request('GET', `${API}/venues/999999`);
    expect(missing.headers.get('allow')).to.equal('GET');
    expect(missing.headers.get('x-content-type-options')).to.equal('nosniff');
    const head = await t.request('HEAD', `${API}/venues/${v.id as number}`);
    expect(head.status).to.equal(200);
    expect(head.text).to.equal('');
    const options = await t.request('OPTIONS', `${API}/organizers`);
    expect(options.status).to.equal(200);
  });

  it('a trashed item can still be updated by the admin and read back', async () => {
    const v = await createVenue(t, { venue: 'Binned Hall' });
    await t.admin('DELETE', `${API}/venues/${v.id as number}`);
    const res = await t.admin('PATCH', `${API}/venues/${v.id as number}`, { body: { city: 'Bin' } });
    expect(res.status, res.text).to.equal(200);
    expect(bodyOf(res)).to.include({ status: 'trash', city: 'Bin' });
  });
});

// Specification of the organizer routes against docs/api.md §4.3, §7, §9–§12 and captures 06, 22, 23.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import {
  API,
  bodyOf,
  capture,
  expectError,
  expectInvalidParams,
  type JsonObject,
} from '../events/support/eventsApi.ts';

const renumber = (body: JsonObject, id: number): JsonObject => ({
  ...body,
  id,
  global_id: `localhost?id=${id}`,
  global_id_lineage: [`localhost?id=${id}`],
});

describe('organizer routes', function () {
  let t: TestService;
  beforeEach(async () => {
    t = await startTestService();
    t.setNow(new Date('2026-11-22T10:52:29Z'));
  });
  afterEach(async () => t.close());

  it('creates, lists and reads an organizer as captures 06, 22 and 23', async () => {
    const res = await t.admin('POST', `${API}/organizers`, { body: capture('06').request.body });
    expect(res.status, res.text).to.equal(201);
    const id = bodyOf(res).id as number;
    expect(res.body).to.deep.equal(renumber(capture('06').response.body, id));
    const list = capture('22').response.body;
    expect((await t.request('GET', `${API}/organizers`)).body).to.deep.equal({
      ...list,
      organizers: [renumber((list.organizers as JsonObject[])[0] as JsonObject, id)],
    });
    const expected = renumber(capture('23').response.body, id);
    // The capture's e-mail is entity-encoded at random (§4.6); this service writes it plainly.
    (expected.json_ld as JsonObject).email = 'events@example.com';
    expect((await t.request('GET', `${API}/organizers/${id}`)).body).to.deep.equal(expected);
  });

  it('a draft without an explicit slug has none, and the ?post_type= url', async () => {
    const res = await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Acme', status: 'draft' } });
    expect(bodyOf(res).status).to.equal('draft');
    expect(bodyOf(res)).to.not.have.property('slug');
    expect(bodyOf(res).url).to.equal(`http://localhost:8080/?post_type=cal_organizer&p=${bodyOf(res).id as number}`);
  });

  it('validation before permission, 403 for non-published reads, 410 on a second delete', async () => {
    expectInvalidParams(await t.request('DELETE', `${API}/organizers/77`), 'id');
    const draft = bodyOf(
      await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Hidden', status: 'draft' } }),
    );
    const denied = await t.request('GET', `${API}/organizers/${draft.id as number}?i18n_language=es`);
    expectError(denied, 403, 'organizer-not-accessible', 'El organizador solicitado no es accesible');
    expect((await t.admin('DELETE', `${API}/organizers/${draft.id as number}`)).status).to.equal(200);
    expectError(await t.admin('DELETE', `${API}/organizers/${draft.id as number}`), 410, 'organizer-is-in-trash');
  });

  it('a duplicate needs the same provided phone, email and website', async () => {
    const a = bodyOf(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Acme', email: 'A@x.org' } }));
    const b = bodyOf(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'acme', email: 'a@X.org' } }));
    const c = bodyOf(await t.admin('POST', `${API}/organizers`, { body: { organizer: 'acme', email: 'b@x.org' } }));
    expect(b.id).to.equal(a.id);
    expect(c.id).to.not.equal(a.id);
  });

  it('If-Match naming an old revision gives 412', async () => {
    const o = await t.admin('POST', `${API}/organizers`, { body: { organizer: 'Acme' } });
    const etag = o.headers.get('etag') as string;
    await t.admin('PATCH', `${API}/organizers/${bodyOf(o).id as number}`, { body: { phone: '1' } });
    const stale = await t.admin('PATCH', `${API}/organizers/${bodyOf(o).id as number}`, {
      body: { phone: '2' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).to.equal(412);
  });
});

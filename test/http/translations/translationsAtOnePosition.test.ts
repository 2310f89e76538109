// Specifies the `translations` of members of one group read one after another while the read model stays at one
// position (docs/api.md §15): a member alone in its group lists nothing, each member of a group lists the others
// (the group is read once per position and shared by its members), a draft member only for those who may read it,
// and a write moves the position so the next reads show it.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, bodyOf, type JsonObject } from '../events/support/eventsApi.ts';

const ES = `/es${API}`;
const CA = `/ca${API}`;
const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' };

describe('translations of the members of a group read at one position', () => {
  let t: TestService;
  before(async function () {
    this.timeout(20000);
    t = await startTestService();
  });
  after(async () => t.close());

  const created = async (path: string, body: JsonObject): Promise<number> => {
    const res = await t.admin('POST', path, { body });
    expect(res.status, res.text).to.equal(201);
    return bodyOf(res).id as number;
  };
  const translationsOf = async (path: string, admin = false): Promise<unknown> => {
    const res = admin ? await t.admin('GET', path) : await t.request('GET', path);
    expect(res.status, res.text).to.equal(200);
    return bodyOf(res).translations;
  };

  it('each member lists the others, a member alone lists nothing, read in turn and read again', async () => {
    const en = await created(`${API}/events`, { title: 'Fair', ...when });
    const es = await created(`${ES}/events`, { title: 'Feria', ...when, translation_of: en });
    const ca = await created(`${CA}/events`, { title: 'Fira', ...when, translation_of: en });
    const alone = await created(`${API}/events`, { title: 'Alone', ...when });
    const venue = await created(`${API}/venues`, { venue: 'Hall' });
    const venueEs = await created(`${ES}/venues`, { venue: 'Sala', translation_of: venue });
    for (let round = 0; round < 2; round++) {
      expect(await translationsOf(`${API}/events/${en}`), 'en').to.deep.equal({ ca, es });
      expect(await translationsOf(`${ES}/events/${es}`), 'es').to.deep.equal({ ca, en });
      expect(await translationsOf(`${API}/events/${ca}`), 'ca').to.deep.equal({ en, es });
      expect(await translationsOf(`${API}/events/${alone}`), 'alone').to.deep.equal({});
      expect(await translationsOf(`${API}/venues/${venueEs}`), 'venue es').to.deep.equal({ en: venue });
      expect(await translationsOf(`${API}/venues/${venue}`), 'venue en').to.deep.equal({ es: venueEs });
    }
  });

  it('a draft member is listed to those who may read it only, read in either order at one position', async () => {
    const en = await created(`${API}/events`, { title: 'Market', ...when });
    const es = await created(`${ES}/events`, { title: 'Mercado', status: 'draft', ...when, translation_of: en });
    expect(await translationsOf(`${API}/events/${en}`), 'anonymous').to.deep.equal({});
    expect(await translationsOf(`${API}/events/${en}`, true), 'admin').to.deep.equal({ es });
    expect(await translationsOf(`${ES}/events/${es}`, true), 'the draft').to.deep.equal({ en });
    expect(await translationsOf(`${API}/events/${en}`), 'anonymous again').to.deep.equal({});
  });

  it('a member trashed, then another joining: the reads after each write show it', async () => {
    const en = await created(`${API}/events`, { title: 'Parade', ...when });
    const es = await created(`${ES}/events`, { title: 'Desfile', ...when, translation_of: en });
    expect(await translationsOf(`${API}/events/${en}`)).to.deep.equal({ es });
    expect((await t.admin('DELETE', `${API}/events/${es}`)).status).to.equal(200);
    // Still filed under the group, the trashed member leaves `en` not alone in it: `en` lists nothing all the same.
    expect(await translationsOf(`${API}/events/${en}`), 'en after the trash').to.deep.equal({});
    const ca = await created(`${CA}/events`, { title: 'Desfilada', ...when, translation_of: en });
    expect(await translationsOf(`${API}/events/${en}`), 'en after the join').to.deep.equal({ ca });
    expect(await translationsOf(`${CA}/events/${ca}`), 'ca').to.deep.equal({ en });
  });
});

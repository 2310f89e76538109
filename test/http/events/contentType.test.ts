// Specifies the answer to a JSON body sent under another Content-Type (curl -d sends a form): 400 saying what to send.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { API, expectError } from './support/eventsApi.ts';

describe('a JSON body labelled as something else', () => {
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  const body = JSON.stringify({ title: 'Curl', start_date: '2026-12-01 10:00', end_date: '2026-12-01 11:00' });
  const message =
    'The body is JSON, but its Content-Type is not application/json: send the header Content-Type: application/json.';

  for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'text/plain; charset=utf-8']) {
    it(`is refused with 400 rest_json_content_type when sent as ${contentType}`, async () => {
      const res = await t.admin('POST', `${API}/events`, { rawBody: body, contentType });
      expectError(res, 400, 'rest_json_content_type', message);
    });
  }

  it('is answered in the request language', async () => {
    const res = await t.admin('POST', `/ca${API}/venues`, {
      rawBody: '{"venue": "Sala"}',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectError(res, 400, 'rest_json_content_type');
    expect((res.body as { message: string }).message).to.match(/^El cos és JSON/);
  });

  it('leaves real forms alone', async () => {
    const res = await t.admin('POST', `${API}/venues`, {
      rawBody: 'venue=Form+Hall&city=Reus',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status, res.text).to.equal(201);
  });
});

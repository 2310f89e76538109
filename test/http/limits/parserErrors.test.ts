// Specifies the answers to requests Node's HTTP parser refuses before the API sees them: headers over 16 KB (431),
// unknown methods and unreadable request lines (400), a missing Host (400), all in the wire format, HEAD without a
// body.
import { expect } from 'chai';
import { startTestService, type TestService } from '../../support/testService.ts';
import { sendBytes } from '../../fuzz/support/rawHttp.ts';
import { API } from './support/limitsClient.ts';

interface Answer {
  readonly status: number;
  readonly head: string;
  readonly body: string;
}

/** The first response in a connection's bytes. */
function firstAnswer(text: string): Answer {
  const match = /^HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/.exec(text);
  if (!match) throw new Error(`no HTTP answer in ${JSON.stringify(text.slice(0, 200))}`);
  const head = match[2] ?? '';
  const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
  return { status: Number(match[1]), head, body: text.slice(match[0].length, match[0].length + length) };
}

function expectWireAnswer(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.head).to.equal(status);
  expect(answer.head).to.include('Content-Type: application/json; charset=UTF-8\r\n');
  const body = JSON.parse(answer.body) as { code: string; data: { status: number } };
  expect(body.code).to.equal(code);
  expect(body.data).to.deep.equal({ status });
}

describe('Requests the HTTP parser refuses', function () {
  this.timeout(30_000);
  let t: TestService;
  before(async () => (t = await startTestService()));
  after(async () => t.close());

  const raw = (text: string) => sendBytes(t.service.url, Buffer.from(text, 'latin1')).then(firstAnswer);
  const expectAlive = async () => expect((await t.request('GET', `${API}/events`)).status).to.equal(200);

  it('answers headers over 16 KB with 431, and keeps serving', async () => {
    const res = await fetch(`${t.service.url}${API}/events`, { headers: { 'x-huge': 'h'.repeat(20_000) } });
    expect(res.status).to.equal(431);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=UTF-8');
    expect(await res.json()).to.deep.equal({
      code: 'rest_headers_too_large',
      message: 'The request headers are too large.',
      data: { status: 431 },
    });
    expectWireAnswer(
      await raw(`GET ${API}/events?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      431,
      'rest_headers_too_large',
    );
    await expectAlive();
  });

  it(
    'answers an unknown method, a request line with raw non-UTF-8 bytes and a broken header ' +
      'with 400 rest_bad_request',
    async () => {
      expectWireAnswer(await raw(`FOO ${API}/events HTTP/1.1\r\nHost: x\r\n\r\n`), 400, 'rest_bad_request');
      expectWireAnswer(await raw(`GET ${API}/\u00ff HTTP/1.1\r\nHost: x\r\n\r\n`), 400, 'rest_bad_request');
      expectWireAnswer(
        await raw(`GET ${API}/events HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n`),
        400,
        'rest_bad_request',
      );
      expectWireAnswer(
        await raw(
          `POST ${API}/events HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        ),
        400,
        'rest_bad_request',
      );
      await expectAlive();
    },
  );

  it(
    'refuses an HTTP/1.1 request without Host with 400 rest_bad_request, and serves HTTP/1.0 ' + 'without one',
    async () => {
      const missing = await raw(`GET ${API}/events HTTP/1.1\r\n\r\n`);
      expectWireAnswer(missing, 400, 'rest_bad_request');
      expect(JSON.parse(missing.body)).to.include({ message: 'An HTTP/1.1 request must carry a Host header.' });
      expect((await raw(`GET ${API}/events HTTP/1.0\r\n\r\n`)).status).to.equal(200);
    },
  );

  it('sends no body after the head when the refused request was a HEAD, even behind an unread body', async () => {
    const head = await sendBytes(
      t.service.url,
      Buffer.from(`HEAD ${API}/\u00ff HTTP/1.1\r\nHost: x\r\n\r\n`, 'latin1'),
    );
    expect(firstAnswer(head).status).to.equal(400);
    expect(head.endsWith('\r\n\r\n'), JSON.stringify(head)).to.equal(true);
    // A first request whose body the route never reads, then the refused HEAD glued to that body in one write.
    const glued = await sendBytes(
      t.service.url,
      Buffer.from(
        `POST ${API}/nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcHEAD ${API}/\u00ff ` +
          `HTTP/1.1\r\nHost: x\r\n\r\n`,
        'latin1',
      ),
    );
    const second = glued.slice(glued.indexOf('HTTP/1.1', 1));
    expect(firstAnswer(second).status).to.equal(400);
    expect(second.endsWith('\r\n\r\n'), JSON.stringify(second)).to.equal(true);
  });
});

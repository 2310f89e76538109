// Specifies the graceful close of the HTTP server: in-flight requests finish, and keep-alive connections do not outlive
// them.
import { request, Agent, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { listen } from '../../src/http/httpServer.ts';

/**
 * A server whose `/slow` answers only when released, and whose `/stream` sends its headers at once and ends when
 * released.
 */
async function startGatedServer() {
  let entered!: () => void;
  const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/stream') {
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'text/plain' });
      ctx.res.write('first part\n');
      entered();
      await released;
      ctx.res.end('last part\n');
      return;
    }
    entered();
    await released;
    ctx.body = 'done';
  });
  const server = await listen(app, 0, '127.0.0.1');
  return { server, app, handlerEntered, release };
}

/** Sends a GET on `agent` and resolves with the response head; the body keeps arriving into it. */
function get(agent: Agent, url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request(url, { agent }, resolve).on('error', reject).end());
}

const bodyOf = (res: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    res
      .setEncoding('utf8')
      .on('data', (chunk: string) => (text += chunk))
      .on('end', () => resolve(text))
      .on('error', reject);
  });

describe('HttpServer.close', function () {
  this.timeout(20_000);
  // The client keeps idle connections forever: only the server can end them.
  let agent: Agent;
  beforeEach(() => (agent = new Agent({ keepAlive: true })));
  afterEach(() => agent.destroy());

  it(
    'lets a request in flight finish, answering it with Connection: close so that its ' + 'connection ends with it',
    async () => {
      const { server, handlerEntered, release } = await startGatedServer();
      const response = get(agent, `${server.url}/slow`);
      await handlerEntered;
      const closed = server.close(60_000);
      release();
      const res = await response;
      expect(res.statusCode).to.equal(200);
      expect(res.headers.connection).to.equal('close');
      expect(await bodyOf(res)).to.equal('done');
      await closed;
    },
  );

  it(
    'ends a connection whose response was already under way when closing began, once that ' + 'response is complete',
    async () => {
      const { server, release } = await startGatedServer();
      const res = await get(agent, `${server.url}/stream`);
      expect(res.headers.connection).to.equal('keep-alive');
      const body = bodyOf(res);
      const closed = server.close(60_000);
      release();
      expect(await body).to.equal('first part\nlast part\n');
      const started = Date.now();
      await closed;
      // Node's own keep-alive timeout (5 s) would otherwise end the idle connection, and the close with it.
      expect(Date.now() - started).to.be.below(2500);
    },
  );

  it('gives a request arriving while closing to the app, not to the shortcut, and ends its connection', async () => {
    const { server, app, handlerEntered, release } = await startGatedServer();
    const [asked, reachedApp] = [[] as string[], [] as string[]];
    app.middleware.unshift(async (ctx, next) => {
      reachedApp.push(ctx.path);
      await next();
    });
    server.serve(app, (req, res) => {
      asked.push(req.url ?? '');
      if (req.url !== '/kept') return false;
      res.writeHead(200, { 'content-length': '4' }).end('kept');
      return true;
    });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /kept HTTP/1.1\r\nHost: x\r\n\r\nGET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await handlerEntered;
    const closed = server.close(60_000);
    // Pipelined behind the request in flight: its head is read while the server closes.
    socket.write('GET /kept HTTP/1.1\r\nHost: x\r\n\r\n');
    while (reachedApp.length + asked.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await ended;
    await closed;
    expect(asked).to.deep.equal(['/kept', '/slow']);
    expect(reachedApp).to.deep.equal(['/slow', '/kept']);
    // The first answer kept its connection; the one in flight at the close ended it, and nothing came after it.
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).to.have.length(2);
    expect(answers[0]).to.match(/\r\nConnection: keep-alive\r\n(?:.*\r\n)*\r\nkept$/);
    expect(answers[1]).to.match(/\r\nConnection: close\r\n(?:.*\r\n)*\r\ndone$/);
  });
});

describe('HttpServer before it serves', () => {
  it('holds the port and answers 503 rest_starting with Retry-After until an app is given', async () => {
    const server = await listen(undefined, 0, '127.0.0.1');
    try {
      const waiting = await fetch(`${server.url}/cal/events/v1/events`);
      expect(waiting.status).to.equal(503);
      expect(waiting.headers.get('retry-after')).to.equal('1');
      expect(await waiting.json()).to.deep.equal({
        code: 'rest_starting',
        message: 'The service is starting; try again in a moment.',
        data: { status: 503 },
      });
      const app = new Koa();
      app.use((ctx) => void (ctx.body = 'ready'));
      server.serve(app);
      expect(await (await fetch(server.url)).text()).to.equal('ready');
    } finally {
      await server.close(1000);
    }
  });
});

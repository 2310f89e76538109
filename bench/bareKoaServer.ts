// The bare Koa server (`node --import tsx bench/bareKoaServer.ts`): the practical limit of the HTTP stack on this
// machine. One Koa route answers any method on `/copy/<n>` with the answer the bench handed it for that path (a PUT
// there: the body's bytes, the headers in the `X-Copied-Headers` request header); `/bare/<bytes>` answers a JSON body
// of that many bytes.
import { once } from 'node:events';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { jsonBodyOfSize, type CopiedAnswer } from './bareKoa.ts';

const copies = new Map<string, CopiedAnswer>();
const bodies = new Map<number, Buffer>();
const router = new Router();

async function keepCopy(ctx: Context): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const headers = JSON.parse(decodeURIComponent(ctx.get('x-copied-headers'))) as CopiedAnswer['headers'];
  copies.set(ctx.params.n as string, { headers, body: Buffer.concat(chunks) });
  ctx.status = 204;
}

router.put('/copy/:n', keepCopy);
router.all('/copy/:n', (ctx) => {
  const copy = copies.get(ctx.params.n as string);
  if (copy === undefined) return;
  // As the service's middleware does: each header set on the response, the body last (Koa adds the length).
  for (const [name, value] of copy.headers) ctx.set(name, value);
  ctx.body = copy.body;
});
router.all('/bare/:bytes', (ctx) => {
  const bytes = Number(ctx.params.bytes);
  let body = bodies.get(bytes);
  if (!body) bodies.set(bytes, (body = jsonBodyOfSize(bytes)));
  ctx.type = 'application/json; charset=UTF-8';
  ctx.body = body;
});

const app = new Koa();
app.use(router.routes());
const server = app.listen(0, '127.0.0.1');
await once(server, 'listening');
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('the bare Koa server has no TCP address');
console.log(`bare Koa listening on http://127.0.0.1:${address.port}`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

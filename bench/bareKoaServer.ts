// The bare Koa server (`node --import tsx bench/bareKoaServer.ts`): the practical limit of the HTTP stack on this
// machine. One Koa route answers any method on `/bare/<bytes>` with a prebuilt JSON body of exactly that many bytes.
import { once } from 'node:events';
import Koa from 'koa';
import Router from '@koa/router';
import { jsonBodyOfSize } from './bareKoa.ts';

const bodies = new Map<number, Buffer>();
const router = new Router();
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

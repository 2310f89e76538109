// The HTTP face of a projector process: only /health, /ready and /metrics, with the same request logging.
import Koa from 'koa';
import type { Logger } from 'pino';
import { requestContext } from './observability/requestContext.ts';
import { operationsRoutes, type OperationsDeps } from './routes/operations/operationsRoutes.ts';

export function createOperationsApp(deps: OperationsDeps, logger: Logger): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(requestContext(logger, deps.metrics));
  app.use(operationsRoutes(deps));
  return app;
}

// `npm start` (embedded all-in-one), `npm run start:api`, `npm run start:projector`: reads the configuration, starts
// the service in that role, and shuts it down gracefully on SIGTERM/SIGINT (a second signal exits at once).
import { pino } from 'pino';
import { ConfigError, loadConfig, variables, type ServiceRole } from './config/config.ts';
import { readSnapshotEarly } from './compose/earlySnapshotRead.ts';

const roles: readonly ServiceRole[] = ['all', 'api', 'projector'];

if (process.argv.includes('--help')) {
  console.log('Calendar events service: src/main.ts [all|api|projector]. Configuration by environment variables:\n');
  const width = Math.max(...Object.keys(variables).map((name) => name.length));
  for (const [name, meaning] of Object.entries(variables)) console.log(`  ${name.padEnd(width)}  ${meaning}`);
  process.exit(0);
}

const role = (process.argv[2] ?? 'all') as ServiceRole;
if (!roles.includes(role)) {
  console.error(`unknown role "${role}": use one of ${roles.join(', ')}`);
  process.exit(2);
}

/** Where the service listens, for the one line a failed start prints. */
let address = '';
try {
  const config = loadConfig(process.env);
  address = `${config.host}:${config.port}`;
  // Request logs carry no credentials (see redactedUrl); this catches any that an error object might bring along.
  const logger = pino({
    level: config.logLevel,
    redact: {
      paths: ['password', '*.password', '*.headers.authorization', 'headers.authorization'],
      censor: '[REDACTED]',
    },
  });
  // The snapshot's read first: it runs on the thread pool while the service's modules load (docs/operations.md).
  const early = readSnapshotEarly(config);
  const { startService } = await import('./service.ts');
  const service = await startService(config, logger, undefined, role, {}, early);
  console.log(
    role === 'projector'
      ? `Projector running; health, readiness and metrics on ${service.url}`
      : `Calendar events API listening on ${service.url}/cal/events/v1 (public URL ${config.publicUrl})`,
  );
  if (service.bootstrap?.generatedPassword) {
    console.log(
      `First start: administrator login "admin", password "${service.bootstrap.generatedPassword}" ` +
        `(shown once; stored hashed)`,
    );
  } else if (service.bootstrap?.created) {
    console.log('First start: administrator login "admin" with the password from CAL_ADMIN_PASSWORD');
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    await service.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(startFailure(error, address));
  process.exit(1);
}

/** One line saying why the start failed and what to do, instead of a stack trace. */
function startFailure(error: unknown, where: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `Cannot start: ${where} is already in use by another process. Stop it, or set PORT to a free port.`;
  if (code === 'EACCES')
    return (
      `Cannot start: not allowed to listen on ${where} (ports below 1024 need privileges). Set ` +
      `PORT to another port.`
    );
  if (code === 'EADDRNOTAVAIL')
    return `Cannot start: ${where} is not an address of this machine. Set HOST to one that is.`;
  return `Cannot start: ${error instanceof Error ? error.message : String(error)}`;
}

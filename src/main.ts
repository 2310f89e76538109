// `npm start`: reads the configuration, starts the service and prints where it listens.
import { pino } from 'pino';
import { ConfigError, loadConfig, variables } from './config/config.ts';
import { startService } from './service.ts';

if (process.argv.includes('--help')) {
  console.log('Calendar events service. Configuration by environment variables:\n');
  const width = Math.max(...Object.keys(variables).map((name) => name.length));
  for (const [name, meaning] of Object.entries(variables)) console.log(`  ${name.padEnd(width)}  ${meaning}`);
  process.exit(0);
}

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
try {
  const config = loadConfig(process.env);
  const service = await startService(config, logger);
  console.log(`Calendar events API listening on ${service.url}/cal/events/v1 (public URL ${config.publicUrl})`);
  if (service.bootstrap.generatedPassword) {
    console.log(`First start: administrator login "admin", password "${service.bootstrap.generatedPassword}" (shown once; stored hashed)`);
  } else if (service.bootstrap.created) {
    console.log('First start: administrator login "admin" with the password from CAL_ADMIN_PASSWORD');
  }
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

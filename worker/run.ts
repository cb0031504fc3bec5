/**
 * The worker as its own process (`npm run worker`): pg-boss jobs against DATABASE_URL, beside any
 * number of server replicas. Several workers may run at once; pg-boss hands each job to one of them.
 */
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { openDatabase, prepareDatabase } from '../server/db/open.ts';
import { startWorker } from './main.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function run(): Promise<void> {
  const config = readConfig();
  if (!config.DATABASE_URL) {
    // The embedded database belongs to the `npm start` process, which runs the jobs itself.
    console.error(
      'DATABASE_URL is required: the worker runs against a shared PostgreSQL (postgres://user:password@host:5432/backoffice).\n' +
        'With the embedded database, `npm start` runs the jobs in its own process.',
    );
    process.exit(1);
  }
  const log = pino({
    level: config.LOG_LEVEL,
    ...(config.isDevelopment && { transport: { target: 'pino-pretty' } }),
  });
  const info = (message: string) => log.info(message);
  const warn = (message: string) => log.warn(message);

  const database = await openDatabase(config, { info, warn });
  await prepareDatabase(database, { info, warn });
  // pg-boss holds sessions: DATABASE_SESSION_URL when a pooler is in front.
  const worker = await startWorker({ db: database.db, databaseUrl: database.sessionUrl, config, log });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the worker`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    let code = 0;
    try {
      await worker.stop(); // lets running jobs finish
      await database.close();
    } catch (error) {
      log.error({ err: error }, 'the worker did not stop cleanly');
      code = 1;
    }
    process.exit(code);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

run().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

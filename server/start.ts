import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { startWorker, type RunningWorker } from '../worker/main.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createContext, SYSTEM_ACTOR } from './core/context.ts';
import { openDatabase, prepareDatabase } from './db/open.ts';
import { ensureFirstAdministrator } from './domains/accounts/administrators.service.ts';
import { CLIENT_DIST } from './plugins/ssr.ts';

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

/** In production the UI must be built; a fresh checkout builds it once on first start. */
async function ensureClientBuilt(config: Config, log: pino.Logger): Promise<void> {
  if (!config.isProduction || existsSync(path.join(CLIENT_DIST, '.vite/manifest.json'))) return;
  log.info('building the UI once (npm run build)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino({
    level: config.LOG_LEVEL,
    ...(config.isDevelopment && { transport: { target: 'pino-pretty' } }),
  });
  const info = (message: string) => log.info(message);
  const warn = (message: string) => log.warn(message);

  await ensureClientBuilt(config, log);
  const database = await openDatabase(config, { info, warn });
  await prepareDatabase(database, { info, warn });

  const systemCtx = createContext({ db: database.db, config }, SYSTEM_ACTOR);
  const firstAdmin = await ensureFirstAdministrator(systemCtx);
  if (firstAdmin) {
    const password = firstAdmin.generatedPassword
      ? `password: ${firstAdmin.generatedPassword}   (shown once: write it down)`
      : 'password: from BACKOFFICE_ADMIN_PASSWORD';
    console.warn(`\nFirst administrator created\n  email: ${firstAdmin.email}\n  ${password}\n`);
  }

  // The listener and the job queue hold sessions: DATABASE_SESSION_URL when a pooler is in front.
  const app = await buildApp({ db: database.db, config, databaseUrl: database.sessionUrl });
  const runWorker =
    config.RUN_WORKER === 'true' || (config.RUN_WORKER === 'auto' && database.embedded !== null);
  let worker: RunningWorker | null = null;
  if (runWorker)
    worker = await startWorker({ db: database.db, databaseUrl: database.sessionUrl, config, log });

  // The embedded PostgreSQL is shared with CLI runs and other servers; should it stop anyway (killed,
  // crashed), this server starts it again rather than answering 503 until someone restarts it.
  const keeper = database.embedded
    ? setInterval(() => {
        database.embedded!.ensureRunning().then(
          (restarted) => restarted && log.warn('embedded PostgreSQL was not running: started it again'),
          (error: unknown) => log.error({ err: error }, 'embedded PostgreSQL could not be started again'),
        );
      }, 2_000)
    : null;
  keeper?.unref();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    if (keeper) clearInterval(keeper);
    try {
      await app.close(); // finishes in-flight requests, closes websockets
      await worker?.stop();
      await database.close(); // pool, then the embedded server unless another process still uses it
    } finally {
      process.exit(0);
    }
  }
  // This process shuts down in order (requests, worker, pool, then the database); a library's own
  // signal handler must not exit first.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(`Backoffice is ready on http://localhost:${port}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

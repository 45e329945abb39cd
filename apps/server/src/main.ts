/** Process entry: read config, open the database, build the app, listen, shut down cleanly. */
import path from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.js';
import { DatabaseInUseError, openDatabase, type Database } from './db/client.js';
import { buildApp } from './app.js';

/**
 * How `npm start` runs the server (package.json), for the embedded database's memory (issue 11,
 * docs/performance.md "Embedded PGlite: memory and first start"); glibc and Node read all of
 * it before any code of ours runs, so a process started without it only says so.
 *  - glibc's malloc: two arenas, and fixed mmap and trim thresholds of 128 kB. Left to itself,
 *    glibc raises both thresholds after the first large block is freed (PGlite's 9 MB module,
 *    V8's compiler zones), and memory freed in its heap then stays resident.
 *  - One V8 worker thread instead of four: TurboFan compiles PGlite's hot WebAssembly functions
 *    one at a time, in one arena.
 *  - A young generation of 2 × 4 MB instead of up to 2 × 16 MB, and an old generation of at
 *    most 192 MB (the page caches size themselves to it: lib/page-cache.ts), which also makes
 *    V8 collect before it grows the heap far.
 */
const START_ENVIRONMENT = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'];
const START_NODE_OPTIONS = ['--v8-pool-size=1', '--max-semi-space-size=4', '--max-old-space-size=192'];

/** What of `npm start`'s settings this process was started without (command line, NODE_OPTIONS, environment). */
function missingStartSettings(): string[] {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((option) => option.split('=')[0]);
  return [
    ...START_ENVIRONMENT.filter((name) => process.env[name] === undefined),
    ...START_NODE_OPTIONS.filter((option) => !given.includes(option.split('=')[0])),
  ];
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cratebase cannot start.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
      prepare: config.databasePrepare,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      // One line: the directory is taken, and PostgreSQL is how several processes share data.
      console.error(`Cratebase cannot start: ${err.message}`);
      process.exit(1);
    }
    const where = config.databaseUrl ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    console.error(`Cratebase cannot open ${where}: ${(err as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Connections busy when closing began are closed as soon as they go idle, not at their
    // keep-alive timeout (Node closes only the connections idle at that moment).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app.close();
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, identity: config.identity.mode },
    `Cratebase is ready at ${config.publicUrl}`,
  );
  const missing = database.kind === 'pglite' ? missingStartSettings() : [];
  if (missing.length > 0) {
    app.log.info(
      { missing },
      'started without some settings of `npm start` (package.json): with the embedded database the process ' +
        'then takes ~50 MB more memory under load (docs/performance.md)',
    );
  }
}

main().catch((err) => {
  console.error('Cratebase failed to start:', err);
  process.exit(1);
});

/** Process entry: read config, open the database, build the app, listen, shut down cleanly. */
// First: evaluated before oidc-provider prints its Node 20 notice (see the module).
import { endNode20Notice } from './node20-notice.js';
import fs from 'node:fs';
import path from 'node:path';
import { prepareSigningKeySet } from './identity/secrets.js';
import { loadConfig, ConfigError, type Config } from './config.js';
import { DatabaseInUseError, EmbeddedPostgresError, openDatabase, type Database } from './db/client.js';
import { buildApp } from './app.js';

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

  // The first start on an empty DATA_DIR makes the identity provider's signing key while the
  // embedded PostgreSQL starts, not after it.
  const embeddedDir = path.join(config.dataDir, 'pg');
  if (!config.databaseUrl && config.identity.mode === 'builtin' && !fs.existsSync(path.join(embeddedDir, 'PG_VERSION'))) {
    prepareSigningKeySet();
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      embeddedDir,
      log: (line) => console.log(line),
      poolSize: config.databasePoolSize,
      prepare: config.databasePrepare,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  } catch (err) {
    if (err instanceof DatabaseInUseError || err instanceof EmbeddedPostgresError) {
      // One line: the directory is taken (or the embedded server cannot run), and what to do.
      console.error(`Cratebase cannot start: ${err.message}`);
      process.exit(1);
    }
    const where = config.databaseUrl ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    console.error(`Cratebase cannot open ${where}: ${(err as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  // Every package is loaded now (buildApp imports the identity provider on demand).
  endNode20Notice();
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
  // The same news as a plain line for the person at the terminal (the JSON line above is for
  // log collectors, where stdout is not a terminal and this line is left out). Blank lines set
  // it apart from the JSON lines that pino may still be writing around it.
  if (process.stdout.isTTY) console.log(`\nCratebase is ready at ${config.publicUrl}\n`);
}

main().catch((err) => {
  console.error('Cratebase failed to start:', err);
  process.exit(1);
});

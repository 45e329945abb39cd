import type { Db } from '../db/client.js';
import type { Config } from '../config.js';

/** What every service function receives: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
}

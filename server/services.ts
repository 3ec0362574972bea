import type { Config } from './config';
import type { Database } from './db/client';

/** What every handler may use besides its request: the database and the configuration. */
export interface AppServices {
  config: Config;
  database: Database;
}

import type { Config } from './config';
import type { Clock } from './db/clock';
import type { Database } from './db/client';

/** What every handler may use besides its request: the database, the configuration and the clock. */
export interface AppServices {
  config: Config;
  database: Database;
  /** The time the day-dependent rules read (server/db/clock.ts); a test's own only under a test configuration. */
  clock: Clock;
}

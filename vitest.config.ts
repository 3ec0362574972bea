import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two groups, one after the other. First the API, system and component tests, two files at a time
 * at least: they mostly wait on PostgreSQL or a child process, so a second worker takes about 40 %
 * off their time. Then the end-to-end files, one at a time: Chromium, the server and PostgreSQL already fill
 * a 2-core machine, and a second browser only makes every step slower (and its timeouts tighter).
 */
const BACKGROUND_WORKERS = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'api',
          maxWorkers: BACKGROUND_WORKERS,
          include: ['tests/api/**/*.test.ts', 'tests/gates/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Starts the real server as a child process (embedded PostgreSQL, DATA_DIR locking, crash recovery).
        test: {
          name: 'system',
          maxWorkers: BACKGROUND_WORKERS,
          include: ['tests/system/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        // Components in jsdom: the API client's error handling, the preferences store, the locales.
        test: {
          name: 'ui',
          maxWorkers: BACKGROUND_WORKERS,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
        },
      },
      {
        // Chromium (playwright-core, /usr/bin/chromium) against the real server, database and built web app.
        test: {
          name: 'e2e',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/build-web.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});

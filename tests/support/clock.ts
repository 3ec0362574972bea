import type { TestServer } from './server';

/**
 * Sets the organization clock (server/db/clock.ts) of a test database to an instant, or back to
 * the real time with `null`: rules judged on an organization's date are tested at that date.
 */
export async function setClock(s: TestServer, at: string | null): Promise<void> {
  if (at === null) await s.sql('delete from clock_override');
  else await s.sql('insert into clock_override (id, at) values (true, $1) on conflict (id) do update set at = excluded.at', [at]);
}

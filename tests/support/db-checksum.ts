import { expect } from 'vitest';
import type { TestServer } from './server';

// Written by every signed-in request, by sign-in itself, or by any call to a rate-limited public
// route (the counting comes before the input is read): not part of what a refused input may change.
const VOLATILE = new Set(['sessions', 'platform_sessions', 'login_throttle', 'rate_limits']);

/**
 * Prepares the test database to prove that a request changed nothing, and answers the query that
 * reads the proof. Every table but the volatile ones gets statement triggers that count, in
 * `test_support.writes` (outside the product's schema), each committed statement that inserted,
 * updated or deleted at least one row. The count is transactional: a request that wrote and rolled
 * back leaves it as it was, as it leaves the data. This is stricter than comparing the tables'
 * contents (a write of the same values counts) and costs one row read, where hashing every table
 * cost tens of milliseconds a call (the bad-input gate asks thousands of times).
 */
export async function checksumQuery(s: TestServer): Promise<string> {
  const tables = await s.sql<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition order by 1`,
  );
  const triggers = tables
    .filter((t) => !VOLATILE.has(t.relname))
    .flatMap(({ relname }) =>
      (
        [
          ['insert', 'new'],
          ['update', 'new'],
          ['delete', 'old'],
        ] as const
      ).map(
        ([event, side]) =>
          `create trigger test_writes_${event} after ${event} on "${relname}" referencing ${side} table as changed for each statement execute function test_support.count_writes();`,
      ),
    );
  await s.sql(`
    do $$ begin
      if to_regclass('test_support.writes') is null then
        create schema test_support;
        create table test_support.writes (n bigint not null);
        insert into test_support.writes values (0);
        create function test_support.count_writes() returns trigger language plpgsql security definer set search_path = test_support as $f$
        begin
          if exists (select 1 from changed) then update test_support.writes set n = n + 1; end if;
          return null;
        end $f$;
        ${triggers.join('\n        ')}
      end if;
    end $$;`);
  return 'select n::text as n from test_support.writes';
}

/** The number of writing statements committed so far (see `checksumQuery`): equal before and after = nothing changed. */
export async function checksum(s: TestServer, query: string): Promise<string> {
  const [row] = await s.sql<{ n: string }>(query);
  return row!.n;
}

/**
 * The request is refused with `status` and the database is exactly as it was (no committed
 * write): answers the refusal's body. `query` is the file's `checksumQuery(s)`.
 */
export async function refusedUnchanged(s: TestServer, query: string, status: number, send: () => Promise<{ status: number; body: any }>) {
  const before = await checksum(s, query);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(await checksum(s, query)).toBe(before);
  return res.body;
}

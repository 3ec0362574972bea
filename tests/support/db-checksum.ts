import type { TestServer } from './server';

// Written by every signed-in request, by sign-in itself, or by any call to a rate-limited public
// route (the counting comes before the input is read): not part of what a refused input may change.
const VOLATILE = new Set(['sessions', 'login_throttle', 'rate_limits']);

/** One query that fingerprints every table's rows, to prove a refused request changed nothing. */
export async function checksumQuery(s: TestServer): Promise<string> {
  const tables = await s.sql<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  return tables
    .filter((t) => !VOLATILE.has(t.relname))
    .map((t) => `select '${t.relname}' as t, count(*) as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t.relname}" x`)
    .join(' union all ');
}

export async function checksum(s: TestServer, query: string): Promise<string> {
  const rows = await s.sql<{ t: string; n: string; h: string }>(query);
  // `union all` keeps no order once PostgreSQL reads the tables in parallel (large tables).
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`).sort().join(',');
}

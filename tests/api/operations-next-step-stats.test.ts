import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextStepSql } from '../../server/operations/lists';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The operations board's next step has statistics of its own (migration 0055), which PostgreSQL
 * uses only while their expression is the very one the board filters by (nextStepSql): without
 * them "needs me" with a member's steps was estimated at 59 rows of 6,667 and planned as a sort of
 * every pending operation (docs/performance.md). If the two ever differ, the estimates fall back to
 * PostgreSQL's default share (0.5 % a step) and this test fails.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

it('estimates each next step from its statistics: the expression of 0055 is the board’s', async () => {
  const step = new PgDialect().sqlToQuery(nextStepSql).sql;
  await s.sql('analyze booking_operations');
  const counts = await s.sql<{ step: string; n: number }>(`select ${step} as step, count(*)::int as n from booking_operations group by 1 order by 2 desc`);
  const total = counts.reduce((a, c) => a + c.n, 0);
  // Enough rows that the default share (0.5 %, at least one row) is not the true count by chance.
  expect(counts[0]!.n, JSON.stringify(counts)).toBeGreaterThanOrEqual(2);
  expect(counts[0]!.n).toBeGreaterThan(Math.ceil(total * 0.005));
  for (const { step: value, n } of counts) {
    const [plan] = await s.sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`explain (format json) select 1 from booking_operations where ${step} = $1`, [value]);
    expect(plan!['QUERY PLAN'][0].Plan['Plan Rows'], value).toBe(n);
  }
});

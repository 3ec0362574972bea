import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * `work_queue_totals_recount(org)` (0052) writes every value the work queue keeps from the rows:
 * the counts per kind, seller and day (`work_queue_totals`), each booking's first open due day and
 * travellers to name, each follow-up's place in the queue. The migrations run it with triggers on;
 * the bench runs it with triggers off after its bulk inserts. Either way, from kept values that are
 * all wrong, it gives back what the triggers had kept on the demo's rows.
 */
let s: TestServer;
let org = '';

beforeAll(async () => {
  s = await startTestServer();
  [{ id: org }] = await s.sql<{ id: string }>(`select id::text from organizations where name = 'Demo Travels'`);
});
afterAll(() => s?.close());

/** What the work queue keeps for the organization, in a stable order (the totals folded per group). */
async function kept() {
  const totals = await s.sql(
    `select kind, seller::text, day::text, sum(n)::int as n from work_queue_totals where organization_id = $1 group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
    [org],
  );
  const bookings = await s.sql(`select id::text, first_open_due::text, travellers_to_name from bookings where organization_id = $1 order by id`, [org]);
  const followUps = await s.sql(`select id::text, in_queue from follow_ups where organization_id = $1 order by id`, [org]);
  return { totals, bookings, followUps };
}

/** Every kept value made wrong, with triggers off so that nothing puts them right meanwhile; then the recount. */
const scrambleThenRecount = (replica: boolean) => `
  begin;
  set local session_replication_role = replica;
  update bookings set first_open_due = date '2000-01-01', travellers_to_name = 99 where organization_id = '${org}';
  update follow_ups set in_queue = not in_queue where organization_id = '${org}';
  delete from work_queue_totals where organization_id = '${org}';
  insert into work_queue_totals (organization_id, kind, seller, day, n) values ('${org}', 'leadToAssign', null, null, 1000);
  ${replica ? '' : 'set local session_replication_role = origin;'}
  select work_queue_totals_recount('${org}');
  commit;`;

describe('the work queue recount', () => {
  it('gives back every kept value from the rows, with triggers off (the bench) and on (the migrations)', async () => {
    const before = await kept();
    expect(before.totals.length, 'the demo keeps counts').toBeGreaterThan(3);
    expect(before.bookings.some((b) => b.travellers_to_name !== 0), 'some demo booking has travellers to name').toBe(true);
    expect(before.followUps.some((f) => f.in_queue), 'some demo follow-up is in the queue').toBe(true);
    for (const replica of [true, false]) {
      await s.sql(scrambleThenRecount(replica));
      expect(await kept(), replica ? 'triggers off' : 'triggers on').toEqual(before);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Agent } from '../support/agent';

/** Gate: the same state-changing request many times at once ends consistent, with no duplicates. */
let s: TestServer;
let owner: Agent;
beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
});
afterAll(() => s.close());

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('concurrent writes', () => {
  it('20 role updates with the same version: exactly one wins, the rest get 412', async () => {
    const role = await owner.post('/api/roles', { name: 'Contended', permissions: {} });
    const answers = await times(20, (i) => owner.put('/api/roles', { _id: role.body.data._id, version: 1, name: `Contended ${i}` }));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 412)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body.data.name;
    const [row] = await s.sql<{ name: string; version: number }>('select name, version from roles where id = $1', [role.body.data._id]);
    expect(row).toEqual({ name: winner, version: 2 });
  });

  it('20 identical member creations: one member, the rest 409', async () => {
    const roleId = (await owner.get('/api/roles')).body.data.find((r: { name: string }) => r.name === 'Finance')._id;
    const body = { name: 'Twin', email: 'twin@demo.travel', department: 'finance', roleId, password: 'a-long-password-1' };
    const answers = await times(20, () => owner.post('/api/members', body));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await s.sql(`select 1 from members where email = 'twin@demo.travel'`)).toHaveLength(1);
  });

  it('20 reorders at once leave one of the submitted orders, never a mix', async () => {
    const ids: string[] = (await owner.get('/api/modules')).body.data.map((m: { _id: string }) => m._id);
    const orders = Array.from({ length: 20 }, (_, i) => [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)]);
    const answers = await times(20, (i) => owner.put('/api/modules/reorder', { order: orders[i] }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const final: string[] = (await owner.get('/api/modules')).body.data.map((m: { _id: string }) => m._id);
    expect(orders.map((o) => o.join())).toContain(final.join());
    const positions = await s.sql<{ position: number }>(`select position from modules where id = any($1::uuid[]) order by position`, [ids]);
    expect(positions.map((p) => p.position)).toEqual(ids.map((_, i) => i));
  });

  it('20 "mark all read" at once mark each notification once', async () => {
    const me = (await owner.get('/api/auth/me')).body.data.member;
    await s.sql(`insert into notifications (organization_id, member_id, type, title) select organization_id, id, 'system', 'n' || g from members, generate_series(1, 30) g where id = $1`, [me._id]);
    const unread = (await owner.get('/api/notifications/unread')).body.stats.unread;
    const answers = await times(20, () => owner.put('/api/notifications/read'));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.body.data.updated, 0)).toBe(unread);
  });

  it('20 deactivations of one vendor: one succeeds, 19 get 409, the vendor ends inactive', async () => {
    const vendor = await owner.post('/api/vendors', { name: 'Contended Transfers', services: ['transfers'] });
    const id = vendor.body.data._id;
    const answers = await times(20, () => owner.put(`/api/vendors/${id}`, { isActive: false }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const [row] = await s.sql<{ status: string }>('select status from vendors where id = $1', [id]);
    expect(row.status).toBe('inactive');
    const stats = (await owner.get('/api/vendors')).body.stats;
    expect(stats.active + stats.inactive).toBe(stats.total);
  });

  it('20 identical imports at once: one creates the vendors, the others skip them as unchanged; no duplicates', async () => {
    const rows = [
      { name: 'Parallel Safaris', services: ['activities'] },
      { name: 'Parallel Visas', services: ['visa'] },
      { name: 'Parallel Flights', services: ['flights'] },
    ];
    const answers = await times(20, () => owner.post('/api/vendors/import?updateExisting=true', { rows }));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const summaries = answers.map((a) => a.body.data.summary);
    expect(summaries.filter((x) => x.created === 3)).toHaveLength(1);
    expect(summaries.filter((x) => x.skipped === 3 && x.created === 0 && x.updated === 0)).toHaveLength(19);
    const stored = await s.sql<{ name: string; n: number }>(`select lower(name) as name, count(*)::int as n from vendors where name like 'Parallel %' group by 1 order by 1`);
    expect(stored).toEqual([
      { name: 'parallel flights', n: 1 },
      { name: 'parallel safaris', n: 1 },
      { name: 'parallel visas', n: 1 },
    ]);
  });
});

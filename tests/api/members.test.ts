import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Agent } from '../support/agent';
import { TEST_PASSWORD } from '../support/db-url';

let s: TestServer;
let owner: Agent;
let roleIds: Record<string, string>;

const count = async () => (await s.sql<{ n: number }>('select count(*)::int as n from members'))[0].n;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  const roles = await owner.get('/api/roles');
  roleIds = Object.fromEntries(roles.body.data.map((r: { name: string; _id: string }) => [r.name, r._id]));
});
afterAll(() => s.close());

const newMember = (over: Record<string, unknown> = {}) => ({
  name: 'Nadia New',
  email: `nadia.${Math.random().toString(36).slice(2, 8)}@demo.travel`,
  phone: '+971 50 123 4567',
  department: 'sales',
  roleId: roleIds['Sales agent'],
  joiningDate: '2025-03-01',
  password: 'a-long-password-1',
  ...over,
});

describe('members', () => {
  it('lists with the seed list shape, default page size and sort by name', async () => {
    const res = await owner.get('/api/members');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 50, totalItems: 6, totalPages: 1 });
    const names = res.body.data.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort());
    expect(res.body.data[0]).not.toHaveProperty('total_over');
    expect(res.body.data[0]).not.toHaveProperty('passwordHash');
  });

  it('creates a member who can then sign in, and reads them back', async () => {
    const body = newMember();
    const res = await owner.post('/api/members', body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Nadia New', email: body.email, department: 'sales', employmentStatus: 'active', isActive: true, roleName: 'Sales agent' });
    const one = await owner.get(`/api/members/memberId/${res.body.data._id}`);
    expect(one.body.data.email).toBe(body.email);
    const agent = await s.login(body.email, body.password);
    expect((await agent.get('/api/auth/me')).body.data.role.name).toBe('Sales agent');
  });

  it('refuses bad input with every bad field named, and writes nothing', async () => {
    const before = await count();
    const res = await owner.post('/api/members', {
      name: '',
      email: 'nope',
      department: 'pilots',
      roleId: 'x',
      password: 'short',
      joiningDate: '2025-02-30',
      surprise: true,
    });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['department', 'email', 'joiningDate', 'name', 'password', 'roleId', 'surprise']);
    expect(res.body.issues.find((i: { path: string }) => i.path === 'surprise').message).toBe('is not a known field');
    expect(await count()).toBe(before);
  });

  it('refuses an exit date before the joining date', async () => {
    const res = await owner.post('/api/members', newMember({ joiningDate: '2025-03-01', exitDate: '2025-01-01' }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'exitDate', code: 'dateOrder', params: { after: 'joiningDate' }, message: 'must not be before the joining date' }]);
  });

  it('refuses a duplicate email within the organization (409), case-insensitively', async () => {
    const before = await count();
    const same = await owner.post('/api/members', newMember({ email: 'SALES@demo.travel' }));
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ message: 'A member with this email already exists', issues: [{ path: 'email', message: 'is already taken' }] });
    const [sales] = await s.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`);
    expect((await owner.put(`/api/members/memberId/${sales.id}`, { email: 'Sales@Demo.Travel' })).status).toBe(409);
    expect(await count()).toBe(before);
  });

  it("says nothing of another organization's members: their email is as free as an unused one", async () => {
    const strip = (m: Record<string, unknown>) => Object.keys(m).sort();
    const fresh = await owner.post('/api/members', newMember({ email: 'nobody.anywhere@example.com' }));
    const foreign = await owner.post('/api/members', newMember({ email: 'Owner@Globe.Travel', password: 'demo-side-password' }));
    expect([fresh.status, foreign.status]).toEqual([201, 201]);
    expect(strip(foreign.body.data)).toEqual(strip(fresh.body.data));
    const renamed = await owner.put(`/api/members/memberId/${fresh.body.data._id}`, { email: 'owner@globe.travel' });
    expect(renamed.status).toBe(409); // now taken in this organization, by the member just made
    // One email, two organizations: the password says which member signs in.
    const globeSide = await s.login('owner@globe.travel');
    expect((await globeSide.get('/api/auth/me')).body.data.organization.name).toBe('Globe Trotters');
    const demoSide = await s.login('owner@globe.travel', 'demo-side-password');
    expect((await demoSide.get('/api/auth/me')).body.data).toMatchObject({ organization: { name: 'Demo Travels' }, member: { _id: foreign.body.data._id } });
    // The same password for both: the one signed into last.
    await owner.put(`/api/members/memberId/${foreign.body.data._id}`, { password: TEST_PASSWORD });
    expect((await (await s.login('owner@globe.travel')).get('/api/auth/me')).body.data.organization.name).toBe('Demo Travels');
    await s.sql(`update sessions set created_at = created_at - interval '1 day' where member_id = $1`, [foreign.body.data._id]);
    expect((await (await s.login('owner@globe.travel')).get('/api/auth/me')).body.data.organization.name).toBe('Globe Trotters');
    // Deactivated here, the email still opens the other organization.
    await owner.put(`/api/members/memberId/${foreign.body.data._id}`, { isActive: false });
    await s.sql(`update sessions set created_at = now() where member_id = $1`, [foreign.body.data._id]);
    expect((await (await s.login('owner@globe.travel')).get('/api/auth/me')).body.data.organization.name).toBe('Globe Trotters');
  });

  it('refuses a role of another organization', async () => {
    const [globeRole] = await s.sql<{ id: string }>(`select r.id from roles r join organizations o on o.id = r.organization_id where o.name = 'Globe Trotters' limit 1`);
    const res = await owner.post('/api/members', newMember({ roleId: globeRole.id }));
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('roleId');
  });

  it('filters by employment status list, department (the sales list), and date ranges', async () => {
    const leaver = await owner.post('/api/members', newMember({ name: 'Leo Leaver', employmentStatus: 'exited', joiningDate: '2023-05-01', exitDate: '2024-06-30' }));
    expect(leaver.status).toBe(201);
    expect(leaver.body.data.isActive).toBe(false);
    const exited = await owner.get('/api/members?employmentStatus=exited,on-leave');
    expect(exited.body.data.map((m: { name: string }) => m.name)).toEqual(['Leo Leaver']);
    const sales = await owner.get('/api/members?department=sales&isActive=true');
    expect(sales.body.data.every((m: { department: string; isActive: boolean }) => m.department === 'sales' && m.isActive)).toBe(true);
    expect(sales.body.data.map((m: { email: string }) => m.email)).toContain('sales@demo.travel');
    const joined = await owner.get('/api/members?joiningDate[from]=2023-01-01&joiningDate[to]=2023-12-31');
    expect(joined.body.data.map((m: { name: string }) => m.name)).toEqual(['Leo Leaver']);
    const left = await owner.get('/api/members?exitDate[from]=2024-06-01&exitDate[to]=2024-07-01');
    expect(left.body.meta.totalItems).toBe(1);
    const bad = await owner.get('/api/members?joiningDate[from]=2024-02-01&joiningDate[to]=2024-01-01&employmentStatus=retired&limit=500');
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path.split('.')[0]).sort()).toEqual(['employmentStatus', 'joiningDate', 'limit']);
  });

  it('searches, sorts and pages in the database', async () => {
    const search = await owner.get('/api/members?search=fatima');
    expect(search.body.data.map((m: { email: string }) => m.email)).toEqual(['finance@demo.travel']);
    const literal = await owner.get('/api/members?search=%25');
    expect(literal.body.meta.totalItems).toBe(0);
    const page = await owner.get('/api/members?limit=2&page=2&sortBy=email&sortOrder=desc');
    expect(page.body.meta).toMatchObject({ currentPage: 2, limit: 2 });
    const all = await owner.get('/api/members?limit=200&sortBy=email&sortOrder=desc');
    expect(page.body.data.map((m: { email: string }) => m.email)).toEqual(all.body.data.slice(2, 4).map((m: { email: string }) => m.email));
    const past = await owner.get('/api/members?page=99');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.totalItems).toBe(all.body.meta.totalItems);
  });

  it('deactivating a member ends their sessions at once and blocks sign-in', async () => {
    const body = newMember({ name: 'Dina Deactivated' });
    const created = await owner.post('/api/members', body);
    const agent = await s.login(body.email, body.password);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    const res = await owner.put(`/api/members/memberId/${created.body.data._id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
    const again = await s.agent().post('/api/auth/login', { email: body.email, password: body.password });
    expect(again.status).toBe(401);
  });

  it('refuses to let a member deactivate themselves or change their own role', async () => {
    const me = (await owner.get('/api/auth/me')).body.data.member;
    const res = await owner.put(`/api/members/memberId/${me._id}`, { isActive: false });
    expect(res.status).toBe(409);
    const role = await owner.put(`/api/members/memberId/${me._id}`, { roleId: roleIds.Finance });
    expect(role.status).toBe(409);
  });

  it('keeps active members within the subscription seats', async () => {
    const [{ n }] = await s.sql<{ n: number }>(`select count(*)::int as n from members m join organizations o on o.id = m.organization_id where o.name = 'Demo Travels' and m.is_active`);
    await s.sql(`update subscriptions set seats = $1 where organization_id = (select id from organizations where name = 'Demo Travels')`, [n]);
    const full = await owner.post('/api/members', newMember());
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('SEAT_LIMIT');
    await s.sql(`update subscriptions set seats = 25`);
  });

  it('lets a member edit their profile and change their password with the current one', async () => {
    const body = newMember({ name: 'Pia Profile' });
    await owner.post('/api/members', body);
    const agent = await s.login(body.email, body.password);
    const wrong = await agent.put('/api/members/me', { newPassword: 'another-long-password', currentPassword: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('currentPassword');
    const missing = await agent.put('/api/members/me', { newPassword: 'another-long-password' });
    expect(missing.status).toBe(400);
    const ok = await agent.put('/api/members/me', { name: 'Pia P.', newPassword: 'another-long-password', currentPassword: body.password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('Pia P.');
    await s.login(body.email, 'another-long-password');
    await expect(s.login(body.email, body.password)).rejects.toThrow(/401/);
  });

  it('signs out every other session of the member when they change their password, and keeps this one', async () => {
    const body = newMember({ name: 'Sid Sessions' });
    await owner.post('/api/members', body);
    const here = await s.login(body.email, body.password);
    const laptop = await s.login(body.email, body.password);
    const phone = await s.login(body.email, body.password);
    const colleague = await s.login('ops@demo.travel');
    const changed = await here.put('/api/members/me', { newPassword: 'a-brand-new-password', currentPassword: body.password });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await colleague.get('/api/auth/me')).status).toBe(200);
    // A profile change without a new password signs nobody out.
    const again = await s.login(body.email, 'a-brand-new-password');
    expect((await here.put('/api/members/me', { name: 'Sid S.' })).status).toBe(200);
    expect((await again.get('/api/auth/me')).status).toBe(200);
  });

  it('throttles wrong current passwords like failed sign-ins, sharing their counters', async () => {
    const body = newMember({ name: 'Greta Guess' });
    await owner.post('/api/members', body);
    const from = { 'X-Forwarded-For': '192.0.2.55' };
    const thief = await s.login(body.email, body.password); // a stolen session guessing the password
    for (let i = 0; i < 5; i++) {
      const res = await thief.put('/api/members/me', { newPassword: 'taken-over-password', currentPassword: `guess-${i}-wrong` }, from);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'currentPassword', code: 'wrongPassword', params: {}, message: 'is not your current password' }]);
    }
    // The sixth try waits, even with the right password; so does a sign-in from the same place.
    const blocked = await thief.put('/api/members/me', { newPassword: 'taken-over-password', currentPassword: body.password }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const signIn = await s.agent().post('/api/auth/login', { email: body.email, password: body.password }, from);
    expect(signIn.status).toBe(429);
    // Nothing changed, and the real member, elsewhere, still gets in with the old password.
    expect((await s.agent().post('/api/auth/login', { email: body.email, password: body.password }, { 'X-Forwarded-For': '198.51.100.23' })).status).toBe(200);
    const [throttle] = await s.sql<{ failures: number }>('select failures from login_throttle where key = $1', [`pair:${body.email}|192.0.2.55`]);
    expect(throttle.failures).toBe(5);
  });

  it('merges preferences and validates them', async () => {
    const agent = await s.login('sales@demo.travel');
    const res = await agent.put('/api/members/me/preferences', { theme: 'dark', direction: 'rtl', locale: 'ae' });
    expect(res.status).toBe(200);
    expect(res.body.data.preferences).toMatchObject({ theme: 'dark', direction: 'rtl', locale: 'ae', menu: 'vertical', navbar: 'sticky' });
    const again = await agent.put('/api/members/me/preferences', { menu: 'horizontal' });
    expect(again.body.data.preferences).toMatchObject({ theme: 'dark', menu: 'horizontal' });
    const bad = await agent.put('/api/members/me/preferences', { theme: 'purple', navbar: 'floating' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['navbar', 'theme']);
    expect((await agent.get('/api/auth/me')).body.data.member.preferences.theme).toBe('dark');
  });
});

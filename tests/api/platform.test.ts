import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { registry } from '../../server/registry';
import { DEMO_OPERATOR } from '../../server/platform/seed';
import { startTestServer, type TestServer } from '../support/server';
import type { Agent } from '../support/agent';
import { TEST_PASSWORD } from '../support/db-url';
import { checksum, checksumQuery } from '../support/db-checksum';
import { setClock } from '../support/clock';
import { orgId } from '../support/reads';

/**
 * The parent service (issue 19): platform operators, the organizations list, subscriptions taking
 * effect on the tenant API at once, an organization's members, onboarding and the invitation.
 */
let s: TestServer;
let operator: Agent;
let owner: Agent;
let fingerprint: string;
let demoId: string;
let globeId: string;

const SAMPLE_ID = '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11';
const samplePath = (p: string) => p.replace(/:[a-zA-Z]+/g, SAMPLE_ID);
const activeMembers = async (id: string) => (await s.sql<{ n: number }>('select count(*)::int as n from members where organization_id = $1 and is_active', [id]))[0].n;

/** What an operator sends to onboard an organization. */
const organization = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  currency: 'USD',
  timeZone: 'Asia/Dubai',
  owner: { name: `Owner of ${name}`, email: `owner@${name.toLowerCase().replace(/\W+/g, '-')}.example` },
  subscription: { plan: 'starter', seats: 5, status: 'trial', periodEnd: '2031-12-31' },
  ...over,
});

/** A 400 naming one field with a code, and nothing written. */
async function expectRefused(send: () => Promise<{ status: number; body: any }>, path: string, code: string) {
  const before = await checksum(s, fingerprint);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.issues).toContainEqual(expect.objectContaining({ path, code }));
  expect(await checksum(s, fingerprint)).toBe(before);
}

beforeAll(async () => {
  s = await startTestServer();
  operator = await s.loginOperator();
  owner = await s.login('owner@demo.travel');
  demoId = await orgId(s, 'Demo Travels');
  globeId = await orgId(s, 'Globe Trotters');
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

describe('platform operators sign in', () => {
  it('with the session rules of members: a cookie of their own, HttpOnly, SameSite, sent only to /platform', async () => {
    const agent = s.agent();
    const res = await agent.post('/platform/auth/login', { email: DEMO_OPERATOR.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: DEMO_OPERATOR.name, email: DEMO_OPERATOR.email });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('psid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/platform(;|$)/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    expect(cookie).not.toMatch(/Secure/i);
    // Secure whenever the browser came over HTTPS (here, through the trusted proxy).
    const https = await s.agent().post('/platform/auth/login', { email: DEMO_OPERATOR.email, password: TEST_PASSWORD }, { 'X-Forwarded-Proto': 'https' });
    expect(https.headers.getSetCookie().find((c) => c.startsWith('psid='))).toMatch(/;\s*Secure/i);
    expect((await agent.get('/platform/auth/me')).body.data.email).toBe(DEMO_OPERATOR.email);
    // Only the hash of the token is stored.
    const token = cookie.split(';')[0].split('=')[1];
    expect(await s.sql('select 1 from platform_sessions where token_hash = $1', [token])).toHaveLength(0);

    expect((await agent.post('/platform/auth/logout')).status).toBe(200);
    agent.cookies.set('psid', token);
    expect((await agent.get('/platform/auth/me')).status).toBe(401);
  });

  it('refuses a wrong password, an unknown email and a member’s account alike', async () => {
    const answers = await Promise.all([
      s.agent().post('/platform/auth/login', { email: DEMO_OPERATOR.email, password: 'not-the-password' }),
      s.agent().post('/platform/auth/login', { email: 'nobody@platform.travel', password: TEST_PASSWORD }),
      s.agent().post('/platform/auth/login', { email: 'owner@demo.travel', password: TEST_PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('is throttled like a member’s sign-in, with its own counters for the same email', async () => {
    const from = { 'X-Forwarded-For': '10.99.0.1' };
    const email = 'throttled@platform.travel';
    await s.sql(`insert into platform_operators (name, email, password_hash) select 'Throttled', $1, password_hash from platform_operators where email = $2`, [email, DEMO_OPERATOR.email]);
    for (let i = 0; i < 5; i++) expect((await s.agent().post('/platform/auth/login', { email, password: 'wrong-password' }, from)).status).toBe(401);
    const blocked = await s.agent().post('/platform/auth/login', { email, password: TEST_PASSWORD }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await s.sql(`select key from login_throttle where key like '%platform:${email}%'`)).not.toHaveLength(0);
  });

  it('ends a deactivated operator’s sessions at once', async () => {
    const agent = await s.loginOperator();
    await s.sql('update platform_operators set is_active = false where email = $1', [DEMO_OPERATOR.email]);
    try {
      expect((await agent.get('/platform/organizations')).status).toBe(401);
      expect((await s.agent().post('/platform/auth/login', { email: DEMO_OPERATOR.email, password: TEST_PASSWORD })).status).toBe(401);
    } finally {
      await s.sql('update platform_operators set is_active = true where email = $1', [DEMO_OPERATOR.email]);
    }
  });
});

describe('who may call', () => {
  const operatorRoutes = registry.platform.filter((r) => r.access.kind === 'operator');
  const tenantRoutes = registry.api.filter((r) => r.access.kind !== 'public');

  it.each(operatorRoutes.map((r) => [`${r.method} /platform${r.path}`, r] as const))('%s answers 403 to an organization’s member and changes nothing', async (_, r) => {
    const before = await checksum(s, fingerprint);
    const res = await owner.request(r.method, `/platform${samplePath(r.path)}`, r.method === 'GET' ? undefined : {});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'PLATFORM_ONLY', message: 'Only platform operators may use the platform service' });
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('answers 401 to an operator on every route of the tenant API', async () => {
    expect(tenantRoutes.length).toBeGreaterThan(50);
    for (const r of tenantRoutes) {
      const res = await operator.request(r.method, `/api${samplePath(r.path)}`, r.method === 'GET' ? undefined : {});
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
    // Nor does an operator's token open anything as a member's cookie.
    const forged = s.agent();
    forged.cookies.set('sid', operator.cookies.get('psid')!);
    expect((await forged.get('/api/auth/me')).status).toBe(401);
  });

  it('runs platform requests as a database role that reads no tenant data beyond its answers', async () => {
    const denied = [
      'select count(*) from leads',
      'select count(*) from vendors',
      'select count(*) from journal_entries',
      'select count(*) from invitations',
      'select count(*) from customized_tours',
      'select count(*) from document_sends',
      'select count(*) from organization_logos',
      'select count(*) from jobs',
      'select password_hash from members limit 1',
      'select preferences from members limit 1',
      'select phone from members limit 1',
      'select secret_hash from organizations limit 1',
      'select address from organizations limit 1',
      'select permissions from roles limit 1',
      `update members set name = 'Taken over'`,
      'delete from subscriptions',
    ];
    for (const statement of denied) {
      await expect(s.database.asPlatform((tx) => tx.execute(sql.raw(statement))), statement).rejects.toMatchObject({ cause: { code: '42501' } });
    }
    const [{ n }] = (await s.database.asPlatform((tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from subscriptions`))).rows;
    expect(n).toBe(2);
  });
});

describe('GET /platform/organizations', () => {
  const onboarded: string[] = [];
  beforeAll(async () => {
    const plans = ['starter', 'business', 'enterprise'];
    const statuses = ['trial', 'active', 'pastDue', 'expired', 'cancelled'];
    for (let i = 1; i <= 11; i++) {
      const name = `Atlas Voyages ${String(i).padStart(2, '0')}`;
      const res = await operator.post('/platform/organizations', organization(name, { subscription: { plan: plans[i % 3], seats: i, status: statuses[i % 5], periodEnd: `2031-01-${String(i).padStart(2, '0')}` } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      onboarded.push(res.body.data.organization._id);
    }
    fingerprint = await checksumQuery(s);
  });

  it('answers 10 a page (the seed’s organizations page size), sorted by name', async () => {
    const first = await operator.get('/platform/organizations');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ currentPage: 1, limit: 10, totalItems: 13, totalPages: 2 });
    expect(first.body.data).toHaveLength(10);
    const second = await operator.get('/platform/organizations?page=2');
    expect(second.body.data.map((o: { name: string }) => o.name)).toEqual(['Atlas Voyages 11', 'Demo Travels', 'Globe Trotters']);
    const names = [...first.body.data, ...second.body.data].map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await operator.get('/platform/organizations?sortBy=periodEnd&sortOrder=desc&limit=2')).body.data.map((o: { periodEnd: string }) => o.periodEnd)).toEqual(['2031-01-11', '2031-01-10']);
  });

  it('shows each organization’s active members, seats, status and period end', async () => {
    const res = await operator.get('/platform/organizations?search=demo');
    expect(res.body.data).toHaveLength(1);
    const [sub] = await s.sql<{ seats: number; status: string; period_end: string }>('select seats, status, period_end from subscriptions where organization_id = $1', [demoId]);
    expect(res.body.data[0]).toEqual({
      _id: demoId,
      name: 'Demo Travels',
      currency: 'USD',
      timeZone: 'Asia/Dubai',
      plan: 'business',
      seats: sub.seats,
      activeMembers: await activeMembers(demoId),
      status: sub.status,
      periodEnd: sub.period_end,
      readOnly: false,
      createdAt: expect.any(String),
    });
    expect(res.body.data[0].activeMembers).toBe(6);
    const atlas = (await operator.get('/platform/organizations?search=Voyages%2007')).body.data[0];
    expect(atlas).toMatchObject({ name: 'Atlas Voyages 07', plan: 'business', seats: 7, activeMembers: 1, status: 'pastDue', periodEnd: '2031-01-07', readOnly: false });
  });

  it('filters by plan and by subscription status, in the database', async () => {
    const enterprise = (await operator.get('/platform/organizations?plan=enterprise&limit=50')).body;
    expect(enterprise.data.map((o: { name: string }) => o.name)).toEqual(['Atlas Voyages 02', 'Atlas Voyages 05', 'Atlas Voyages 08', 'Atlas Voyages 11']);
    const closed = (await operator.get('/platform/organizations?status=expired&status=cancelled')).body;
    expect(closed.data.map((o: { name: string; readOnly: boolean }) => [o.name, o.readOnly])).toEqual([
      ['Atlas Voyages 03', true],
      ['Atlas Voyages 04', true],
      ['Atlas Voyages 08', true],
      ['Atlas Voyages 09', true],
    ]);
    const both = (await operator.get('/platform/organizations?plan=business,starter&status=trial&search=atlas')).body;
    expect(both.data.map((o: { name: string }) => o.name)).toEqual(['Atlas Voyages 05', 'Atlas Voyages 10'].filter((n) => n !== 'Atlas Voyages 05'));
    expect(both.meta.totalItems).toBe(1);
  });

  it('names the field of a bad query', async () => {
    await expectRefused(() => operator.get('/platform/organizations?limit=0'), 'limit', 'tooSmall');
    await expectRefused(() => operator.get('/platform/organizations?plan=gold'), 'plan.0', 'oneOf');
    await expectRefused(() => operator.get('/platform/organizations?status=paused'), 'status.0', 'oneOf');
    await expectRefused(() => operator.get('/platform/organizations?sortBy=secretHash'), 'sortBy', 'oneOf');
    await expectRefused(() => operator.get('/platform/organizations?owner=me'), 'owner', 'unknownField');
  });
});

describe('subscriptions', () => {
  afterEach(async () => {
    await setClock(s, null);
    await operator.put(`/platform/organizations/${demoId}/subscription`, { status: 'active', seats: 25, periodEnd: '2031-12-31', plan: 'business' });
    await operator.put(`/platform/organizations/${globeId}/subscription`, { status: 'active', periodEnd: '2031-12-31' });
  });

  it('answers and changes plan, seats, status and period end', async () => {
    const got = await operator.get(`/platform/organizations/${demoId}/subscription`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ organizationId: demoId, plan: 'business', seats: 25, seatsUsed: 6, status: 'active', readOnly: false });
    const put = await operator.put(`/platform/organizations/${demoId}/subscription`, { plan: 'enterprise', seats: 40, status: 'pastDue', periodEnd: '2032-02-29' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ plan: 'enterprise', seats: 40, seatsUsed: 6, status: 'pastDue', periodEnd: '2032-02-29', readOnly: false });
    expect(await s.sql('select plan, seats, status, period_end from subscriptions where organization_id = $1', [demoId])).toEqual([{ plan: 'enterprise', seats: 40, status: 'pastDue', period_end: '2032-02-29' }]);
    // Members read it in their auth state at once.
    expect((await owner.get('/api/auth/me')).body.data.subscription).toMatchObject({ plan: 'enterprise', seats: 40, seatsUsed: 6, status: 'pastDue', periodEnd: '2032-02-29', readOnly: false });
  });

  it('answers 404 for an organization that does not exist, and 400 for an id that is none', async () => {
    for (const path of [`/platform/organizations/${SAMPLE_ID}`, `/platform/organizations/${SAMPLE_ID}/subscription`, `/platform/organizations/${SAMPLE_ID}/members`]) {
      const res = await operator.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', params: { resource: 'Organization' } });
    }
    expect((await operator.put(`/platform/organizations/${SAMPLE_ID}/subscription`, { seats: 3 })).status).toBe(404);
    await expectRefused(() => operator.get('/platform/organizations/not-an-id/subscription'), 'id', 'invalidId');
  });

  it('names the field of a bad change, and changes nothing', async () => {
    const put = (body: unknown) => () => operator.put(`/platform/organizations/${demoId}/subscription`, body);
    await expectRefused(put({ seats: 0 }), 'seats', 'tooSmall');
    await expectRefused(put({ seats: 10_001 }), 'seats', 'tooLarge');
    await expectRefused(put({ seats: 2.5 }), 'seats', 'notInteger');
    await expectRefused(put({ seats: '5' }), 'seats', 'invalidType');
    await expectRefused(put({ status: 'paused' }), 'status', 'oneOf');
    await expectRefused(put({ status: 'canceled' }), 'status', 'oneOf');
    await expectRefused(put({ plan: 'gold' }), 'plan', 'oneOf');
    await expectRefused(put({ periodEnd: '2031-02-30' }), 'periodEnd', 'invalidDate');
    await expectRefused(put({ periodEnd: '2301-01-01' }), 'periodEnd', 'dateOutOfRange');
    await expectRefused(put({}), 'body', 'noChange');
    await expectRefused(put({ seats: 3, price: 100 }), 'price', 'unknownField');
  });

  it('limits active members by seats at once, on the tenant API', async () => {
    const role = (await owner.get('/api/roles')).body.data.find((r: { name: string }) => r.name === 'Sales agent')._id;
    const member = (n: number) => ({ name: `Seat Holder ${n}`, email: `seat${n}@demo.travel`, department: 'sales', roleId: role, password: 'a-long-password-1' });
    const used = await activeMembers(demoId);
    expect((await operator.put(`/platform/organizations/${demoId}/subscription`, { seats: used })).status).toBe(200);
    const full = await owner.post('/api/members', member(1));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'SEAT_LIMIT', params: { seats: used } });
    // One seat more: twenty owners' tabs adding at once fill it exactly once.
    expect((await operator.put(`/platform/organizations/${demoId}/subscription`, { seats: used + 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => owner.post('/api/members', member(100 + i))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'SEAT_LIMIT')).toHaveLength(19);
    expect(await activeMembers(demoId)).toBe(used + 1);
    expect((await operator.get(`/platform/organizations/${demoId}/subscription`)).body.data).toMatchObject({ seats: used + 1, seatsUsed: used + 1 });
  });

  it('makes an expired or cancelled organization read-only at once, with a clear message; reads still work', async () => {
    const write = () => owner.post('/api/roles', { name: `Role ${Math.random().toString(36).slice(2, 8)}`, permissions: {} });
    expect((await write()).status).toBe(201);

    await operator.put(`/platform/organizations/${demoId}/subscription`, { status: 'expired' });
    const expired = await write();
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ code: 'SUBSCRIPTION_READ_ONLY', message: 'The subscription has expired: the organization is read-only until it is renewed' });
    expect((await owner.get('/api/roles')).status).toBe(200);
    expect((await owner.get('/api/auth/me')).body.data.subscription).toMatchObject({ status: 'expired', readOnly: true });

    await operator.put(`/platform/organizations/${demoId}/subscription`, { status: 'cancelled' });
    expect((await write()).body).toEqual({ code: 'SUBSCRIPTION_CANCELLED', message: 'The subscription was cancelled: the organization is read-only until it is renewed' });
    // Another organization is untouched.
    expect((await (await s.login('owner@globe.travel')).post('/api/roles', { name: 'Globe role', permissions: {} })).status).toBe(201);

    await operator.put(`/platform/organizations/${demoId}/subscription`, { status: 'active' });
    expect((await write()).status).toBe(201);
  });

  it('judges the end of the period on each organization’s own date, not in UTC', async () => {
    const globe = await s.login('owner@globe.travel');
    for (const id of [demoId, globeId]) await operator.put(`/platform/organizations/${id}/subscription`, { status: 'active', periodEnd: '2030-06-30' });
    // 21:00 UTC on the last day: already 1 July in Dubai (UTC+4), still 30 June in Lisbon (UTC+1 in summer).
    await setClock(s, '2030-06-30T21:00:00Z');
    expect((await owner.post('/api/roles', { name: 'After the end', permissions: {} })).body.code).toBe('SUBSCRIPTION_READ_ONLY');
    expect((await globe.post('/api/roles', { name: 'Last evening', permissions: {} })).status).toBe(201);
    expect((await owner.get('/api/auth/me')).body.data.subscription).toMatchObject({ daysLeft: -1, readOnly: true });
    expect((await globe.get('/api/auth/me')).body.data.subscription).toMatchObject({ daysLeft: 0, readOnly: false });
    const rows = (await operator.get('/platform/organizations?limit=50')).body.data;
    expect(rows.find((o: { _id: string }) => o._id === demoId).readOnly).toBe(true);
    expect(rows.find((o: { _id: string }) => o._id === globeId).readOnly).toBe(false);
    expect((await operator.get(`/platform/organizations/${demoId}/subscription`)).body.data.readOnly).toBe(true);

    // The operator renews: writable again at once; members see how many days are left.
    await operator.put(`/platform/organizations/${demoId}/subscription`, { periodEnd: '2030-07-15' });
    expect((await owner.post('/api/roles', { name: 'Renewed', permissions: {} })).status).toBe(201);
    expect((await owner.get('/api/auth/me')).body.data.subscription).toMatchObject({ daysLeft: 14, readOnly: false });
  });
});

describe('GET /platform/organizations/{id}/members', () => {
  it('lists who holds a seat, and nothing else of theirs', async () => {
    const res = await operator.get(`/platform/organizations/${globeId}/members`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 50, totalItems: 1, totalPages: 1 });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'createdAt', 'department', 'email', 'employmentStatus', 'isActive', 'isOwner', 'name', 'roleName']);
    expect(res.body.data[0]).toMatchObject({ email: 'owner@globe.travel', roleName: 'Owner', isOwner: true, isActive: true });
    const demo = await operator.get(`/platform/organizations/${demoId}/members?search=demo.travel&limit=2`);
    expect(demo.body.meta.totalItems).toBe(await activeMembers(demoId));
    expect(demo.body.data).toHaveLength(2);
    await s.sql(`update members set is_active = false where email = 'marco@demo.travel'`);
    try {
      const inactive = await operator.get(`/platform/organizations/${demoId}/members?isActive=false`);
      expect(inactive.body.data.map((m: { email: string }) => m.email)).toEqual(['marco@demo.travel']);
    } finally {
      await s.sql(`update members set is_active = true where email = 'marco@demo.travel'`);
    }
    await expectRefused(() => operator.get(`/platform/organizations/${demoId}/members?isActive=maybe`), 'isActive', 'oneOf');
  });
});

describe('onboarding: POST /platform/organizations', () => {
  let created: { organization: { _id: string }; invitation: { url: string; expiresAt: string; emailed: boolean } };
  const token = () => created.invitation.url.split('#')[1];

  beforeAll(async () => {
    const res = await operator.post('/platform/organizations', organization('Nile Journeys', { currency: 'egp', timeZone: 'Africa/Cairo', subscription: { plan: 'business', seats: 3, status: 'trial', periodEnd: '2031-06-30' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created = res.body.data;
    fingerprint = await checksumQuery(s);
  });

  it('creates the organization with its subscription, its owner and a one-time invitation link', async () => {
    expect(created.organization).toMatchObject({ name: 'Nile Journeys', currency: 'EGP', timeZone: 'Africa/Cairo', plan: 'business', seats: 3, activeMembers: 1, status: 'trial', periodEnd: '2031-06-30', readOnly: false });
    expect(created.invitation.url).toMatch(new RegExp(`^${s.url}/invitation#[A-Za-z0-9_-]{43}$`));
    expect(created.invitation).toMatchObject({ emailed: false, to: 'owner@nile-journeys.example' });
    expect(Date.parse(created.invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const [m] = await s.sql<{ email: string; name: string; role: string; is_owner: boolean; joining_date: string }>(
      'select m.email, m.name, r.name as role, r.is_owner, m.joining_date from members m join roles r on r.id = m.role_id where m.organization_id = $1',
      [created.organization._id],
    );
    expect(m).toMatchObject({ email: 'owner@nile-journeys.example', name: 'Owner of Nile Journeys', role: 'Owner', is_owner: true });
    // Only the token's hash is stored.
    expect(await s.sql('select 1 from invitations where token_hash = $1', [token()])).toHaveLength(0);
    // Nobody can sign in as the owner before the invitation is used.
    expect((await s.agent().post('/api/auth/login', { email: 'owner@nile-journeys.example', password: TEST_PASSWORD })).status).toBe(401);
  });

  it('lets the owner follow the invitation, set a password and sign in, once', async () => {
    const looked = await s.agent().post('/api/auth/invitation', { token: token() });
    expect(looked.status).toBe(200);
    expect(looked.body.data).toMatchObject({ name: 'Owner of Nile Journeys', email: 'owner@nile-journeys.example', organization: 'Nile Journeys' });

    await expectRefused(() => s.agent().post('/api/auth/invitation/accept', { token: token(), password: 'short' }), 'password', 'tooShort');

    const guest = s.agent();
    const accepted = await guest.post('/api/auth/invitation/accept', { token: token(), password: 'nile-owner-password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.organization.name).toBe('Nile Journeys');
    expect(accepted.body.data.role.isOwner).toBe(true);
    expect(accepted.body.data.subscription).toMatchObject({ plan: 'business', seats: 3, seatsUsed: 1, status: 'trial' });
    expect((await guest.get('/api/members')).body.data.map((x: { email: string }) => x.email)).toEqual(['owner@nile-journeys.example']);
    expect((await s.login('owner@nile-journeys.example', 'nile-owner-password')).cookies.has('sid')).toBe(true);

    for (const again of [s.agent().post('/api/auth/invitation', { token: token() }), s.agent().post('/api/auth/invitation/accept', { token: token(), password: 'taken-over-password' })]) {
      const res = await again;
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('INVITATION_INVALID');
    }
    expect((await s.agent().post('/api/auth/login', { email: 'owner@nile-journeys.example', password: 'taken-over-password' })).status).toBe(401);
  });

  it('builds the link from the configured public address, whatever Host or X-Forwarded-Host the request names (issue 26)', async () => {
    for (const forged of [{ 'X-Forwarded-Host': 'evil.example' }, { Host: 'evil.example' }] as Record<string, string>[]) {
      const res = await operator.post('/platform/organizations', organization(`Forged ${Object.keys(forged)[0]}`), forged);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.invitation.url).toMatch(new RegExp(`^${s.url}/invitation#[A-Za-z0-9_-]{43}$`));
      const renewed = await operator.post(`/platform/organizations/${res.body.data.organization._id}/members/${(await s.sql<{ id: string }>('select id from members where organization_id = $1', [res.body.data.organization._id]))[0].id}/invitation`, {}, forged);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
      expect(renewed.body.data.url).toMatch(new RegExp(`^${s.url}/invitation#`));
    }
    // Production refuses to start without it; elsewhere it is this host's own port.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: must be set in production/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://office.example/travel' })).toThrow(/PUBLIC_URL: .* must be a scheme, host and optional port only/);
    expect(loadConfig({ PUBLIC_URL: 'https://office.example/' }).publicUrl).toBe('https://office.example');
    expect(loadConfig({ NODE_ENV: 'development', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('refuses an expired invitation and one that never was', async () => {
    const res = await operator.post('/platform/organizations', organization('Late Starters'));
    const late = res.body.data.invitation.url.split('#')[1];
    await s.sql(`update invitations set expires_at = now() - interval '1 second' where organization_id = $1`, [res.body.data.organization._id]);
    expect((await s.agent().post('/api/auth/invitation/accept', { token: late, password: 'late-owner-password' })).body.code).toBe('INVITATION_INVALID');
    expect((await s.agent().post('/api/auth/invitation', { token: 'x'.repeat(43) })).body.code).toBe('INVITATION_INVALID');
    fingerprint = await checksumQuery(s);
  });

  it('names the field of bad input and creates nothing', async () => {
    const post = (body: unknown) => () => operator.post('/platform/organizations', body);
    const base = organization('Never Made');
    await expectRefused(post({ ...base, name: '  ' }), 'name', 'required');
    await expectRefused(post({ ...base, currency: 'ZZZ' }), 'currency', 'invalidFormat');
    await expectRefused(post({ ...base, timeZone: 'Mars/Olympus_Mons' }), 'timeZone', 'invalidFormat');
    await expectRefused(post({ ...base, owner: { name: 'No Mail', email: 'not-an-email' } }), 'owner.email', 'invalidEmail');
    await expectRefused(post({ ...base, owner: undefined }), 'owner', 'required');
    await expectRefused(post({ ...base, subscription: { ...base.subscription, seats: 0 } }), 'subscription.seats', 'tooSmall');
    await expectRefused(post({ ...base, subscription: { ...base.subscription, status: 'paused' } }), 'subscription.status', 'oneOf');
    await expectRefused(post({ ...base, subscription: { ...base.subscription, periodEnd: 'soon' } }), 'subscription.periodEnd', 'invalidDate');
  });

  it('refuses a name another organization has, whatever the case, and creates nothing', async () => {
    const before = await checksum(s, fingerprint);
    const res = await operator.post('/platform/organizations', organization('demo TRAVELS'));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', params: { field: 'name' }, issues: [{ path: 'name', code: 'taken' }] });
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('creates one organization when twenty identical requests arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => operator.post('/platform/organizations', organization('Twenty At Once'))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'DUPLICATE')).toHaveLength(19);
    expect(await s.sql(`select 1 from organizations where name = 'Twenty At Once'`)).toHaveLength(1);
    expect(await s.sql(`select 1 from members where email = 'owner@twenty-at-once.example'`)).toHaveLength(1);
  });
});

describe('a new link for an owner: POST /platform/organizations/{id}/members/{memberId}/invitation', () => {
  const renew = (org: string, member: string) => operator.post(`/platform/organizations/${org}/members/${member}/invitation`, {});
  const ownerOf = async (org: string) => (await s.sql<{ id: string }>('select id from members where organization_id = $1', [org]))[0]!.id;
  const demo = async (email: string) => (await s.sql<{ id: string; organization_id: string }>('select id, organization_id from members where email = $1', [email]))[0]!;

  it('replaces a lost link: the new one lets the owner in, the old one no longer does, and once in there is no other', async () => {
    const res = await operator.post('/platform/organizations', organization('Lost Links'));
    const org = res.body.data.organization._id;
    const first = res.body.data.invitation.url.split('#')[1];
    const owner = await ownerOf(org);

    const renewed = await renew(org, owner);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body.data).toMatchObject({ to: 'owner@lost-links.example', emailed: false });
    const second = renewed.body.data.url.split('#')[1];
    expect(second).not.toBe(first);
    expect((await s.agent().post('/api/auth/invitation', { token: first })).body.code).toBe('INVITATION_INVALID');
    expect((await s.agent().post('/api/auth/invitation/accept', { token: second, password: 'lost-links-owner-1' })).status).toBe(200);

    const again = await renew(org, owner);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVITATION_NOT_RENEWABLE');
    expect(again.body.message).toMatch(/set a password/);
  });

  it('is not a way into an account: an owner never invited, a member who is not an owner, another organization’s member', async () => {
    fingerprint = await checksumQuery(s);
    const before = await checksum(s, fingerprint);
    const owner = await demo('owner@demo.travel');
    const sales = await demo('sales@demo.travel');
    const neverInvited = await renew(owner.organization_id, owner.id);
    expect(neverInvited.status).toBe(409);
    expect(neverInvited.body).toMatchObject({ code: 'INVITATION_NOT_RENEWABLE', message: expect.stringMatching(/not invited through the platform/) });
    const notOwner = await renew(sales.organization_id, sales.id);
    expect(notOwner.status).toBe(409);
    expect(notOwner.body.code).toBe('INVITATION_NOT_RENEWABLE');
    const globe = (await s.sql<{ id: string }>(`select id from organizations where name = 'Globe Trotters'`))[0]!.id;
    expect((await renew(globe, owner.id)).status).toBe(404);
    expect((await renew('3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11', owner.id)).status).toBe(404);
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

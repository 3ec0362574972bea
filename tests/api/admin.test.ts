import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Agent } from '../support/agent';

let s: TestServer;
let owner: Agent;
let sales: Agent;
beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  sales = await s.login('sales@demo.travel');
});
afterAll(() => s.close());

describe('roles', () => {
  it('lists the Owner role first, with every permission', async () => {
    const res = await owner.get('/api/roles');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ name: 'Owner', isOwner: true });
    expect(res.body.data[0].permissions.members).toEqual(['view', 'create', 'update', 'delete', 'approve', 'export']);
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Finance', 'Operations', 'Sales agent']);
    expect(res.body.data.map((r: { memberCount: number }) => r.memberCount)).toEqual([1, 1, 1, 3]);
  });

  it('creates and updates a role, and the new permissions apply at the next call', async () => {
    const created = await owner.post('/api/roles', { name: 'Auditor', permissions: { members: ['view'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Auditor', version: 1, visibility: { leads: 'own', bookings: 'own' } });
    const member = await owner.post('/api/members', {
      name: 'Ada Auditor',
      email: 'ada@demo.travel',
      department: 'finance',
      roleId: created.body.data._id,
      password: 'auditor-password',
    });
    expect(member.status).toBe(201);
    const ada = await s.login('ada@demo.travel', 'auditor-password');
    expect((await ada.get('/api/members')).status).toBe(200);
    expect((await ada.get('/api/roles')).status).toBe(403);
    const updated = await owner.put('/api/roles', { _id: created.body.data._id, version: 1, permissions: { members: ['view'], roles: ['view'] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.version).toBe(2);
    expect((await ada.get('/api/roles')).status).toBe(200);
  });

  it('answers 412 to a stale version and keeps the newer change', async () => {
    const created = await owner.post('/api/roles', { name: 'Versioned', permissions: {} });
    const id = created.body.data._id;
    expect((await owner.put('/api/roles', { _id: id, version: 1, name: 'Versioned A' })).status).toBe(200);
    const stale = await owner.put('/api/roles', { _id: id, version: 1, name: 'Versioned B' });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('STALE_VERSION');
    const [row] = await s.sql<{ name: string }>('select name from roles where id = $1', [id]);
    expect(row.name).toBe('Versioned A');
  });

  it('never strips the Owner role', async () => {
    const ownerRole = (await owner.get('/api/roles')).body.data[0];
    const res = await owner.put('/api/roles', { _id: ownerRole._id, permissions: {} });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('OWNER_ROLE_LOCKED');
    expect((await owner.get('/api/members')).status).toBe(200);
  });

  it('refuses unknown modules and actions and duplicate names', async () => {
    const bad = await owner.post('/api/roles', { name: 'Bad', permissions: { spaceships: ['view'], members: ['fly'] } });
    expect(bad.status).toBe(400);
    const dup = await owner.post('/api/roles', { name: 'finance', permissions: {} });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A role with this name already exists');
  });

  it('is closed to a sales agent', async () => {
    expect((await sales.get('/api/roles')).status).toBe(403);
  });
});

describe('modules', () => {
  it('lists the menu in order for every member, and reorders it for an admin', async () => {
    const list = await sales.get('/api/modules');
    expect(list.status).toBe(200);
    expect(list.body.data[0].key).toBe('dashboard');
    const ids: string[] = list.body.data.map((m: { _id: string }) => m._id);
    const reversed = [...ids].reverse();
    expect((await sales.put('/api/modules/reorder', { order: reversed })).status).toBe(403);
    const res = await owner.put('/api/modules/reorder', { order: reversed });
    expect(res.status).toBe(200);
    const after = await sales.get('/api/modules');
    expect(after.body.data.map((m: { _id: string }) => m._id)).toEqual(reversed);
    expect(after.body.data.map((m: { order: number }) => m.order)).toEqual(ids.map((_, i) => i));
  });

  it('refuses a partial or repeated order and changes nothing', async () => {
    const before = (await owner.get('/api/modules')).body.data;
    const ids = before.map((m: { _id: string }) => m._id);
    expect((await owner.put('/api/modules/reorder', { order: ids.slice(1) })).status).toBe(400);
    expect((await owner.put('/api/modules/reorder', { order: [ids[0], ...ids.slice(0, -1)] })).status).toBe(400);
    expect((await owner.get('/api/modules')).body.data).toEqual(before);
  });

  it('renames and hides a module', async () => {
    const [first] = (await owner.get('/api/modules')).body.data;
    const res = await owner.put('/api/modules', { _id: first._id, name: 'Renamed', isActive: false, icon: 'pi pi-bolt' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', isActive: false, icon: 'pi pi-bolt' });
    expect((await owner.put('/api/modules', { _id: first._id, icon: 'javascript:alert(1)' })).status).toBe(400);
  });
});

describe('notifications', () => {
  it('lists unread ones, marks one and then all read, and hides other members\' notifications', async () => {
    const me = (await owner.get('/api/auth/me')).body.data.member;
    const [{ id: orgId }] = await s.sql<{ id: string }>(`select organization_id as id from members where id = $1`, [me._id]);
    // The demo's own: the welcome, and the demo bookings' payments waiting for verification.
    const seeded = (await owner.get('/api/notifications/unread')).body.stats.unread;
    for (const title of ['Lead assigned', 'Payment submitted']) {
      await s.sql(`insert into notifications (organization_id, member_id, type, title) values ($1, $2, 'system', $3)`, [orgId, me._id, title]);
    }
    const unread = await owner.get('/api/notifications/unread');
    expect(unread.body.stats.unread).toBe(seeded + 2);
    const first = unread.body.data[0];
    expect((await sales.put(`/api/notifications/${first._id}/read`)).status).toBe(404);
    const one = await owner.put(`/api/notifications/${first._id}/read`);
    expect(one.status).toBe(200);
    expect(one.body.data.readAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect((await owner.get('/api/notifications/unread')).body.stats.unread).toBe(seeded + 1);
    const all = await owner.put('/api/notifications/read');
    expect(all.body.data.updated).toBe(seeded + 1);
    expect((await owner.get('/api/notifications/unread')).body.data).toEqual([]);
  });
});

describe('organization', () => {
  it('reads and updates the settings, validating each field', async () => {
    const org = await owner.get('/api/members/organization');
    expect(org.body.data).toMatchObject({ name: 'Demo Travels', currency: 'USD', colorScheme: { primary: '#14b8a6', secondary: '#3b82f6' } });
    expect(org.body.data).not.toHaveProperty('secretHash');
    // Demo Travels has money in dollars: its currency is fixed, and nothing of the refused change is kept.
    const locked = await owner.put('/api/members/organization', { currency: 'aed', taxRate: 700 });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('CURRENCY_LOCKED');
    expect((await owner.get('/api/members/organization')).body.data).toMatchObject({ currency: 'USD', taxRate: org.body.data.taxRate });
    const res = await owner.put('/api/members/organization', { currency: 'usd', colorScheme: { primary: '#0ea5e9', secondary: '#f97316' }, taxRate: 500 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'USD', taxRate: 500, colorScheme: { primary: '#0ea5e9' } });
    const bad = await owner.put('/api/members/organization', { currency: 'XXY', timeZone: 'Mars/Olympus', colorScheme: { primary: 'teal', secondary: '#fff' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['colorScheme.primary', 'colorScheme.secondary', 'currency', 'timeZone']);
    expect((await owner.get('/api/auth/me')).body.data.organization.colorScheme.primary).toBe('#0ea5e9');
  });

  it('regenerates the secret: shown once, stored hashed, the old one gone', async () => {
    const [before] = await s.sql<{ secret_hash: string }>(`select secret_hash from organizations where name = 'Demo Travels'`);
    const res = await owner.put('/api/members/organization/regenerate/secret');
    expect(res.status).toBe(200);
    const secret: string = res.body.data.secret;
    expect(secret.length).toBeGreaterThan(30);
    expect(res.body.data.secretHint).toBe(secret.slice(-4));
    const [after] = await s.sql<{ secret_hash: string }>(`select secret_hash from organizations where name = 'Demo Travels'`);
    expect(after.secret_hash).not.toBe(before.secret_hash);
    expect(after.secret_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect((await owner.get('/api/members/organization')).body.data).not.toHaveProperty('secret');
    expect((await sales.put('/api/members/organization/regenerate/secret')).status).toBe(403);
  });
});

describe('configurations', () => {
  it('answers the seed\'s seven modules, the bookings\', the AI model\'s, the books\' and the cancellation policy with their defaults', async () => {
    const res = await owner.get('/api/configurations');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { module: string }) => c.module)).toEqual(['leads', 'customizedTours', 'personalizedTours', 'groupTours', 'regions', 'destionations', 'emailConfig', 'bookings', 'aiConfig', 'finance', 'cancellations']);
    expect(res.body.data.find((c: { module: string }) => c.module === 'emailConfig').settings).toMatchObject({ port: 587, passwordSet: false });
    expect(res.body.data.find((c: { module: string }) => c.module === 'cancellations').settings).toEqual({
      tiers: [
        { daysBeforeDeparture: 60, feeBasisPoints: 1_000 },
        { daysBeforeDeparture: 30, feeBasisPoints: 2_500 },
        { daysBeforeDeparture: 14, feeBasisPoints: 5_000 },
        { daysBeforeDeparture: 0, feeBasisPoints: 10_000 },
      ],
      flatFee: 0,
    });
  });

  it.each([
    ['customized-tour', 'customizedTours', { defaultMarkupPercent: 20 }],
    ['lead', 'leads', { defaultSource: 'phone', followUpReminderMinutes: 15 }],
    ['personalized-tour', 'personalizedTours', { inclusions: ['Breakfast'] }],
    ['group-tour', 'groupTours', { defaultCapacity: 40 }],
    ['region', 'regions', { showOnWebsite: false }],
    ['destionation', 'destionations', { showOnWebsite: false }],
    ['booking', 'bookings', { depositPercent: 25, reminderDaysBefore: 5, invoiceDueDays: 30 }],
    ['cancellations', 'cancellations', { tiers: [{ daysBeforeDeparture: 30, feeBasisPoints: 5_000 }], flatFee: 2_500 }],
  ])('PUT /configurations/%s saves %s', async (segment, module, settings) => {
    const res = await owner.put(`/api/configurations/${segment}`, settings);
    expect(res.status).toBe(200);
    expect(res.body.data.module).toBe(module);
    expect(res.body.data.settings).toMatchObject(settings);
    const all = await owner.get('/api/configurations');
    expect(all.body.data.find((c: { module: string }) => c.module === module).settings).toMatchObject(settings);
  });

  it('keeps the email password write-only', async () => {
    const set = await owner.put('/api/configurations/email-services', { host: 'smtp.example.com', user: 'mailer', password: 's3cret-pass', fromEmail: 'trips@demo.travel' });
    expect(set.status).toBe(200);
    expect(set.body.data.settings).toMatchObject({ host: 'smtp.example.com', passwordSet: true });
    expect(JSON.stringify(set.body)).not.toContain('s3cret-pass');
    const keep = await owner.put('/api/configurations/email-services', { host: 'smtp.example.com', user: 'mailer', fromName: 'Trips', fromEmail: 'trips@demo.travel' });
    expect(keep.body.data.settings).toMatchObject({ host: 'smtp.example.com', fromName: 'Trips', passwordSet: true });
    const [row] = await s.sql<{ settings: { password: string } }>(`select c.settings from configurations c join organizations o on o.id = c.organization_id where o.name = 'Demo Travels' and c.module = 'emailConfig'`);
    expect(row.settings.password).toBe('s3cret-pass');
    expect(JSON.stringify((await owner.get('/api/configurations')).body)).not.toContain('s3cret-pass');
  });

  it('refuses bad settings and writes nothing', async () => {
    const res = await owner.put('/api/configurations/lead', { defaultSource: 'pigeon', followUpReminderMinutes: -5 });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['defaultSource', 'followUpReminderMinutes']);
    expect((await sales.put('/api/configurations/lead', {})).status).toBe(403);
  });
});

describe('an expired subscription', () => {
  it('makes the organization read-only with a clear message', async () => {
    await s.sql(`update subscriptions set status = 'expired' where organization_id = (select id from organizations where name = 'Demo Travels')`);
    try {
      const write = await owner.post('/api/roles', { name: 'Late', permissions: {} });
      expect(write.status).toBe(403);
      expect(write.body.code).toBe('SUBSCRIPTION_READ_ONLY');
      expect((await owner.get('/api/roles')).status).toBe(200);
      expect((await owner.get('/api/auth/me')).body.data.subscription.readOnly).toBe(true);
    } finally {
      await s.sql(`update subscriptions set status = 'active'`);
    }
  });
});

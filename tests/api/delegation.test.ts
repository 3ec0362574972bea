import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberInput, updateMemberInput } from '../../src/api/admin/members/contract';
import { createRoleInput, updateRoleInput } from '../../src/api/admin/roles/contract';
import { ACTIONS, MODULE_KEYS, can, type Permissions } from '../../src/api/permissions';
import { registry } from '../../server/registry';
import { isStateChanging, type RouteDef } from '../../server/http/route';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Delegated administration never escalates: a member who may manage members or roles grants
 * nothing he does not hold, and only an Owner assigns the Owner role or touches an Owner.
 * Every field of the member and role inputs is classified below, so a new one (an `isOwner`, a
 * second role…) fails this file until someone says whether it grants access, and how it is tested.
 */
let s: TestServer;
let owner: Agent;
let lead: Agent; // a team lead who may manage members and roles, with a few permissions
const id: Record<string, string> = {};

const TEAM_LEAD: Permissions = { members: ['view', 'create', 'update'], roles: ['view', 'create', 'update'], leads: ['view', 'update'], contacts: ['view'] };

/** Every field of the inputs that can change what someone may do, and every other field. */
const FIELDS: Record<string, { schema: v.GenericSchema; grants: string[]; other: string[] }> = {
  'POST /roles': { schema: createRoleInput, grants: ['permissions', 'visibility'], other: ['name', 'description'] },
  'PUT /roles': { schema: updateRoleInput, grants: ['permissions', 'visibility'], other: ['_id', 'version', 'name', 'description'] },
  'POST /members': { schema: createMemberInput, grants: ['roleId'], other: ['name', 'email', 'phone', 'department', 'employmentStatus', 'joiningDate', 'exitDate', 'password'] },
  'PUT /members/memberId/:id': {
    schema: updateMemberInput,
    grants: ['roleId'],
    // Not grants, but an Owner's (or a stronger member's) password, email or activation in another's hands is a takeover or a lock-out.
    other: ['name', 'email', 'phone', 'department', 'employmentStatus', 'joiningDate', 'exitDate', 'isActive', 'password'],
  },
};
/** The keys of an object schema, or of the object schema at the head of a pipe. */
const fieldsOf = (schema: v.GenericSchema) => Object.keys((((schema as { pipe?: unknown[] }).pipe?.[0] ?? schema) as { entries: Record<string, unknown> }).entries);

const snapshot = () =>
  s.sql(`select r.id, r.name, r.is_owner, r.permissions::text, r.visibility::text, r.version from roles r
         union all select m.id, m.name || m.email || coalesce(m.phone, ''), m.is_active, m.role_id::text, m.password_hash, 0 from members m order by 1`);
const roleCount = async () => (await s.sql<{ n: number }>('select count(*)::int as n from roles'))[0].n;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  const roles = (await owner.get('/api/roles')).body.data as { _id: string; name: string; isOwner: boolean }[];
  id.ownerRole = roles.find((r) => r.isOwner)!._id;
  id.finance = roles.find((r) => r.name === 'Finance')!._id;
  id.teamLead = (await owner.post('/api/roles', { name: 'Team lead', permissions: TEAM_LEAD, visibility: { leads: 'own', bookings: 'own' } })).body.data._id;
  id.trainee = (await owner.post('/api/roles', { name: 'Trainee', permissions: { leads: ['view'] } })).body.data._id;
  const created = await owner.post('/api/members', { name: 'Tara Lead', email: 'tara@demo.travel', department: 'management', roleId: id.teamLead, password: 'team-lead-password' });
  id.teamLeadMember = created.body.data._id;
  id.traineeMember = (await owner.post('/api/members', { name: 'Tom Trainee', email: 'tom@demo.travel', department: 'sales', roleId: id.trainee, password: 'trainee-password' })).body.data._id;
  [id.ownerMember, id.financeMember] = await Promise.all(
    ['owner@demo.travel', 'finance@demo.travel'].map(async (e) => (await s.sql<{ id: string }>('select id from members where email = $1', [e]))[0].id),
  );
  lead = await s.login('tara@demo.travel', 'team-lead-password');
});
afterAll(() => s.close());

describe('the fields that grant access', () => {
  it('are known for every state-changing route of the members and roles modules', () => {
    const admin = [...registry.api, ...registry.platform].filter(
      (r: RouteDef) => r.access.kind === 'permission' && ['members', 'roles'].includes(r.access.module) && isStateChanging(r.method),
    );
    expect(admin.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(FIELDS).sort());
    for (const [route, { schema, grants, other }] of Object.entries(FIELDS)) {
      expect(fieldsOf(schema).sort(), `${route}: classify every field as granting access or not`).toEqual([...grants, ...other].sort());
    }
  });

  it('take no isOwner flag anywhere (400, nothing written)', async () => {
    const before = await snapshot();
    const calls = [
      owner.post('/api/roles', { name: 'Sneaky', permissions: {}, isOwner: true }),
      owner.put('/api/roles', { _id: id.trainee, isOwner: true }),
      lead.post('/api/members', { name: 'Sneaky', email: 'sneaky@demo.travel', department: 'sales', roleId: id.trainee, password: 'sneaky-password', isOwner: true }),
      lead.put(`/api/members/memberId/${id.traineeMember}`, { isOwner: true }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'isOwner', code: 'unknownField', params: {}, message: 'is not a known field' }]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('roles: nobody grants what they do not hold', () => {
  const lacking = MODULE_KEYS.flatMap((m) => ACTIONS.filter((a) => !can(TEAM_LEAD, m, a)).map((a) => [m, a] as const));

  it('refuses a new role with any permission the creator lacks, each one', async () => {
    const before = await roleCount();
    for (const [module, action] of lacking) {
      const res = await lead.post('/api/roles', { name: `Escalate ${module} ${action}`, permissions: { leads: ['view'], [module]: [action] } });
      expect(res.status, `${module}.${action}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'BEYOND_OWN_ACCESS', message: `You cannot create this role: it gives ${module}.${action}, which you do not hold` });
    }
    expect(await roleCount()).toBe(before);
  });

  it('refuses to add any permission the editor lacks to a role, his own included, each one', async () => {
    const before = await snapshot();
    for (const roleId of [id.trainee, id.teamLead]) {
      for (const [module, action] of lacking) {
        const res = await lead.put('/api/roles', { _id: roleId, permissions: { ...TEAM_LEAD, [module]: [action] } });
        expect(res.status, `${module}.${action}`).toBe(403);
        expect(res.body.code).toBe('BEYOND_OWN_ACCESS');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses wider lead or booking visibility than the editor has', async () => {
    const before = await snapshot();
    for (const visibility of [{ leads: 'all', bookings: 'own' }, { leads: 'own', bookings: 'all' }]) {
      const created = await lead.post('/api/roles', { name: 'Sees all', permissions: {}, visibility });
      expect(created.status).toBe(403);
      expect(created.body.message).toMatch(/^You cannot create this role: it sees all (leads|bookings), and you see only your own$/);
      expect((await lead.put('/api/roles', { _id: id.trainee, visibility })).status).toBe(403);
      expect((await lead.put('/api/roles', { _id: id.teamLead, visibility })).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('leaves the Owner role and stronger roles alone, whatever the field', async () => {
    const before = await snapshot();
    for (const change of [{ name: 'Mine now' }, { description: 'Mine now' }, { permissions: {} }, { visibility: { leads: 'own', bookings: 'own' } }]) {
      const ownerRole = await lead.put('/api/roles', { _id: id.ownerRole, ...change });
      expect(ownerRole.status).toBe(403);
      expect(ownerRole.body.code).toBe('OWNER_ONLY');
      const stronger = await lead.put('/api/roles', { _id: id.finance, ...change });
      expect(stronger.status).toBe(403);
      expect(stronger.body.message).toMatch(/^You cannot change this role: it gives \w+\.\w+, which you do not hold$/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets him create and change roles within his own access, and the Owner anything', async () => {
    const within = await lead.post('/api/roles', { name: 'Junior', permissions: { leads: ['view'], contacts: ['view'] } });
    expect(within.status).toBe(201);
    const changed = await lead.put('/api/roles', { _id: within.body.data._id, permissions: { leads: ['view', 'update'] }, name: 'Junior agent' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Junior agent', permissions: { leads: ['view', 'update'] } });
    // Taking rights away from his own role is within his access too.
    expect((await lead.put('/api/roles', { _id: id.teamLead, permissions: { ...TEAM_LEAD, contacts: [] } })).status).toBe(200);
    expect((await owner.put('/api/roles', { _id: id.teamLead, permissions: TEAM_LEAD })).status).toBe(200);
    expect((await owner.put('/api/roles', { _id: id.trainee, visibility: { leads: 'all', bookings: 'all' }, permissions: { leads: [...ACTIONS] } })).status).toBe(200);
    expect((await owner.put('/api/roles', { _id: id.trainee, visibility: { leads: 'own', bookings: 'own' }, permissions: { leads: ['view'] } })).status).toBe(200);
  });
});

describe('members: only within one’s own access, and Owners only by an Owner', () => {
  const newMember = (roleId: string) => ({ name: 'Ned New', email: `ned.${Math.random().toString(36).slice(2, 8)}@demo.travel`, department: 'sales', roleId, password: 'ned-password-2026' });

  it('refuses a new member with the Owner role or a stronger role', async () => {
    const before = await snapshot();
    const asOwner = await lead.post('/api/members', newMember(id.ownerRole));
    expect(asOwner.status).toBe(403);
    expect(asOwner.body).toMatchObject({ code: 'OWNER_ONLY', message: "Only an Owner may assign the Owner role, change it, or change an Owner's membership" });
    const stronger = await lead.post('/api/members', newMember(id.finance));
    expect(stronger.status).toBe(403);
    expect(stronger.body.message).toMatch(/^You cannot assign this role: it gives \w+\.\w+, which you do not hold$/);
    expect(await snapshot()).toEqual(before);
    expect((await lead.post('/api/members', newMember(id.trainee))).status).toBe(201);
  });

  it("refuses to give a member the Owner role or a stronger one, his own member record's included", async () => {
    const before = await snapshot();
    for (const memberId of [id.traineeMember, id.teamLeadMember]) {
      for (const [roleId, code] of [[id.ownerRole, 'OWNER_ONLY'], [id.finance, 'BEYOND_OWN_ACCESS']]) {
        const res = await lead.put(`/api/members/memberId/${memberId}`, { roleId });
        expect(res.status).toBe(memberId === id.teamLeadMember ? 409 : 403); // his own role he may not change at all
        if (res.status === 403) expect(res.body.code).toBe(code);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to touch an Owner's or a stronger member's record, field by field", async () => {
    const before = await snapshot();
    const changes: Record<string, unknown> = {
      name: 'Taken over',
      email: 'takeover@demo.travel',
      phone: '+1 555 0000',
      department: 'sales',
      employmentStatus: 'exited',
      joiningDate: '2020-01-01',
      exitDate: '2030-01-01',
      isActive: false,
      password: 'i-know-it-now-123',
      roleId: id.trainee,
    };
    expect(Object.keys(changes).sort()).toEqual([...FIELDS['PUT /members/memberId/:id'].grants, ...FIELDS['PUT /members/memberId/:id'].other].sort());
    for (const [field, value] of Object.entries(changes)) {
      const ownerRecord = await lead.put(`/api/members/memberId/${id.ownerMember}`, { [field]: value });
      expect(ownerRecord.status, field).toBe(403);
      expect(ownerRecord.body.code).toBe('OWNER_ONLY');
      const stronger = await lead.put(`/api/members/memberId/${id.financeMember}`, { [field]: value });
      expect(stronger.status, field).toBe(403);
      expect(stronger.body.code).toBe('BEYOND_OWN_ACCESS');
    }
    expect(await snapshot()).toEqual(before);
    // The Owner's sessions survived: nobody reset the password.
    expect((await owner.get('/api/auth/me')).status).toBe(200);
  });

  it('lets him manage members within his access, and the Owner appoint another Owner', async () => {
    expect((await lead.put(`/api/members/memberId/${id.traineeMember}`, { phone: '+1 555 0101', roleId: id.trainee })).status).toBe(200);
    const promoted = await owner.put(`/api/members/memberId/${id.traineeMember}`, { roleId: id.ownerRole });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.roleName).toBe('Owner');
    // Now an Owner: out of the team lead's reach.
    expect((await lead.put(`/api/members/memberId/${id.traineeMember}`, { phone: '+1 555 0102' })).status).toBe(403);
  });
});

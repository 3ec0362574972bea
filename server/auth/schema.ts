import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permissions, Visibility } from '../../src/api/permissions';
import { MAX_SEATS, PLANS, SUBSCRIPTION_STATUSES } from '../../src/api/platform/subscription';
import type { Preferences } from '../../src/api/admin/members/contract';
import { id, instant, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { declareDuplicates } from '../http/errors';

/**
 * Who may call, as what: members, their roles, the organization's subscription, sessions and sign-in
 * throttling; platform operators and their sessions; invitations to set a first password.
 */

const oneOf = (values: readonly string[]) => sql.raw(values.map((x) => `'${x}'`).join(', '));

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organizationId: tenantId(),
    plan: text('plan').notNull().default('starter'),
    seats: integer('seats').notNull().default(10),
    status: text('status').notNull().default('active'),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_org_uq').on(t.organizationId),
    index('subscriptions_status_idx').on(t.status),
    index('subscriptions_plan_idx').on(t.plan),
    check('subscriptions_status_ck', sql`${t.status} in (${oneOf(SUBSCRIPTION_STATUSES)})`),
    check('subscriptions_plan_ck', sql`${t.plan} in (${oneOf(PLANS)})`),
    check('subscriptions_seats_ck', sql`${t.seats} between 1 and ${sql.raw(String(MAX_SEATS))}`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    isOwner: boolean('is_owner').notNull().default(false),
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    visibility: jsonb('visibility').$type<Visibility>().notNull().default({ leads: 'own', bookings: 'own' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const members = pgTable(
  'members',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: text('department').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    employmentStatus: text('employment_status').notNull().default('active'),
    joiningDate: date('joining_date', { mode: 'string' }),
    exitDate: date('exit_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique within an organization only: another organization's emails are none of its business
    // (a clash there must not answer "already exists"). Sign-in looks members up by email alone.
    uniqueIndex('members_org_email_uq').on(t.organizationId, sql`lower(${t.email})`),
    index('members_email_idx').on(sql`lower(${t.email})`),
    index('members_org_name_idx').on(t.organizationId, t.name),
    index('members_org_department_idx').on(t.organizationId, t.department),
    index('members_role_idx').on(t.roleId),
  ],
);

/** A session's token and times, members' and operators' alike (server/auth/session.ts hashes, times out and revokes both). */
const sessionColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastSeenAt: instant('last_seen_at').notNull().default(sql`now()`),
  expiresAt: instant('expires_at').notNull(),
  revokedAt: instant('revoked_at'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    organizationId: tenantId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/** Failed sign-ins per key (account, address, account+address); not tenant data. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: instant('last_failure_at').notNull().default(sql`now()`),
  blockedUntil: instant('blocked_until'),
});

/**
 * A member's invitation to set their first password (the owner of an onboarded organization): a
 * one-time token, only its SHA-256 stored, valid until `expires_at` or its first use.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: tenantId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_member_idx').on(t.memberId)],
);

/** Platform operators: the people who run the parent service. Not members of any organization, not tenant data. */
export const platformOperators = pgTable(
  'platform_operators',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('platform_operators_email_uq').on(sql`lower(${t.email})`)],
);

/** Operators' sessions: the same tokens, hashing and time-outs as members' (server/auth/session.ts). */
export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: id(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => platformOperators.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('platform_sessions_token_uq').on(t.tokenHash), index('platform_sessions_operator_idx').on(t.operatorId)],
);

declareDuplicates({
  members_org_email_uq: { field: 'email', message: 'A member with this email already exists' },
  roles_org_name_uq: { field: 'name', message: 'A role with this name already exists' },
});

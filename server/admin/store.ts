import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { configSettingsSchemas, type ConfigModule, type ModuleSettings } from '../../src/api/admin/configurations/contract';
import type { Tx } from '../db/client';
import { configurations } from './schema';
import { DEFAULT_PREFERENCES, type Member } from '../../src/api/admin/members/contract';
import type { Organization } from '../../src/api/admin/organization/contract';
import { members, roles } from '../auth/schema';
import { hashToken } from '../auth/tokens';
import { organizations } from '../db/tenancy';
import { notFound } from '../http/errors';

export type { ModuleSettings };

/** Settings saved by an older version may carry keys the schema no longer knows. */
export function knownSettings(module: ConfigModule, stored: Record<string, unknown>): Record<string, unknown> {
  const known = Object.keys((configSettingsSchemas[module] as unknown as { entries: object }).entries);
  return Object.fromEntries(Object.entries(stored).filter(([k]) => known.includes(k)));
}

/** One module's settings of the caller's organization, with the defaults for what was never saved. */
export async function moduleSettings<M extends ConfigModule>(tx: Tx, module: M): Promise<ModuleSettings<M>> {
  const [row] = await tx.select({ settings: configurations.settings }).from(configurations).where(eq(configurations.module, module));
  return v.parse(configSettingsSchemas[module], knownSettings(module, row?.settings ?? {})) as ModuleSettings<M>;
}

export function toOrganization(row: typeof organizations.$inferSelect): Organization {
  return {
    _id: row.id,
    name: row.name,
    currency: row.currency,
    timeZone: row.timeZone,
    colorScheme: { primary: row.colorPrimary, secondary: row.colorSecondary },
    invoicePrefix: row.invoicePrefix,
    taxRate: row.taxRate,
    terms: row.terms,
    address: row.address,
    secretHint: row.secretHint,
  };
}

/** The caller's organization: row-level security leaves exactly one row visible. */
export async function currentOrganization(tx: Tx) {
  const [row] = await tx.select().from(organizations).limit(1);
  if (!row) throw notFound('Organization');
  return row;
}

/** The lead-capture secret: shown once when made, stored only as a hash. */
export function newOrganizationSecret() {
  const secret = `ts_${crypto.randomBytes(24).toString('base64url')}`;
  return { secret, secretHash: hashToken(secret), secretHint: secret.slice(-4) };
}

export const memberColumns = {
  id: members.id,
  name: members.name,
  email: members.email,
  phone: members.phone,
  department: members.department,
  roleId: members.roleId,
  roleName: roles.name,
  employmentStatus: members.employmentStatus,
  joiningDate: members.joiningDate,
  exitDate: members.exitDate,
  isActive: members.isActive,
  preferences: members.preferences,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
};
/** Members with the name of their role, as every member answer shows them. */
export const selectMembers = (tx: Tx) => tx.select(memberColumns).from(members).leftJoin(roles, eq(roles.id, members.roleId));
export type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

export function toMember(row: MemberRow): Member {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    department: row.department as Member['department'],
    roleId: row.roleId,
    roleName: row.roleName ?? undefined,
    employmentStatus: row.employmentStatus as Member['employmentStatus'],
    joiningDate: row.joiningDate,
    exitDate: row.exitDate,
    isActive: row.isActive,
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function findMember(tx: Tx, id: string): Promise<Member> {
  const [row] = await selectMembers(tx).where(eq(members.id, id));
  if (!row) throw notFound('Member');
  return toMember(row);
}

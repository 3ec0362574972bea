import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { updateOrganizationInput, type Organization } from '../../src/api/admin/organization/contract';
import { hashToken } from '../auth/tokens';
import type { Tx } from '../db/client';
import { organizations } from '../db/schema';
import { notFound } from '../http/errors';
import { allow, route } from '../http/route';

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

export const organizationRoutes = [
  route({
    method: 'GET',
    path: '/members/organization',
    access: allow('organization', 'view'),
    handler: async ({ tx }) => ({ data: toOrganization(await currentOrganization(tx)) }),
  }),

  route({
    method: 'PUT',
    path: '/members/organization',
    access: allow('organization', 'update'),
    body: updateOrganizationInput,
    async handler({ tx, body }) {
      const { colorScheme, ...rest } = body;
      const org = await currentOrganization(tx);
      const [row] = await tx
        .update(organizations)
        .set({
          ...rest,
          ...(colorScheme ? { colorPrimary: colorScheme.primary, colorSecondary: colorScheme.secondary } : {}),
          updatedAt: sql`now()`,
        })
        .where(sql`${organizations.id} = ${org.id}`)
        .returning();
      return { data: toOrganization(row) };
    },
  }),

  route({
    method: 'PUT',
    path: '/members/organization/regenerate/secret',
    access: allow('organization', 'update'),
    async handler({ tx }) {
      const org = await currentOrganization(tx);
      const { secret, secretHash, secretHint } = newOrganizationSecret();
      const [row] = await tx
        .update(organizations)
        .set({ secretHash, secretHint, updatedAt: sql`now()` })
        .where(sql`${organizations.id} = ${org.id}`)
        .returning();
      return { data: { ...toOrganization(row), secret } };
    },
  }),
];

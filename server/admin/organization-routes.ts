import { sql } from 'drizzle-orm';
import { organizationEndpoints } from '../../src/api/admin/organization/contract';
import { organizations } from '../db/tenancy';
import { allow, route } from '../http/route';
import { toOrganization, currentOrganization, newOrganizationSecret } from './store';

export const organizationRoutes = [
  route({
    endpoint: organizationEndpoints.get,
    access: allow('organization', 'view'),
    handler: async ({ tx }) => ({ data: toOrganization(await currentOrganization(tx)) }),
  }),

  route({
    endpoint: organizationEndpoints.update,
    access: allow('organization', 'update'),
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
    endpoint: organizationEndpoints.regenerateSecret,
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

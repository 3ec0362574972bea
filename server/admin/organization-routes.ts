import { itemAnswer } from '../../src/api/common/schemas';
import { sql } from 'drizzle-orm';
import { organizationPaths, organizationSchema, organizationWithSecretSchema, updateOrganizationInput } from '../../src/api/admin/organization/contract';
import { organizations } from '../db/tenancy';
import { allow, route } from '../http/route';
import { toOrganization, currentOrganization, newOrganizationSecret } from './store';

export const organizationRoutes = [
  route({
    method: 'GET',
    path: organizationPaths.organization.pattern,
    answers: itemAnswer(organizationSchema),
    access: allow('organization', 'view'),
    handler: async ({ tx }) => ({ data: toOrganization(await currentOrganization(tx)) }),
  }),

  route({
    method: 'PUT',
    path: organizationPaths.organization.pattern,
    answers: itemAnswer(organizationSchema),
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
    path: organizationPaths.regenerateSecret.pattern,
    answers: itemAnswer(organizationWithSecretSchema),
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

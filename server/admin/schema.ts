import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { declareDuplicates } from '../http/errors';

/** The organization's navigation modules and per-module configurations. */

export const appModules = pgTable(
  'modules',
  {
    id: id(),
    organizationId: tenantId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default('pi pi-circle'),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('modules_org_key_uq').on(t.organizationId, t.key), index('modules_org_position_idx').on(t.organizationId, t.position)],
);

export const configurations = pgTable(
  'configurations',
  {
    id: id(),
    organizationId: tenantId(),
    module: text('module').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('configurations_org_module_uq').on(t.organizationId, t.module)],
);

declareDuplicates({
  organizations_name_uq: { field: 'name', message: 'An organization with this name already exists' },
  modules_org_key_uq: { field: 'key', message: 'This module already exists' },
});

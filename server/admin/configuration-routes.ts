import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { CONFIG_MODULES, CONFIG_PATHS, SECRET_FIELDS, configSettingsSchemas, configurationSchema, type ConfigModule, type Configuration } from '../../src/api/admin/configurations/contract';
import { itemAnswer } from '../../src/api/common/schemas';
import type { Tx } from '../db/client';
import { configurations } from './schema';
import { allow, route } from '../http/route';
import { knownSettings } from './store';

/** Write-only secrets never leave the server; the answer says whether one is set. */
function publicSettings(module: ConfigModule, stored: Record<string, unknown>): Record<string, unknown> {
  const settings = { ...v.parse(configSettingsSchemas[module], knownSettings(module, stored)) } as Record<string, unknown>;
  const secret = SECRET_FIELDS[module];
  if (secret) {
    settings[`${secret}Set`] = typeof stored[secret] === 'string' && (stored[secret] as string).length > 0;
    delete settings[secret];
  }
  return settings;
}

async function loadAll(tx: Tx): Promise<Configuration[]> {
  const rows = await tx.select().from(configurations);
  const byModule = new Map(rows.map((r) => [r.module, r.settings]));
  return CONFIG_MODULES.map((module) => ({ module, settings: publicSettings(module, byModule.get(module) ?? {}) }));
}

export const configurationRoutes = [
  route({
    method: 'GET',
    path: '/configurations',
    answers: itemAnswer(v.array(configurationSchema)),
    access: allow('configurations', 'view'),
    handler: async ({ tx }) => ({ data: await loadAll(tx) }),
  }),
  ...Object.entries(CONFIG_PATHS).map(([segment, module]) =>
    route({
      method: 'PUT',
      path: `/configurations/${segment}`,
      answers: itemAnswer(configurationSchema),
      access: allow('configurations', 'update'),
      body: configSettingsSchemas[module] as v.GenericSchema<unknown, Record<string, unknown>>,
      async handler({ tx, body }) {
        const settings = { ...body };
        // Omitting a write-only secret keeps the stored one.
        const secret = SECRET_FIELDS[module];
        const keep = !!secret && settings[secret] === undefined;
        await tx
          .insert(configurations)
          .values({ module, settings })
          .onConflictDoUpdate({
            target: [configurations.organizationId, configurations.module],
            set: {
              settings: keep
                ? sql`excluded.settings || jsonb_strip_nulls(jsonb_build_object(${secret}::text, ${configurations.settings}->${secret}::text))`
                : sql`excluded.settings`,
              updatedAt: sql`now()`,
            },
          });
        const all = await loadAll(tx);
        return { data: all.find((c) => c.module === module) };
      },
    }),
  ),
];

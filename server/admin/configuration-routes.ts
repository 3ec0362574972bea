import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { configurationEndpoints, CONFIG_MODULES, CONFIG_PATHS, SECRET_DESTINATIONS, SECRET_FIELDS, configSettingsSchemas, type ConfigModule, type Configuration } from '../../src/api/admin/configurations/contract';
import type { Tx } from '../db/client';
import { configurations } from './schema';
import { allow, route } from '../http/route';
import { invalidField } from '../http/errors';
import { allowedDestination, isOperatorUrl, outboundPolicy } from '../http/outbound';
import type { AppServices } from '../services';
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

/** A destination's value as it is compared: host names and URLs are case- and trailing-slash-blind. */
const destinationValue = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/\/+$/, '') : value);

/**
 * A save that sends a stored write-only secret somewhere else (SECRET_DESTINATIONS) without the
 * secret in the body is refused, naming the secret's field: whoever may change the settings must
 * know the secret to move it. Emptying the destination moves it nowhere and is allowed.
 */
async function assertSecretStays(tx: Tx, module: ConfigModule, settings: Record<string, unknown>) {
  const secret = SECRET_FIELDS[module];
  const destination = SECRET_DESTINATIONS[module];
  if (!secret || !destination || settings[secret] !== undefined) return;
  const [row] = await tx.select({ settings: configurations.settings }).from(configurations).where(eq(configurations.module, module)).for('update');
  const stored = row?.settings ?? {};
  if (typeof stored[secret] !== 'string' || stored[secret] === '') return;
  // The first field is where it goes (the host, the base URL): emptied, the secret goes nowhere.
  if (destinationValue(settings[destination[0]]) === '') return;
  const before = v.parse(configSettingsSchemas[module], knownSettings(module, stored)) as Record<string, unknown>;
  const moved = destination.filter((field) => destinationValue(before[field]) !== destinationValue(settings[field]));
  if (moved.length) {
    throw invalidField(secret, 'required', `must be given again when ${moved.join(', ')} change${moved.length === 1 ? 's' : ''}: it would be sent somewhere else`, { rule: 'destination', fields: moved });
  }
}

/** An organization's mail server or model endpoint may not be an address of the platform's own network (server/http/outbound.ts). */
async function assertReachable(module: ConfigModule, settings: Record<string, unknown>, services: AppServices) {
  const policy = outboundPolicy(services.config.outboundAllowedRanges);
  const refuse = (field: string) => invalidField(field, 'forbiddenAddress', "must not be an address of the platform's own network");
  if (module === 'emailConfig' && typeof settings.host === 'string' && settings.host && !(await allowedDestination(settings.host, policy))) throw refuse('host');
  if (module === 'aiConfig' && typeof settings.baseUrl === 'string' && settings.baseUrl && !isOperatorUrl(settings.baseUrl, services.config.ai.baseUrl)) {
    if (!(await allowedDestination(new URL(settings.baseUrl).hostname, policy))) throw refuse('baseUrl');
  }
}

export const configurationRoutes = [
  route({
    endpoint: configurationEndpoints.list,
    access: allow('configurations', 'view'),
    handler: async ({ tx }) => ({ data: await loadAll(tx) }),
  }),
  ...Object.entries(CONFIG_PATHS).map(([segment, module]) =>
    route({
      endpoint: configurationEndpoints.settings[segment],
      access: allow('configurations', 'update'),
      async handler({ tx, body, services }) {
        const settings = { ...body };
        await assertReachable(module, settings, services);
        await assertSecretStays(tx, module, settings);
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

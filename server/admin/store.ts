import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { configSettingsSchemas, type ConfigModule } from '../../src/api/admin/configurations/contract';
import type { Tx } from '../db/client';
import { configurations } from '../db/schema';

export type ModuleSettings<M extends ConfigModule> = v.InferOutput<(typeof configSettingsSchemas)[M]>;

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

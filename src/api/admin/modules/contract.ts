import * as v from 'valibot';
import { idSchema, nonEmpty } from '../../common/schemas';
import { MODULE_KEYS, type ModuleKey } from '../../permissions';

/** A navigation section; `order` is the menu order. */
export interface AppModule {
  _id: string;
  key: ModuleKey;
  name: string;
  icon: string;
  order: number;
  isActive: boolean;
}

const iconSchema = v.pipe(v.string('must be text'), v.regex(/^pi pi-[a-z0-9-]+$/, 'must be a PrimeIcons class like "pi pi-users"'));

export const createModuleInput = v.strictObject({
  key: v.picklist(MODULE_KEYS, 'must be a known module'),
  name: nonEmpty(80),
  icon: v.optional(iconSchema, 'pi pi-circle'),
  isActive: v.optional(v.boolean('must be true or false'), true),
});
export type CreateModuleInput = v.InferOutput<typeof createModuleInput>;

export const updateModuleInput = v.strictObject({
  _id: idSchema,
  name: v.optional(nonEmpty(80)),
  icon: v.optional(iconSchema),
  isActive: v.optional(v.boolean('must be true or false')),
});
export type UpdateModuleInput = v.InferOutput<typeof updateModuleInput>;

export const reorderModulesInput = v.strictObject({
  order: v.pipe(
    v.array(idSchema, 'must be a list of module ids'),
    v.nonEmpty('must list the modules'),
    v.maxLength(200, 'has too many modules'),
    v.check((ids) => new Set(ids).size === ids.length, 'must not repeat a module'),
  ),
});
export type ReorderModulesInput = v.InferOutput<typeof reorderModulesInput>;

import * as v from 'valibot';
import { coded } from '../../common/issues';
import { flag, idSchema, oneOf, requiredText, storable, uuid } from '../../common/schemas';
import { MODULE_KEYS } from '../../permissions';
import { routePath } from '../../common/paths';

/** A navigation section; `order` is the menu order. */
export const appModuleSchema = v.object({
  _id: uuid,
  key: v.picklist(MODULE_KEYS),
  name: v.string(),
  icon: v.string(),
  order: v.number(),
  isActive: v.boolean(),
});
export type AppModule = v.InferOutput<typeof appModuleSchema>;

const iconSchema = v.pipe(storable(), v.regex(/^pi pi-[a-z0-9-]+$/, coded('invalidFormat', 'must be a PrimeIcons class like "pi pi-users"', { example: 'pi pi-users' })));

export const createModuleInput = v.strictObject({
  key: oneOf(MODULE_KEYS, 'must be a known module'),
  name: requiredText(80),
  icon: v.optional(iconSchema, 'pi pi-circle'),
  isActive: v.optional(flag, true),
});
export type CreateModuleInput = v.InferOutput<typeof createModuleInput>;

export const updateModuleInput = v.strictObject({
  _id: idSchema,
  name: v.optional(requiredText(80)),
  icon: v.optional(iconSchema),
  isActive: v.optional(flag),
});
export type UpdateModuleInput = v.InferOutput<typeof updateModuleInput>;

export const reorderModulesInput = v.strictObject({
  order: v.pipe(
    v.array(idSchema, coded('invalidType', 'must be a list of module ids', { expected: 'list' })),
    v.nonEmpty(coded('tooFewItems', 'must list the modules', { min: 1 })),
    v.maxLength(200, coded('tooManyItems', 'has too many modules', { max: 200 })),
    v.check((ids) => new Set(ids).size === ids.length, coded('duplicateItems', 'must not repeat a module')),
  ),
});
export type ReorderModulesInput = v.InferOutput<typeof reorderModulesInput>;

/** The modules' paths, declared once: the server's routes register `.pattern`, the web app calls them. */
export const modulePaths = {
  /** `GET` the list, `POST` one, `PUT` one (named in the body). */
  list: routePath('/modules'),
  reorder: routePath('/modules/reorder'),
};

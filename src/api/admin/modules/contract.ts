import * as v from 'valibot';
import { coded } from '../../common/issues';
import { flag, idSchema, itemAnswer, listAnswerOf, oneOf, pageQuery, requiredText, storable, uuid } from '../../common/schemas';
import { MODULE_KEYS } from '../../permissions';
import { endpoint } from '../../common/endpoint';

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

/** The modules' list: a page of them, up to 200 (the menu asks for all). */
export const modulesQuery = v.strictObject({ page: pageQuery().page, limit: pageQuery(200).limit });

/** The modules' calls, declared once (src/api/common/endpoint.ts): `PUT /modules` names the module in the body. */
export const moduleEndpoints = {
  /** Every member reads the modules: they are the menu. The client shows those the role may view. */
  list: endpoint({ method: 'GET', path: '/modules', query: modulesQuery, answer: listAnswerOf(appModuleSchema) }),
  create: endpoint({ method: 'POST', path: '/modules', body: createModuleInput, answer: itemAnswer(appModuleSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/modules', body: updateModuleInput, answer: itemAnswer(appModuleSchema) }),
  reorder: endpoint({ method: 'PUT', path: '/modules/reorder', body: reorderModulesInput, answer: itemAnswer(v.array(appModuleSchema)) }),
};

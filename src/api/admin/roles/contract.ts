import * as v from 'valibot';
import { coded } from '../../common/issues';
import { clearableText, idSchema, intBetween, itemAnswer, listAnswerOf, oneOf, pageQuery, requiredText, uuid, multiline } from '../../common/schemas';
import { ACTIONS, MODULE_KEYS, VISIBILITY_SCOPES, type Permissions } from '../../permissions';
import { permissionsAnswer, visibilityAnswer } from '../auth/contract';
import { endpoint } from '../../common/endpoint';

export const roleSchema = v.object({
  _id: uuid,
  name: v.string(),
  description: v.nullable(v.string()),
  isOwner: v.boolean(),
  permissions: permissionsAnswer,
  visibility: visibilityAnswer,
  version: v.number(),
  memberCount: v.optional(v.number()),
});
export type Role = v.InferOutput<typeof roleSchema>;

const permissionsSchema = v.pipe(
  v.record(
    oneOf(MODULE_KEYS, 'must be a known module'),
    v.pipe(
      v.array(oneOf(ACTIONS), coded('invalidType', 'must be a list of actions', { expected: 'list' })),
      v.maxLength(ACTIONS.length, coded('tooManyItems', `must name at most ${ACTIONS.length} actions`, { max: ACTIONS.length })),
    ),
    coded('invalidType', 'must be an object of actions per module', { expected: 'object' }),
  ),
  v.transform((p) => p as Permissions),
);
const visibilitySchema = v.strictObject({
  leads: oneOf(VISIBILITY_SCOPES, 'must be own or all'),
  bookings: oneOf(VISIBILITY_SCOPES, 'must be own or all'),
});

export const createRoleInput = v.strictObject({
  name: requiredText(80),
  description: clearableText(500, multiline),
  permissions: permissionsSchema,
  visibility: v.optional(visibilitySchema, { leads: 'own', bookings: 'own' }),
});
export type CreateRoleInput = v.InferOutput<typeof createRoleInput>;

/** `PUT /roles` carries the role's id in the body (seed section 7); `version` guards lost updates (412). */
export const updateRoleInput = v.strictObject({
  _id: idSchema,
  version: v.optional(intBetween(1, 2_147_483_647)),
  name: v.optional(requiredText(80)),
  description: clearableText(500, multiline),
  permissions: v.optional(permissionsSchema),
  visibility: v.optional(visibilitySchema),
});
export type UpdateRoleInput = v.InferOutput<typeof updateRoleInput>;

/** The roles' list: a page of them (the screen asks for all, up to 200). */
export const rolesQuery = v.strictObject({ page: pageQuery().page, limit: pageQuery().limit });

/** The roles' calls, declared once (src/api/common/endpoint.ts): `PUT` names the role in the body (seed section 7). */
export const roleEndpoints = {
  list: endpoint({ method: 'GET', path: '/roles', query: rolesQuery, answer: listAnswerOf(roleSchema) }),
  create: endpoint({ method: 'POST', path: '/roles', body: createRoleInput, answer: itemAnswer(roleSchema), status: 201 }),
  update: endpoint({ method: 'PUT', path: '/roles', body: updateRoleInput, answer: itemAnswer(roleSchema) }),
};

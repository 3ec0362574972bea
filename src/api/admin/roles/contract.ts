import * as v from 'valibot';
import { idSchema, nonEmpty, optionalText } from '../../common/schemas';
import { ACTIONS, MODULE_KEYS, VISIBILITY_SCOPES, type Permissions, type Visibility } from '../../permissions';

export interface Role {
  _id: string;
  name: string;
  description: string | null;
  isOwner: boolean;
  permissions: Permissions;
  visibility: Visibility;
  version: number;
  memberCount?: number;
}

const permissionsSchema = v.pipe(
  v.record(
    v.picklist(MODULE_KEYS, 'must be a known module'),
    v.pipe(v.array(v.picklist(ACTIONS, `must be one of ${ACTIONS.join(', ')}`)), v.maxLength(ACTIONS.length)),
  ),
  v.transform((p) => p as Permissions),
);
const visibilitySchema = v.strictObject({
  leads: v.picklist(VISIBILITY_SCOPES, 'must be own or all'),
  bookings: v.picklist(VISIBILITY_SCOPES, 'must be own or all'),
});

export const createRoleInput = v.strictObject({
  name: nonEmpty(80),
  description: optionalText(500),
  permissions: permissionsSchema,
  visibility: v.optional(visibilitySchema, { leads: 'own', bookings: 'own' }),
});
export type CreateRoleInput = v.InferOutput<typeof createRoleInput>;

/** `PUT /roles` carries the role's id in the body (seed section 7); `version` guards lost updates (412). */
export const updateRoleInput = v.strictObject({
  _id: idSchema,
  version: v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
  name: v.optional(nonEmpty(80)),
  description: optionalText(500),
  permissions: v.optional(permissionsSchema),
  visibility: v.optional(visibilitySchema),
});
export type UpdateRoleInput = v.InferOutput<typeof updateRoleInput>;

import { eq } from 'drizzle-orm';
import { ACTIONS, MODULE_KEYS, VISIBILITY_SCOPES, can, type Permissions, type Visibility } from '../../src/api/permissions';
import type { AuthContext } from '../auth/session';
import { roles } from '../auth/schema';
import type { Tx } from '../db/client';
import { ApiError } from '../http/errors';

/** What a role gives its members. */
export interface Grant {
  isOwner: boolean;
  permissions: Permissions;
  visibility: Visibility;
}

const wider = (a: Visibility[keyof Visibility], b: Visibility[keyof Visibility]) => VISIBILITY_SCOPES.indexOf(a) > VISIBILITY_SCOPES.indexOf(b);

/**
 * Delegated administration never escalates: a member who may manage roles or members administers
 * only what lies within his own access. He may create, change or assign a role only when it gives
 * nothing he lacks (no permission, no wider visibility), and change a member only when that
 * member's role gives nothing he lacks (else he could set their password and sign in as them).
 * Only an Owner assigns the Owner role, changes it, or changes an Owner's membership.
 * `action` completes "You cannot …" in the 403 ("assign this role").
 */
export function assertWithinOwnAccess(auth: AuthContext, grant: Grant, action: string) {
  if (auth.role.isOwner) return;
  if (grant.isOwner) throw new ApiError(403, 'OWNER_ONLY', "Only an Owner may assign the Owner role, change it, or change an Owner's membership");
  for (const module of MODULE_KEYS) {
    for (const a of ACTIONS) {
      if (can(grant.permissions, module, a) && !can(auth.role.permissions, module, a)) {
        throw new ApiError(403, 'BEYOND_OWN_ACCESS', `You cannot ${action}: it gives ${module}.${a}, which you do not hold`);
      }
    }
  }
  for (const scope of Object.keys(grant.visibility) as (keyof Visibility)[]) {
    if (wider(grant.visibility[scope], auth.role.visibility[scope])) {
      throw new ApiError(403, 'BEYOND_OWN_ACCESS', `You cannot ${action}: it sees ${grant.visibility[scope]} ${scope}, and you see only your own`);
    }
  }
}

/** The grant of one of the organization's roles (undefined when it has none by that id). */
export async function roleGrant(tx: Tx, roleId: string): Promise<Grant | undefined> {
  const [row] = await tx.select({ isOwner: roles.isOwner, permissions: roles.permissions, visibility: roles.visibility }).from(roles).where(eq(roles.id, roleId));
  return row;
}

import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Visibility } from '../../src/api/permissions';
import type { AuthContext } from './session';

/**
 * Own/all visibility (SPEC "People and platform": leads and bookings): a role whose scope is "own"
 * sees the records `owner` names it on, and nothing else; "all" (and the Owner role) sees every
 * record of the organization. The answer is a condition for the query's WHERE (undefined: no limit).
 */
export function visibleTo(auth: AuthContext, scope: keyof Visibility, owner: AnyPgColumn): SQL | undefined {
  return auth.role.isOwner || auth.role.visibility[scope] === 'all' ? undefined : eq(owner, auth.memberId);
}

/** The member whose own records the caller sees under "own" visibility of `scope`; undefined when the caller sees all. */
export function ownRecordsOf(auth: Pick<AuthContext, 'role' | 'memberId'>, scope: keyof Visibility): string | undefined {
  return auth.role.isOwner || auth.role.visibility[scope] === 'all' ? undefined : auth.memberId;
}

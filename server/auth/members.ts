import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { invalidField } from '../http/errors';
import { members } from './schema';

/**
 * An active member (SPEC "People and platform"): employed (`employmentStatus` active, not on leave
 * or exited) and with access (`isActive`). Only an active member is given work: a lead, a follow-up,
 * a tour's point of contact, a payment to verify. A seat on the subscription counts access alone
 * (server/admin/member-routes.ts): a member on leave keeps a seat.
 */
export const activeMember = (): SQL => and(eq(members.isActive, true), eq(members.employmentStatus, 'active'))!;

/** 400 on `field` unless `memberId` is an active member of the caller's organization. */
export async function assertActiveMember(tx: Tx, memberId: string, field: string) {
  const [m] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), activeMember()));
  if (!m) throw invalidField(field, 'notActiveMember', 'must be an active member');
}

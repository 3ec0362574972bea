import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../src/api/admin/members/contract';
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

/**
 * The language a member reads (their preferences' `locale`, which the language picker saves;
 * English when none is saved): what the server words for them, such as a CSV export's headers.
 */
export async function memberLanguage(tx: Tx, memberId: string): Promise<Locale> {
  const [m] = await tx
    .select({ locale: sql<string | null>`${members.preferences}->>'locale'` })
    .from(members)
    .where(eq(members.id, memberId));
  return (LOCALES as readonly (string | null | undefined)[]).includes(m?.locale) ? (m!.locale as Locale) : 'en';
}

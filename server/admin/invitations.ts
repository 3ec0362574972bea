import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { invitations, members } from '../auth/schema';
import { hashToken, newToken } from '../auth/tokens';
import type { Db, Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { ApiError } from '../http/errors';

/**
 * Invitations to set a first password (the owner of an organization the platform onboards): a
 * 256-bit one-time token, only its SHA-256 stored, good for a week or its first use, whichever
 * comes first. The link carries it after `#`, so it never reaches a server log, a proxy or a
 * Referer header; the page sends it in a request body.
 */
export const INVITATION_DAYS = 7;

export const invitationUrl = (origin: string, token: string) => `${origin}/invitation#${token}`;

const invalid = () => new ApiError(404, 'INVITATION_INVALID', 'This invitation link is no longer valid: it was used or has expired. Ask for a new one.');

/** A new invitation for the member, in the member's organization's transaction; earlier unused ones stop working. */
export async function issueInvitation(tx: Tx, memberId: string): Promise<{ token: string; expiresAt: string }> {
  await tx.delete(invitations).where(and(eq(invitations.memberId, memberId), isNull(invitations.usedAt)));
  const token = newToken();
  const [row] = await tx
    .insert(invitations)
    .values({ memberId, tokenHash: hashToken(token), expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})` as never })
    .returning({ expiresAt: invitations.expiresAt });
  return { token, expiresAt: row.expiresAt };
}

/**
 * The invitation a token names, still unused and unexpired, with who it is for: looked up on the
 * privileged connection (the token, like a sign-in's email, says which organization); 404 otherwise.
 */
export async function findInvitation(db: Db, token: string) {
  const [found] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      memberId: invitations.memberId,
      expiresAt: invitations.expiresAt,
      name: members.name,
      email: members.email,
      organization: organizations.name,
    })
    .from(invitations)
    .innerJoin(members, eq(members.id, invitations.memberId))
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`), eq(members.isActive, true)));
  if (!found) throw invalid();
  return found;
}

/**
 * Uses the invitation, in its organization's transaction: one use only, even when the link is
 * followed twice at once (the update that marks it used is the one that succeeds).
 */
export async function useInvitation(tx: Tx, invitationId: string): Promise<void> {
  const used = await tx
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`)))
    .returning({ id: invitations.id });
  if (!used.length) throw invalid();
}

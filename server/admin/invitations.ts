import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { invitations } from '../auth/schema';
import { hashToken, newToken } from '../auth/tokens';
import type { Db, Tx } from '../db/client';
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
  // Before any organization is known: the `invitation_find` function (server/migrate.ts) reads across them.
  const { rows } = await db.execute<{ id: string; organization_id: string; member_id: string; expires_at: string | Date; name: string; email: string; organization: string }>(
    sql`select * from invitation_find(${hashToken(token)})`,
  );
  const found = rows[0];
  if (!found) throw invalid();
  return {
    id: found.id,
    organizationId: found.organization_id,
    memberId: found.member_id,
    expiresAt: new Date(found.expires_at).toISOString(),
    name: found.name,
    email: found.email,
    organization: found.organization,
  };
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

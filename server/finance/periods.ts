import { desc, eq, sql } from 'drizzle-orm';
import type { LockDate, LockDateInput } from '../../src/api/finance/contract';
import type { AuthContext } from '../auth/session';
import { can } from '../../src/api/permissions';
import type { Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { members } from '../auth/schema';
import { ApiError, invalidField } from '../http/errors';
import { periodLocks } from './schema';

/**
 * Closed periods (SPEC Finance): finance closes the books through a day, and nothing is posted on
 * or before it (the database refuses, `journal_period_open()`; the checks here only say it first,
 * naming the field). Reopening needs the approve permission and a reason; every move is kept.
 */

async function lockedThrough(tx: Tx): Promise<string | null> {
  const [org] = await tx.select({ lockedThrough: organizations.booksLockedThrough }).from(organizations);
  return org?.lockedThrough ?? null;
}

/** 409 `PERIOD_LOCKED` when `date` is in a closed period (money recorded there could never be posted). */
export async function assertBooksOpen(tx: Tx, date: string) {
  const locked = await lockedThrough(tx);
  if (locked && date <= locked) {
    throw new ApiError(409, 'PERIOD_LOCKED', `The books are closed through ${locked}; finance reopens a closed month`, undefined, undefined, { lockedThrough: locked, date });
  }
}

export async function lockDate(tx: Tx): Promise<LockDate> {
  const rows = await tx
    .select({ lock: periodLocks, name: members.name })
    .from(periodLocks)
    .leftJoin(members, eq(members.id, periodLocks.changedBy))
    .orderBy(desc(periodLocks.createdAt), desc(periodLocks.id))
    .limit(50);
  return {
    lockedThrough: await lockedThrough(tx),
    history: rows.map(({ lock, name }) => ({
      _id: lock.id,
      lockedThrough: lock.lockedThrough,
      previous: lock.previous,
      reason: lock.reason,
      changedBy: lock.changedBy ? { _id: lock.changedBy, name: name ?? '' } : null,
      createdAt: new Date(lock.createdAt).toISOString(),
    })),
  };
}

/** Moves the lock date: forward closes (`account.update`), back or cleared reopens (`account.approve`, with a reason). */
export async function moveLockDate(tx: Tx, auth: AuthContext, input: LockDateInput, today: string): Promise<LockDate> {
  const [org] = await tx.select({ id: organizations.id, lockedThrough: organizations.booksLockedThrough }).from(organizations).for('update');
  const previous = org.lockedThrough;
  const next = input.lockedThrough;
  if (next !== null && next > today) throw invalidField('lockedThrough', 'inFuture', 'must not be in the future');
  const reopens = previous !== null && (next === null || next < previous);
  if (reopens) {
    if (!can(auth.role.permissions, 'account', 'approve')) {
      throw new ApiError(403, 'FORBIDDEN', 'Reopening a closed period needs the permission account.approve', undefined, undefined, { module: 'account', action: 'approve' });
    }
    if (!input.reason) throw invalidField('reason', 'required', 'is required to reopen a closed period');
  }
  if (next !== previous) {
    await tx.update(organizations).set({ booksLockedThrough: next, updatedAt: sql`now()` }).where(eq(organizations.id, org.id));
    await tx.insert(periodLocks).values({ lockedThrough: next, previous, reason: input.reason ?? null, changedBy: auth.memberId });
  }
  return lockDate(tx);
}

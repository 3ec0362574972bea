import crypto from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/api/common/idempotency';
import type { Tx } from '../db/client';
import { ApiError, issue } from './errors';

/**
 * `Idempotency-Key` for the POSTs that move money (a route's `idempotent: true`; docs/finance.md).
 *
 * The key is claimed inside the request's own transaction, before its handler runs, by inserting
 * its row (organization, key, hash of the request). A second request with the same key blocks on
 * that row's unique index until the first transaction ends: if the first committed, the second
 * finds its stored answer and replays it (same status and body, `Idempotent-Replayed: true`); if
 * the first rolled back, the claim was rolled back too and the second runs as if it were first.
 * So a keyed request takes effect once however many copies arrive at once, on however many
 * servers. Only successful answers are kept (a refusal rolls the claim back with everything else),
 * for 24 hours (the hourly housekeeping job deletes older ones; an older key is claimed anew).
 */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The request's key, if it sent one; 400 naming the header when it is not a usable key. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = 'must be 1 to 255 visible ASCII characters';
    throw new ApiError(400, 'VALIDATION_FAILED', `The ${IDEMPOTENCY_HEADER} header ${message}`, [issue(IDEMPOTENCY_HEADER, 'invalidFormat', message)]);
  }
  return key;
}

/** JSON with keys in order, so the same body hashes the same however its keys were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, body: unknown): string {
  return crypto.createHash('sha256').update(`${method} ${path}\n${canonical(body)}`).digest('hex');
}

export type Claim = { kind: 'first' } | { kind: 'replay'; status: number; body: unknown };

/** The key is held by a transaction that is still open: try again later (the claim's wait ran out). */
const keyInUse = () =>
  new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', `A request with this ${IDEMPOTENCY_HEADER} is still being processed; try again`, undefined, { 'Retry-After': '1' });

/** The SQLSTATE of a database error, wrapped by Drizzle or not. */
const pgCode = (error: unknown) => ((error as { cause?: { code?: string } })?.cause ?? (error as { code?: string }))?.code;

/**
 * Claims `key` for this request in `tx` (a tenant transaction), or answers what the first request with it answered.
 *
 * The wait on a first request holding the key is bounded by `waitMs` (`lock_timeout`, for the
 * claim's statement only): past it, 409 IDEMPOTENCY_KEY_IN_USE, nothing written. The holder may be
 * a transaction whose instance died (SIGKILL, a lost host) and that the database has not ended yet:
 * it ends it when its connection reads end of file, or much later, TCP's keep-alive, for a host
 * that vanished. A retry waits for that no longer than for a slow first request (docs/finance.md).
 */
export async function claimKey(tx: Tx, key: string, hash: string, waitMs: number): Promise<Claim> {
  await tx.execute(sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`);
  let claimed: unknown[];
  try {
    ({ rows: claimed } = await tx.execute(sql`
      insert into idempotency_keys (key, request_hash) values (${key}, ${hash})
      on conflict (organization_id, key) do update set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
        where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
      returning 1`));
  } catch (error) {
    // 55P03 lock_not_available: the wait ran out (the transaction is aborted; the refusal rolls it back).
    if (pgCode(error) === '55P03') throw keyInUse();
    throw error;
  }
  // The handler's own waits (rows it locks) are not bounded: lock_timeout back to what it was.
  await tx.execute(sql`set local lock_timeout to default`);
  if (claimed.length > 0) return { kind: 'first' };
  // A new statement, so a new snapshot: it sees the answer the first request committed while this one waited.
  const { rows } = await tx.execute<{ request_hash: string; status: number | null; body: unknown }>(sql`
    select request_hash, status, body from idempotency_keys
    where organization_id = nullif(current_setting('app.org_id', true), '')::uuid and key = ${key}`);
  const [stored] = rows;
  if (stored && stored.request_hash !== hash) {
    throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', `This ${IDEMPOTENCY_HEADER} was already used with another request; send a new key for a new request`, [
      issue(IDEMPOTENCY_HEADER, 'taken', 'was already used with another request'),
    ]);
  }
  if (!stored || stored.status === null) throw keyInUse();
  return { kind: 'replay', status: stored.status, body: stored.body };
}

/** Stores the first answer under the claimed key, in the same transaction as the effect. */
export async function rememberAnswer(tx: Tx, key: string, status: number, body: unknown): Promise<void> {
  await tx.execute(sql`
    update idempotency_keys set status = ${status}, body = ${JSON.stringify(body ?? null)}::json
    where organization_id = nullif(current_setting('app.org_id', true), '')::uuid and key = ${key}`);
}

/** Keys older than a day are of no use: the housekeeping job deletes them. */
/** Every organization's keys past their time (the `prune_idempotency_keys` function: the housekeeping job runs outside any organization). */
export const pruneIdempotencyKeys = sql`select prune_idempotency_keys(${IDEMPOTENCY_TTL_HOURS})`;

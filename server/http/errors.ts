import type { ApiErrorBody } from '../../src/api/common/schemas';
import type { ApiIssue, ErrorCode, IssueCode, IssueParams } from '../../src/api/common/issues';
import { staffMoney } from '../../src/domain/money';
import { NotExactError } from '../db/money';
import { isDatabaseUnavailable } from '../db/unavailable';

/** An answer that is not a success: every refusal in the API is one of these. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 411 | 412 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers?: Record<string, string>,
    /** The values the message names (`{ seats: 10 }`), so the web app can say it in the member's language. */
    readonly params?: IssueParams,
  ) {
    super(message);
  }
  body(): ApiErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

/** One field's issue, as the validation mapper makes them. */
export const issue = (path: string, code: IssueCode, message: string, params: IssueParams = {}): ApiIssue => ({ path, code, params, message });

/**
 * Money a refusal names: `text` says each amount in its currency for the server's English message
 * ("USD 557.00", never the minor units), `params` keeps the minor units with the currency and the
 * names of the money params (`money`), so the web app says them in the member's language.
 */
export function moneyParams(currency: string, amounts: Record<string, number>, extra: IssueParams = {}) {
  const text = Object.fromEntries(Object.entries(amounts).map(([k, minor]) => [k, staffMoney(minor, currency)]));
  return { text, params: { ...extra, ...amounts, currency, money: Object.keys(amounts) } satisfies IssueParams };
}

export const notFound = (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found`, undefined, undefined, { resource: what });
export const conflict = (message: string, code: ErrorCode = 'CONFLICT' as ErrorCode, params?: IssueParams) => new ApiError(409, code, message, undefined, undefined, params);
/** A 400 about one field: `phone must be a valid phone number`, with the field named for the form. */
export const invalidField = (path: string, code: IssueCode, message: string, params: IssueParams = {}) =>
  new ApiError(400, 'VALIDATION_FAILED', `${path} ${message}`, [issue(path, code, message, params)]);

/** What a clash on a unique constraint is about: the field (forms show it there) and the message. */
export interface Duplicate {
  field: string;
  message: string;
}
const duplicates = new Map<string, Duplicate>();

/**
 * An area names what a clash on its unique constraints means, beside the tables that have them
 * (its schema.ts), so this file holds no area's constraint names. A clash on an undeclared one is a
 * plain 409 `DUPLICATE`.
 */
export function declareDuplicates(entries: Record<string, Duplicate>) {
  for (const [constraint, duplicate] of Object.entries(entries)) duplicates.set(constraint, duplicate);
}

/** What a refusal by a named database rule (a CHECK or a trigger raising with `CONSTRAINT = …`) answers. */
export interface RuleRefusal {
  status: 400 | 409;
  code: ErrorCode | (string & {});
  message: string;
  /** The refusal's own words from what the rule raised in `DETAIL` (the amounts it names, as `moneyParams`). */
  fromDetail?: (detail: string) => { message: string; params?: IssueParams } | undefined;
}
const rules = new Map<string, RuleRefusal>();

/**
 * An area names the answer for a database rule of its own that a request can meet (the books
 * closed for a date, the currency fixed once money is recorded), beside the tables it guards. A rule
 * not declared is a programming error: 500, logged.
 */
export function declareRules(entries: Record<string, RuleRefusal>) {
  for (const [constraint, refusal] of Object.entries(entries)) rules.set(constraint, refusal);
}

/** Seconds a client is asked to wait before trying again while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * 503 while the database cannot be reached or dropped the request's connection: nothing of the
 * request was committed unless its commit was acknowledged, and a keyed money request tried again
 * with its Idempotency-Key either takes effect then or answers the first result.
 */
export const databaseUnavailable = () =>
  new ApiError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable at the moment; try again shortly', undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });

/** Maps PostgreSQL's constraint errors (wrapped or not by Drizzle) and a lost database to the API's answers. */
export function fromDatabaseError(err: unknown): ApiError | undefined {
  if (err instanceof NotExactError || (err as { cause?: unknown })?.cause instanceof NotExactError) {
    return new ApiError(422, 'TOTAL_TOO_LARGE', 'A total is larger than can be answered exactly (2^53 − 1 minor units): narrow the list with its filters');
  }
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  const pgErr = (err as { cause?: { code?: string; constraint?: string; detail?: string } })?.cause ?? (err as { code?: string; constraint?: string; detail?: string });
  if (!pgErr || typeof pgErr !== 'object') return undefined;
  if (pgErr.code === '23505') {
    const known = duplicates.get(pgErr.constraint ?? '');
    if (!known) return new ApiError(409, 'DUPLICATE', 'A record with these details already exists');
    return new ApiError(409, 'DUPLICATE', known.message, [issue(known.field, 'taken', 'is already taken')], undefined, { field: known.field });
  }
  const rule = pgErr.code === '23514' || pgErr.code === '23P01' ? rules.get(pgErr.constraint ?? '') : undefined;
  if (rule) {
    const own = pgErr.detail && rule.fromDetail ? rule.fromDetail(pgErr.detail) : undefined;
    return new ApiError(rule.status, rule.code, own?.message ?? rule.message, undefined, undefined, own?.params);
  }
  if (pgErr.code === '23503') {
    return new ApiError(409, 'IN_USE', 'The record is still used by other records');
  }
  if (pgErr.code === '40001' || pgErr.code === '40P01') {
    return new ApiError(409, 'CONCURRENT_UPDATE', 'The record was changed at the same time by another request; try again');
  }
  return undefined;
}

import type { ApiErrorBody } from '../../src/api/common/schemas';

/** An answer that is not a success: every refusal in the API is one of these. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  body(): ApiErrorBody {
    return { message: this.message, code: this.code, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export const notFound = (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, code, message);
export const badRequest = (message: string, path?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, path ? [{ path, message }] : undefined);

/** Messages for unique constraints, by constraint name: a duplicate answers 409 with the message. */
export const DUPLICATE_MESSAGES: Record<string, string> = {
  members_email_uq: 'A member with this email already exists',
  roles_org_name_uq: 'A role with this name already exists',
  modules_org_key_uq: 'This module already exists',
  vendors_org_name_uq: 'A vendor with this name already exists',
  regions_org_name_uq: 'A region with this name already exists',
  regions_org_slug_uq: 'A region with this slug already exists',
  destinations_org_name_uq: 'A destination with this name already exists',
  destinations_org_slug_uq: 'A destination with this slug already exists',
  hotels_org_slug_uq: 'A hotel with this slug already exists',
  activities_org_slug_uq: 'An activity with this slug already exists',
  contact_groups_org_name_uq: 'A contact group with this name already exists',
};

/** Maps PostgreSQL's constraint errors (wrapped or not by Drizzle) to the API's answers. */
export function fromDatabaseError(err: unknown): ApiError | undefined {
  const pgErr = (err as { cause?: { code?: string; constraint?: string } })?.cause ?? (err as { code?: string; constraint?: string });
  if (!pgErr || typeof pgErr !== 'object') return undefined;
  if (pgErr.code === '23505') {
    return new ApiError(409, 'DUPLICATE', DUPLICATE_MESSAGES[pgErr.constraint ?? ''] ?? 'A record with these details already exists');
  }
  if (pgErr.code === '23503') {
    return new ApiError(409, 'IN_USE', 'The record is still used by other records');
  }
  if (pgErr.code === '40001' || pgErr.code === '40P01') {
    return new ApiError(409, 'CONCURRENT_UPDATE', 'The record was changed at the same time by another request; try again');
  }
  return undefined;
}

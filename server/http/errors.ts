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

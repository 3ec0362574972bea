import wretch, { type Wretch } from 'wretch';
import { toast } from 'sonner';
import type { ApiErrorBody } from './common/schemas';

/** The seed's messages (section 8): the 401 toast and the last-resort fallback. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized! Please log in again.';
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred.';

/** A failed call: the HTTP status and the server's `{ message, code, issues }` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientHooks {
  /** Where to go after a 401; gets the path the person was on so sign-in can return there. */
  onUnauthorized: (returnTo: string) => void;
  /** Translates the client's own messages (`errors.unauthorized`, `errors.unexpected`) and per-call fallbacks. */
  translate: (key: string, fallback: string) => string;
}

const defaultHooks: ClientHooks = {
  onUnauthorized(returnTo) {
    window.location.assign(`/login?next=${encodeURIComponent(returnTo)}`);
  },
  translate: (_key, fallback) => fallback,
};
let hooks: ClientHooks = defaultHooks;

/** The shell plugs in the router's navigation and i18n; the client itself knows neither. */
export function configureApiClient(next: Partial<ClientHooks>) {
  hooks = { ...defaultHooks, ...next };
}

export interface CallOptions {
  /** Do not toast (the caller shows the error itself, e.g. under a form field). */
  silent?: boolean;
  /** A 401 here is an answer, not an ended session (sign-in with a wrong password). */
  expectUnauthorized?: boolean;
  /** The seed's per-call fallback, used when neither the server nor the error says anything. */
  fallbackMessage?: string;
  /** The i18n key of `fallbackMessage` (which stays the English default). */
  fallbackKey?: string;
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** A per-call fallback: its i18n key and the seed's English text. */
export const fallback = (key: string, message: string): CallOptions => ({ fallbackKey: key, fallbackMessage: message });

/** The message a person reads: the server's, else the error's own, else the fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  const unexpected = fallback ?? hooks.translate('errors.unexpected', UNEXPECTED_MESSAGE);
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return unexpected;
}

function currentPath() {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Shows the error the way the seed's catalogue says, and ends the session view on 401. */
export function reportError(error: unknown, options: CallOptions = {}) {
  if (error instanceof ApiError && error.status === 401 && !options.expectUnauthorized) {
    // One toast even when several calls fail together.
    toast.error(hooks.translate('errors.unauthorized', UNAUTHORIZED_MESSAGE), { id: 'unauthorized' });
    const here = currentPath();
    if (!window.location.pathname.startsWith('/login')) hooks.onUnauthorized(here);
    return;
  }
  if (options.silent) return;
  const fallbackText = options.fallbackKey && options.fallbackMessage ? hooks.translate(options.fallbackKey, options.fallbackMessage) : options.fallbackMessage;
  toast.error(errorMessage(error, fallbackText));
}

async function toApiError(error: unknown): Promise<unknown> {
  const res = (error as { response?: Response; status?: number }).response;
  const status = (error as { status?: number }).status;
  if (!res || typeof status !== 'number') return error;
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await res.clone().json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : status === 401 ? UNAUTHORIZED_MESSAGE : '';
  return new ApiError(message, status, body?.code, body?.issues);
}

const base: Wretch = wretch('/api')
  .options({ credentials: 'include' })
  // The server refuses state-changing calls without it (cross-site request protection).
  .headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });

export type QueryValue = string | number | boolean | null | undefined | string[] | { from?: string; to?: string };

/** `a=1&list=x&list=y&range[from]=...`: the server's list query format. */
export function toQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, item);
    } else if (typeof value === 'object') {
      if (value.from) params.append(`${key}[from]`, value.from);
      if (value.to) params.append(`${key}[to]`, value.to);
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function call<T>(run: (w: Wretch) => Promise<unknown>, options: CallOptions = {}): Promise<T> {
  try {
    return (await run(base)) as T;
  } catch (raw) {
    const error = await toApiError(raw);
    reportError(error, options);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, options?: CallOptions) =>
    call<T>((w) => w.url(path + toQueryString(query)).get().json(), options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    call<T>((w) => w.url(path).headers(options?.headers ?? {}).json((body ?? {}) as object).post().json(), options),
  put: <T>(path: string, body?: unknown, options?: CallOptions) =>
    call<T>((w) => w.url(path).json((body ?? {}) as object).put().json(), options),
  delete: <T>(path: string, options?: CallOptions) => call<T>((w) => w.url(path).delete().json(), options),
};

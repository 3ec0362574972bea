import wretch, { type Wretch } from 'wretch';
import { toast } from 'sonner';
import type { ApiIssue } from './common/issues';
import { isFileAnswer, type AnswerOf, type AnyEndpoint, type BodyOf, type PathParamNames, type PathValues } from './common/endpoint';
import type { ApiErrorBody } from './common/schemas';
import { formatMoney } from '../domain/money';

/** The seed's messages (section 8): the 401 toast and the last-resort fallback. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized! Please log in again.';
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred.';
/** A call that got no answer at all, in English (each language's words: `errors.unreachable…`). */
export const UNREACHABLE_MESSAGE = 'Could not reach the server. Check the connection and try again.';
export const UNREACHABLE_WRITE_MESSAGE = 'Could not reach the server: nothing was saved. Check the connection and try again.';

/** A failed call: the HTTP status and the server's `{ message, code, params, issues }` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly issues?: ApiErrorBody['issues'],
    readonly params?: ApiErrorBody['params'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call that got no answer: the server could not be reached (the browser's own "Failed to fetch",
 * "Load failed", "NetworkError when attempting to fetch resource", kept as `cause`). A person reads
 * that in their language, and for a call that changes something (`write`) that nothing was saved.
 */
export class NetworkError extends Error {
  constructor(
    readonly write: boolean,
    cause?: unknown,
  ) {
    super(write ? UNREACHABLE_WRITE_MESSAGE : UNREACHABLE_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

/** What a failed `fetch` means: a TypeError is its "no answer" (the spec's network error); anything else is left as it is. */
export const networkFailure = (error: unknown, write: boolean): unknown => (error instanceof TypeError ? new NetworkError(write, error) : error);

export interface ClientHooks {
  /** Where to go after a 401; gets the path the person was on so sign-in can return there. */
  onUnauthorized: (returnTo: string) => void;
  /**
   * Translates the client's own messages (`errors.unauthorized`, `errors.unexpected`), per-call
   * fallbacks, and the server's codes (`errorCodes.<code>`, `issues.<code>`) with their parameters.
   */
  translate: (key: string, fallback: string, params?: Record<string, unknown>) => string;
  /**
   * The member's language. The server writes English: an English-speaking member reads its own
   * words (the most precise: "Only a lost lead can be reopened; this one is won"), any other the
   * translation of the code with its parameters.
   */
  language: () => string;
  /** Money in minor units as the member reads it (`557,00 $` in French). */
  money: (minor: number, currency: string) => string;
}

const defaultHooks: ClientHooks = {
  onUnauthorized(returnTo) {
    window.location.assign(`/login?next=${encodeURIComponent(returnTo)}`);
  },
  translate: (_key, fallback) => fallback,
  language: () => 'en',
  money: (minor, currency) => formatMoney(minor, currency, 'en'),
};
let hooks: ClientHooks = defaultHooks;

/** The shell plugs in the router's navigation and i18n; the client itself knows neither. */
export function configureApiClient(next: Partial<ClientHooks>) {
  hooks = { ...defaultHooks, ...next };
}

export interface CallOptions {
  /** Do not toast (the caller shows the error itself, e.g. under a form field). */
  silent?: boolean;
  /** Do not toast, only log (the seed: 'Failed to fetch organizations' produces no toast and is only logged). */
  logOnly?: boolean;
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

/**
 * Parameters as a person reads them: a list of values joined (`hotels, flights`), and money (the
 * params `money` names, in minor units of `currency`) in the member's language and number format.
 */
function readable(params: Record<string, unknown> = {}) {
  const money = Array.isArray(params.money) && typeof params.currency === 'string' ? new Set<unknown>(params.money) : new Set<unknown>();
  return Object.fromEntries(
    Object.entries(params).map(([k, x]) => [k, money.has(k) && typeof x === 'number' ? hooks.money(x, params.currency as string) : Array.isArray(x) ? x.join(', ') : x]),
  );
}

/**
 * What is wrong with one field, in the member's language ("must be at most 200 characters"): the
 * translation of the issue's code with its parameters (the English message itself for an English
 * member, and for a code the app does not know).
 */
export const issueMessage = (issue: Pick<ApiIssue, 'code' | 'message'> & { params?: ApiIssue['params'] }): string =>
  hooks.language() === 'en' && issue.message
    ? issue.message
    : // A rule with words of its own (`rule`, or the field a date must follow, `after`) picks them as
      // the i18next context: `required_lost` "is required to mark a lead lost"; others, the code's words.
      hooks.translate(`issues.${issue.code}`, issue.message, { ...readable(issue.params), context: issue.params?.rule ?? issue.params?.after });

/**
 * The message a person reads: the translation of the server's code with its parameters (the
 * server's English message for an English member and for a code the app does not know); a call
 * that got no answer says so in the member's language (and, for a write, that nothing was saved),
 * never the browser's "Failed to fetch"; else the error's own message, else the fallback.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const unexpected = fallback ?? hooks.translate('errors.unexpected', UNEXPECTED_MESSAGE);
  if (error instanceof NetworkError) return hooks.translate(error.write ? 'errors.unreachableWrite' : 'errors.unreachable', error.message);
  if (error instanceof ApiError && error.code && !(hooks.language() === 'en' && error.message.trim())) {
    return hooks.translate(`errorCodes.${error.code}`, error.message.trim() || unexpected, readable(error.params));
  }
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return unexpected;
}

/** The members' and the platform operators' sign-in pages: a 401 there is not a session that ended. */
const SIGN_IN_PAGES = ['/login', '/console/login'];

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
    if (!SIGN_IN_PAGES.includes(window.location.pathname)) hooks.onUnauthorized(here);
    return;
  }
  if (options.silent) return;
  const fallbackText = options.fallbackKey && options.fallbackMessage ? hooks.translate(options.fallbackKey, options.fallbackMessage) : options.fallbackMessage;
  if (options.logOnly) {
    console.error(options.fallbackMessage ?? 'Request failed', error);
    return;
  }
  if (error instanceof NetworkError) unreachable(error, errorMessage(error, fallbackText));
  else toast.error(errorMessage(error, fallbackText));
}

/** Whether the toast shown says a write did not reach the server (and that nothing was saved). */
let writeUnreachableShown = false;

/**
 * No answer is one toast however many calls failed (a query's retries, the refetches after a write
 * that failed): the same toast, and while it says a write was not saved, a read's failure does not
 * replace those words with its own.
 */
function unreachable(error: NetworkError, text: string) {
  if (!error.write && writeUnreachableShown) return;
  if (error.write) writeUnreachableShown = true;
  const gone = () => {
    if (error.write) writeUnreachableShown = false;
  };
  toast.error(text, { id: 'unreachable', onDismiss: gone, onAutoClose: gone });
}

async function toApiError(error: unknown, write: boolean): Promise<unknown> {
  const res = (error as { response?: Response; status?: number }).response;
  const status = (error as { status?: number }).status;
  if (!res || typeof status !== 'number') return networkFailure(error, write);
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await res.clone().json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : status === 401 ? UNAUTHORIZED_MESSAGE : '';
  return new ApiError(message, status, body?.code, body?.issues, body?.params);
}


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

/**
 * What a call of an endpoint sends: the path's parameters by name (required when the pattern has
 * some), the query, and the body (the body schema's input, or a multipart form).
 */
export type CallInput<E extends AnyEndpoint> = ([PathParamNames<E['pattern']>] extends [never] ? { params?: undefined } : { params: PathValues<E['pattern']> }) & {
  query?: Record<string, QueryValue>;
  body?: BodyOf<E> | FormData;
};

/** One call; `write`: it asks to change something (any method but GET), which a failure's words say. */
async function send<T>(base: Wretch, write: boolean, run: (w: Wretch) => Promise<unknown>, options: CallOptions = {}): Promise<T> {
  try {
    return (await run(base)) as T;
  } catch (raw) {
    const error = await toApiError(raw, write);
    reportError(error, options);
    throw error;
  }
}

/** The calls of one service: the product's REST service (`/api`) or the parent service (`/platform`). */
function client(path: '/api' | '/platform') {
  const base: Wretch = wretch(path)
    .options({ credentials: 'include' })
    // The server refuses state-changing calls without it (cross-site request protection).
    .headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  /**
   * One call of an endpoint the contract declares: its method and path, the parameters filled by
   * name, the query and the body; the answer typed by the endpoint's answer schema (a file's, a Blob).
   */
  const callEndpoint = <E extends AnyEndpoint>(endpoint: E, ...[input, options]: [keyof PathValues<E['pattern']>] extends [never] ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions]) =>
    send<AnswerOf<E>>(
      base,
      endpoint.method !== 'GET',
      (w) => {
        const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown };
        let req = w.url(endpoint.url(params ?? {}) + toQueryString(query)).headers(options?.headers ?? {});
        if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') req = body instanceof FormData ? req.body(body) : req.json((body ?? {}) as object);
        const sent = endpoint.method === 'GET' ? req.get() : endpoint.method === 'DELETE' ? req.delete() : endpoint.method === 'POST' ? req.post() : endpoint.method === 'PUT' ? req.put() : req.patch();
        return isFileAnswer(endpoint.answer) ? sent.blob() : sent.json();
      },
      options,
    );
  return {
    call: callEndpoint,
    get: <T>(path: string, query?: Record<string, QueryValue>, options?: CallOptions) =>
      send<T>(base, false, (w) => w.url(path + toQueryString(query)).get().json(), options),
    post: <T>(path: string, body?: unknown, options?: CallOptions) =>
      send<T>(base, true, (w) => w.url(path).headers(options?.headers ?? {}).json((body ?? {}) as object).post().json(), options),
    put: <T>(path: string, body?: unknown, options?: CallOptions) =>
      send<T>(base, true, (w) => w.url(path).headers(options?.headers ?? {}).json((body ?? {}) as object).put().json(), options),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
      send<T>(base, true, (w) => w.url(path).headers(options?.headers ?? {}).json((body ?? {}) as object).patch().json(), options),
    delete: <T>(path: string, options?: CallOptions) => send<T>(base, true, (w) => w.url(path).delete().json(), options),
    /** A multipart/form-data POST (files); the browser writes the boundary. */
    postForm: <T>(path: string, form: FormData, options?: CallOptions) => send<T>(base, true, (w) => w.url(path).headers(options?.headers ?? {}).body(form).post().json(), options),
    putForm: <T>(path: string, form: FormData, options?: CallOptions) => send<T>(base, true, (w) => w.url(path).body(form).put().json(), options),
    /** A file the API answers (an image), as a Blob. */
    getFile: (path: string, options?: CallOptions) => send<Blob>(base, false, (w) => w.url(path).get().blob(), options),
  };
}
export type ApiClient = ReturnType<typeof client>;

export const api = client('/api');
/** One call of an endpoint of `/api` (see `client`'s `call`). */
export const call = api.call;
/** The parent service, for platform operators (the platform console). */
export const platformApi = client('/platform');

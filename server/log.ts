import crypto from 'node:crypto';
import type { Context } from 'hono';

/**
 * What the error log may say about a failure: which request, which route, what kind of error and
 * where in the code; never a value the request or the database carried. Error messages are left
 * out on purpose: Drizzle puts the statement's parameters in its message (`params: …`), PostgreSQL
 * quotes values in its messages and details (`Key (email)=(…)`, `Failing row contains (…)`), and
 * JSON.parse and valibot quote their input. Only errors that say they are safe to print
 * ({@link SafeMessage}) keep their message.
 */
export interface SafeMessage {
  readonly safeMessage: true;
}

/** An error for the operator whose message names no data (a configuration or start-up problem): printed as is. */
export class SafeError extends Error implements SafeMessage {
  readonly safeMessage = true;
}

/** An error description with no values in it: see the module's comment. */
export interface ErrorDescription {
  name: string;
  message?: string;
  /** PostgreSQL's SQLSTATE, or a Node/library code such as ECONNREFUSED. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  /** The failed statement with its literals masked (parameters are never in the text). */
  statement?: string;
  /** Stack frames (file, line, function): where, without the message. */
  at?: string[];
  cause?: ErrorDescription;
}

const CODE = /^[A-Za-z0-9_]{1,40}$/;
const NAME = /^[A-Za-z0-9_$.]{1,80}$/;
const FRAMES = 8;

/** SQL text with its string literals masked: statements built by this code inline a few (tenant and session set-up). */
export function maskSqlLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "'…'").replace(/\$([A-Za-z_][A-Za-z_0-9]*)?\$[\s\S]*?\$\1\$/g, () => '$$…$$');
}

function framesOf(err: Error): string[] | undefined {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  // The stack starts with "name: message" (a message may span lines): only what follows it is kept.
  const header = `${err.name}: ${err.message}`;
  const rest = stack.startsWith(header) ? stack.slice(header.length) : stack.startsWith(err.name) && !err.message ? stack.slice(err.name.length) : undefined;
  if (rest === undefined) return undefined;
  const frames = rest
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('at '))
    .slice(0, FRAMES);
  return frames.length ? frames : undefined;
}

const str = (value: unknown, pattern = NAME) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

export function describeError(err: unknown, depth = 0): ErrorDescription {
  if (!err || typeof err !== 'object') return { name: typeof err };
  const e = err as Error & Record<string, unknown>;
  const name = str(e.constructor?.name) ?? str(e.name) ?? 'Error';
  const isPostgres = typeof e.severity === 'string' && typeof e.code === 'string';
  const out: ErrorDescription = { name };
  if ((e as Partial<SafeMessage>).safeMessage === true && typeof e.message === 'string') out.message = e.message;
  const code = str(e.code, CODE);
  if (code) out.code = code;
  if (isPostgres) {
    for (const key of ['constraint', 'table', 'column', 'dataType', 'routine'] as const) {
      const value = str(e[key]);
      if (value) out[key] = value;
    }
  }
  if (typeof e.query === 'string') out.statement = maskSqlLiterals(e.query).slice(0, 1000);
  const at = framesOf(e);
  if (at) out.at = at;
  if (e.cause !== undefined && depth < 4) out.cause = describeError(e.cause, depth + 1);
  return out;
}

/** The request's id: one a trusted proxy gave (when well formed), else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && /^[A-Za-z0-9._:-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
}

export type LogEnv = { Variables: { requestId: string; route?: string } };

/** One line of JSON on stderr for an unexpected failure of a request. */
export function logRequestFailure(c: Context<LogEnv>, err: unknown) {
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      requestId: c.get('requestId'),
      method: c.req.method,
      // The registered route (`/api/leads/:id`), not the address: query strings carry search terms.
      route: c.get('route') ?? new URL(c.req.url).pathname,
      error: describeError(err),
    }),
  );
}

/** One line of JSON for a failure outside a request (background jobs, start-up). */
export const failureLine = (what: string, err: unknown) => JSON.stringify({ level: 'error', time: new Date().toISOString(), what, error: describeError(err) });

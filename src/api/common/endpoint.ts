import type * as v from 'valibot';
import { routePath, type RoutePath } from './paths';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A success answer that is a file rather than JSON: the media types it may have. */
export interface FileAnswer {
  file: readonly [string, ...string[]];
}
export const fileAnswer = (...mediaTypes: [string, ...string[]]): FileAnswer => ({ file: mediaTypes });
export const isFileAnswer = (answers: unknown): answers is FileAnswer => !!answers && typeof answers === 'object' && 'file' in answers;

/** The names a pattern's parameters have: `/a/:id/b/:itemId` → `'id' | 'itemId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** The values of a pattern's parameters, by name (`{ id, paymentId }`). */
export type PathValues<P extends string> = { [K in PathParamNames<P>]: string };

type Schema = v.GenericSchema | undefined;

/**
 * One call of the API, declared once in its area's contract: its method, its path (the pattern the
 * server registers and the function the web app fills), the schemas of its path parameters, query
 * and body (what the server validates with), its success answer and status. The server's `route`
 * takes it (server/http/route.ts), the web app's `call` sends it (src/api/client.ts), the OpenAPI
 * reference documents it (from the routes the server registers).
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  PS extends Schema = Schema,
  QS extends Schema = Schema,
  BS extends Schema = Schema,
  A extends v.GenericSchema | FileAnswer | undefined = v.GenericSchema | FileAnswer | undefined,
> {
  readonly method: M;
  /** The path: `path.pattern` for the server (`/bookings/:id/verify`), `path(id)` for a caller. */
  readonly path: RoutePath<P>;
  readonly pattern: P;
  readonly params?: PS;
  readonly query?: QS;
  readonly body?: BS;
  /** The success answer's schema, or `fileAnswer(…)` for a file. */
  readonly answer: A;
  /** Success status; 200 unless said. */
  readonly status?: 200 | 201 | 202;
  /** Fills the pattern with the parameters by name: `{ id: '42' }` → `/bookings/42/verify` (each encoded). */
  url(params: PathValues<P>): string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint, whatever its schemas
export type AnyEndpoint = Endpoint<Method, string, any, any, any, any>;

/** What a call answers: the answer schema's output (a `Blob` for a file). */
export type AnswerOf<E extends AnyEndpoint> = E['answer'] extends v.GenericSchema ? v.InferOutput<E['answer']> : E['answer'] extends FileAnswer ? Blob : unknown;
/** What a call's body may be: the body schema's input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the endpoint's other parts, whatever they are
export type BodyOf<E extends AnyEndpoint> = E extends Endpoint<any, any, any, any, infer B, any> ? (B extends v.GenericSchema ? v.InferInput<B> : never) : never;

/**
 * Declares an endpoint (types inferred from the pattern and the schemas):
 *
 * ```ts
 * verify: endpoint({ method: 'PUT', path: '/bookings/:id/verify', params: bookingIdParams, body: emptyInput, answer: itemAnswer(bookingDetailSchema) }),
 * ```
 */
export function endpoint<
  const M extends Method,
  const P extends string,
  PS extends Schema = undefined,
  QS extends Schema = undefined,
  BS extends Schema = undefined,
  A extends v.GenericSchema | FileAnswer | undefined = undefined,
>(def: { method: M; path: P | RoutePath<P>; params?: PS; query?: QS; body?: BS; answer: A; status?: 200 | 201 | 202 }): Endpoint<M, P, PS, QS, BS, A> {
  const path = typeof def.path === 'string' ? routePath(def.path) : def.path;
  const pattern = path.pattern;
  const url = (values: Record<string, string>) => pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  return { ...def, path, pattern, url } as Endpoint<M, P, PS, QS, BS, A>;
}

export const isEndpoint = (x: unknown): x is AnyEndpoint => !!x && typeof x === 'object' && 'method' in x && 'pattern' in x && typeof (x as { url?: unknown }).url === 'function';

/** Every endpoint an object of a contract declares (nested objects included), by name. */
export function endpointsOf(declared: object, prefix = ''): [string, AnyEndpoint][] {
  return Object.entries(declared).flatMap(([name, x]): [string, AnyEndpoint][] => {
    if (isEndpoint(x)) return [[`${prefix}${name}`, x]];
    if (x && typeof x === 'object' && !Array.isArray(x)) return endpointsOf(x, `${prefix}${name}.`);
    return [];
  });
}

/** The parameters a route's pattern names, in order: `/a/:id/b/:itemId` → `[string, string]`. */
export type PathParams<P extends string> = P extends `${string}:${string}/${infer Rest}` ? [string, ...PathParams<`/${Rest}`>] : P extends `${string}:${string}` ? [string] : [];

/** A route's path declared once: the server registers `pattern`, the client calls it with the values in order. */
export interface RoutePath<P extends string> {
  (...params: PathParams<P>): string;
  readonly pattern: P;
}

/**
 * Declares a path of the API in its area's contract (`/booking-operations/:id/vouchers`): the
 * server's route takes `.pattern`, the web app and the tests call it with the parameters in the
 * order the pattern names them (each encoded), so no path is typed twice.
 */
export function routePath<P extends string>(pattern: P): RoutePath<P> {
  const fill = (...params: string[]) => {
    let i = 0;
    return pattern.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(params[i++] ?? ''));
  };
  return Object.assign(fill, { pattern }) as RoutePath<P>;
}

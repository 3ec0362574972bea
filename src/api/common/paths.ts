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

/** A record's document (its PDF, its sends, sending it), declared by the record's area with {@link documentPaths}. */
export interface DocumentPaths<P extends string> {
  /** `GET {record}/pdf?lang=` */
  pdf: RoutePath<`${P}/pdf`>;
  /** `GET {record}/sends` */
  sends: RoutePath<`${P}/sends`>;
  /** `POST {record}/send` */
  send: RoutePath<`${P}/send`>;
  /** The record's path, which the documents client (`documentPdfUrl`, `useSends`, `useSendDocument`) extends: `/bookings/42`. */
  of: (...params: PathParams<P>) => string;
}

/**
 * The three document routes of a record (`/bookings/:id`): the server's `documentRoutes` registers
 * their patterns, the web app names the record with `of`.
 */
export function documentPaths<P extends string>(record: P): DocumentPaths<P> {
  const of = routePath(record);
  return {
    pdf: routePath(`${record}/pdf`),
    sends: routePath(`${record}/sends`),
    send: routePath(`${record}/send`),
    of: (...params: PathParams<P>) => of(...params),
  };
}

/** A record's PDF (`/credit-notes/:id/pdf`): called with the record's id and, when not the record's own, the language (`?lang=`). */
export interface PdfPath<P extends string> {
  (id: string, lang?: string): string;
  readonly pattern: P;
}

/** Declares a PDF's path of one record; the server registers `.pattern`. */
export function pdfPath<P extends `${string}/:id/pdf`>(pattern: P): PdfPath<P> {
  const path = routePath(pattern);
  const fill = (id: string, lang?: string) => `${path(...([id] as PathParams<P>))}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  return Object.assign(fill, { pattern }) as PdfPath<P>;
}

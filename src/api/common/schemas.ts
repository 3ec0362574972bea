import * as v from 'valibot';

/** Shared contract pieces: ids, dates, money, list queries and list answers (SPEC "Conventions"). */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const FIRST_PAGE = 1;

export const idSchema = v.pipe(v.string(), v.uuid('must be a valid id'));
export const idParams = v.object({ id: idSchema });

export const nonEmpty = (max = 200) =>
  v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(max, `must be at most ${max} characters`));
export const optionalText = (max = 2000) =>
  v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(max, `must be at most ${max} characters`)));

export const emailSchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('is required'),
  v.maxLength(254, 'is too long'),
  v.email('must be a valid email address'),
);

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const dateSchema = v.pipe(
  v.string('must be a date'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD'),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real calendar date'),
);

export const hexColor = v.pipe(v.string('must be a colour'), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #14b8a6'));

/** Money is integer minor units (cents), never negative here. */
export const moneySchema = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number of minor units'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large'),
);

/** Query strings arrive as text: numbers are parsed, lists accept repeated keys or commas. */
const intFromQuery = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string('must be a number'),
      v.regex(/^\d{1,9}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

export const pageQuery = (defaultLimit = DEFAULT_PAGE_SIZE) => ({
  page: intFromQuery(1, 1_000_000, FIRST_PAGE),
  limit: intFromQuery(1, MAX_PAGE_SIZE, defaultLimit),
  search: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'asc'),
});

export const sortBy = <const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) =>
  v.optional(v.picklist(fields, `must be one of ${fields.join(', ')}`), fallback);

export function listOf<T extends v.GenericSchema<string, unknown>>(item: T) {
  return v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], 'must be a list'),
      v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
      v.maxLength(100, 'has too many values'),
      v.array(item),
    ),
  );
}

export const booleanQuery = v.optional(
  v.pipe(v.picklist(['true', 'false'], 'must be true or false'), v.transform((s) => s === 'true')),
);

export const dateRangeQuery = v.optional(
  v.pipe(
    v.strictObject({ from: v.optional(dateSchema), to: v.optional(dateSchema) }, 'must be a range with from and to'),
    v.check((r) => !r.from || !r.to || r.from <= r.to, 'from must not be after to'),
  ),
);

export interface ListMeta {
  currentPage: number;
  limit: number;
  totalItems: number;
  totalPages: number;
}
export interface ListAnswer<T, S = undefined> {
  data: T[];
  meta: ListMeta;
  stats?: S;
}
export interface ItemAnswer<T> {
  data: T;
}
export interface ApiErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
}

/** PostgreSQL text cannot hold NUL: refuse it as input rather than fail when storing it. */
export const noNul = v.check((s: string) => !s.includes('\u0000'), 'must not contain NUL characters');

/** Required text, trimmed, storable. */
export const requiredText = (max = 200) => v.pipe(nonEmpty(max), noNul);

/** Optional text that a blank clears: absent leaves it as it is, `""` or `null` stores null. */
export const clearableText = (max = 2000) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string('must be text'),
        v.trim(),
        v.maxLength(max, `must be at most ${max} characters`),
        noNul,
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  );

/** A whole number between min and max (ratings, stars, minutes). */
export const intBetween = (min: number, max: number) =>
  v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** A PUT payload: the fields given change, at least one must be given. */
export const updateOf = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.strictObject(entries),
    v.check((body) => Object.keys(body).length > 0, 'must change at least one field'),
  );

/**
 * The seed's list calls send `filter`: the list filters are accepted both as top-level keys
 * (`regions=…`) and inside `filter` (`filter[regions]=…`); {@link mergeFilter} joins them.
 */
export function withFilter<E extends v.ObjectEntries>(entries: E) {
  return { ...entries, filter: v.optional(v.strictObject(entries, 'must be an object of filters')) };
}
export function mergeFilter<Q extends { filter?: object }>(query: Q): Omit<Q, 'filter'> {
  const { filter, ...rest } = query;
  const given = Object.fromEntries(Object.entries(filter ?? {}).filter(([, x]) => x !== undefined));
  return { ...rest, ...given } as Omit<Q, 'filter'>;
}

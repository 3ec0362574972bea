import * as v from 'valibot';
import { coded, type ApiIssue } from './issues';
import { MAX_MONEY } from '../../domain/money';

/**
 * The contract field kit (SPEC "Conventions"): every value a person or a program sends goes through
 * one of these pieces, so what a schema accepts is storable (PostgreSQL text never holds NUL, dates
 * stay within 1900–2200, numbers fit their columns) and every refusal carries a code
 * (./issues.ts) besides its English message.
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const FIRST_PAGE = 1;

// ---------- text ----------

/** C0 and C1 control characters and DEL; multi-line text keeps tab and line feed. */
const CONTROL_ONE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Half of a UTF-16 pair without the other half: no character, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const mustBeText = coded('invalidType', 'must be text', { expected: 'text' });
const tooLong = (max: number) => coded('tooLong', `must be at most ${max} characters`, { max });
const isRequired = coded('required', 'is required');

export interface TextOptions {
  /** Notes, descriptions, messages: line feeds and tabs allowed (a carriage return becomes a line feed). */
  multiline?: boolean;
}

/** Text a person means and PostgreSQL stores: no control characters (NUL included), no broken UTF-16. */
export const storable = (multiline = false) =>
  v.pipe(
    v.string(mustBeText),
    v.check((s) => !(multiline ? CONTROL_MULTI_LINE : CONTROL_ONE_LINE).test(multiline ? s.replace(/\r/g, '') : s), coded('controlCharacters', 'must not contain control characters')),
    v.check((s) => !LONE_SURROGATE.test(s), coded('invalidCharacters', 'must not contain broken characters (lone UTF-16 surrogates)')),
  );

/** Storable text: trimmed, carriage returns of multi-line text made line feeds; may be blank. */
export const trimmedText = (max: number, multiline = false) =>
  v.pipe(
    storable(multiline),
    // Checked before trimming (which only shortens), so the reference documents the limit: a
    // schema's documented input stops at its first transform.
    v.maxLength(max, tooLong(max)),
    v.transform((s) => (multiline ? s.replace(/\r\n?/g, '\n') : s).trim()),
  );

/** Required text, trimmed: a blank is "is required". */
export const requiredText = (max = 200, options: TextOptions = {}) => v.pipe(trimmedText(max, options.multiline), v.nonEmpty(isRequired));
/** The kit's earlier name for {@link requiredText} (contracts on other branches use it). */
export const nonEmpty = requiredText;

/** Optional text: absent stays absent, a blank is kept as `""` (settings that are text). */
export const optionalText = (max = 2000, options: TextOptions = {}) => v.optional(trimmedText(max, options.multiline));

/** Optional text that a blank clears: absent leaves it as it is, `""` or `null` stores null. */
export const clearableText = (max = 2000, options: TextOptions = {}) =>
  v.optional(v.nullable(v.pipe(trimmedText(max, options.multiline), v.transform((s) => (s === '' ? null : s)))));

/** Several lines of free text (notes, descriptions, comments). */
export const multiline = { multiline: true } as const;

/** A clearable value of a stricter kind (email, phone, IBAN…): blank or null clears it. */
export const clearable = <S extends v.GenericSchema<string, unknown>>(inner: S, max = 254) =>
  v.optional(
    v.nullable(
      v.pipe(
        trimmedText(max),
        v.transform((s) => (s === '' ? null : s)),
        v.nullable(inner),
      ),
    ),
  );

export const emailSchema = v.pipe(
  storable(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(isRequired),
  v.maxLength(254, coded('tooLong', 'is too long', { max: 254 })),
  v.email(coded('invalidEmail', 'must be a valid email address')),
);

/** A phone number as people write it: digits, spaces, `()./-`, an optional leading `+`; at least 5 digits. */
export const phoneSchema = v.pipe(
  storable(),
  v.trim(),
  v.regex(/^\+?[0-9 ()./-]{5,30}$/, coded('invalidPhone', 'must be a phone number')),
  v.check((s) => s.replace(/\D/g, '').length >= 5, coded('invalidPhone', 'must be a phone number')),
);
export const clearablePhone = clearable(phoneSchema, 30);
export const clearableEmail = clearable(emailSchema, 254);

export const hexColor = v.pipe(v.string(coded('invalidType', 'must be a colour', { expected: 'text' })), v.regex(/^#[0-9a-fA-F]{6}$/, coded('invalidFormat', 'must be a colour like #14b8a6', { example: '#14b8a6' })));

// ---------- ids and choices ----------

export const idSchema = v.pipe(v.string(coded('invalidId', 'must be a valid id')), v.uuid(coded('invalidId', 'must be a valid id')));
export const idParams = v.object({ id: idSchema });

/** One of a fixed list of values. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message = `must be one of ${values.join(', ')}`) =>
  v.picklist(values, coded('oneOf', message, { values }));

export const flag = v.boolean(coded('invalidType', 'must be true or false', { expected: 'boolean' }));

// ---------- dates and instants ----------

/** SPEC "Conventions": dates stay within years 1900–2200 (what PostgreSQL stores and people mean). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';
const MIN_INSTANT = Date.parse(`${MIN_DATE}T00:00:00Z`);
const MAX_INSTANT = Date.parse(`${MAX_DATE}T23:59:59.999Z`);
const outOfRange = coded('dateOutOfRange', `must be between ${MIN_DATE} and ${MAX_DATE}`, { min: MIN_DATE, max: MAX_DATE });

/** A calendar date, `YYYY-MM-DD`, that exists, within 1900–2200. */
export const dateSchema = v.pipe(
  v.string(coded('invalidDate', 'must be a date')),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, coded('invalidDate', 'must be a date in the form YYYY-MM-DD')),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, coded('invalidDate', 'must be a real calendar date')),
  v.check((s) => s >= MIN_DATE && s <= MAX_DATE, outOfRange),
);

/** An instant: ISO 8601 with a time zone (`2026-11-22T09:00:00Z`, `…+04:00`), within 1900–2200, answered as UTC. */
export const instantSchema = v.pipe(
  v.string(coded('invalidInstant', 'must be a date and time')),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, coded('invalidInstant', 'must be a date and time like 2026-11-22T09:00:00Z')),
  v.check((s) => !Number.isNaN(Date.parse(s)), coded('invalidInstant', 'must be a real date and time')),
  v.check((s) => Date.parse(s) >= MIN_INSTANT && Date.parse(s) <= MAX_INSTANT, outOfRange),
  v.transform((s) => new Date(s).toISOString()),
);

/** A calendar month, `YYYY-MM`, within 1900–2200. */
export const monthSchema = v.pipe(
  v.string(coded('invalidMonth', 'must be a month')),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, coded('invalidMonth', 'must be a month in the form YYYY-MM')),
  v.check((s) => s >= MIN_DATE.slice(0, 7) && s <= MAX_DATE.slice(0, 7), outOfRange),
);

/** Two dates in order; the rule is reported on `to`. */
export const inOrder = (from: string | null | undefined, to: string | null | undefined) => !from || !to || from <= to;

// ---------- numbers ----------

/** A whole number between min and max (ratings, stars, minutes, pax). */
export const intBetween = (min: number, max: number) =>
  v.pipe(
    v.number(coded('invalidType', 'must be a number', { expected: 'number' })),
    v.integer(coded('notInteger', 'must be a whole number')),
    v.minValue(min, coded('tooSmall', `must be at least ${min}`, { min })),
    v.maxValue(max, coded('tooLarge', `must be at most ${max}`, { max })),
  );

/** The largest amount an input takes (src/domain/money.ts); the columns are 64-bit. */
export { MAX_MONEY };

/** Money is integer minor units (cents); never negative unless `min` says so. */
export const money = (min = 0) =>
  v.pipe(
    v.number(coded('invalidType', 'must be a number', { expected: 'number' })),
    v.integer(coded('notInteger', 'must be a whole number of minor units')),
    v.minValue(min, coded('tooSmall', min === 0 ? 'must not be negative' : `must be at least ${min}`, { min })),
    v.maxValue(MAX_MONEY, coded('tooLarge', 'is too large', { max: MAX_MONEY })),
  );
export const moneySchema = money();


// ---------- lists and queries ----------

/**
 * A whole number written as text (a query string, a multipart form's field): digits only (no sign,
 * fraction, exponent or space), then bounded. Text beyond what JavaScript counts exactly reads as at
 * least 2^53, above any `max` a contract allows, so it is refused as too large, never kept rounded.
 */
export const wholeFromText = ({ min = 0, max, notWhole = 'must be a whole number', tooLarge = `must be at most ${max}` }: { min?: number; max: number; notWhole?: string; tooLarge?: string }) =>
  v.pipe(
    v.string(coded('invalidType', 'must be a number', { expected: 'number' })),
    v.regex(/^\d+$/, coded('notInteger', notWhole)),
    v.transform(Number),
    v.minValue(min, coded('tooSmall', min === 0 ? 'must not be negative' : `must be at least ${min}`, { min })),
    v.maxValue(max, coded('tooLarge', tooLarge, { max })),
  );

/** Money typed in a form field arrives as text in a multipart request: a number, or its digits. */
export const formMoney = v.union(
  [money(1), wholeFromText({ min: 1, max: MAX_MONEY, notWhole: 'must be a whole number of minor units', tooLarge: 'is too large' })],
  coded('invalidType', 'must be a number', { expected: 'number' }),
);

/** Query strings arrive as text: numbers are parsed, lists accept repeated keys or commas. */
export const intFromQuery = (min: number, max: number, fallback: number) => v.optional(wholeFromText({ min, max }), String(fallback));

/** An amount in a query string (minor units, `minAmount=5000`). */
export const moneyFromQuery = v.optional(wholeFromText({ max: MAX_MONEY, notWhole: 'must be a whole number of minor units', tooLarge: 'is too large' }));

export const sortOrder = (fallback: 'asc' | 'desc' = 'asc') => v.optional(oneOf(['asc', 'desc'], 'must be asc or desc'), fallback);

/** The text a list is searched for. */
export const searchText = v.optional(trimmedText(200));

export const pageQuery = (defaultLimit = DEFAULT_PAGE_SIZE) => ({
  page: intFromQuery(1, 1_000_000, FIRST_PAGE),
  limit: intFromQuery(1, MAX_PAGE_SIZE, defaultLimit),
  search: searchText,
  sortOrder: sortOrder(),
});

export const sortBy = <const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) => v.optional(oneOf(fields), fallback);

/** A list filter: repeated keys or comma-separated, at most 100 values, each checked by `item`. */
export function listOf<T extends v.GenericSchema<string, unknown>>(item: T) {
  return v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], coded('invalidType', 'must be a list', { expected: 'list' })),
      v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean)),
      v.maxLength(100, coded('tooManyItems', 'has too many values', { max: 100 })),
      v.array(item),
    ),
  );
}

/** Ids in a body: each once, at most `max`. */
export const idList = (max = 50, message = 'must be a list of ids') =>
  v.pipe(
    v.array(idSchema, coded('invalidType', message, { expected: 'list' })),
    v.maxLength(max, coded('tooManyItems', `must name at most ${max}`, { max })),
    v.transform((list) => [...new Set(list)]),
  );

export const booleanQuery = v.optional(v.pipe(oneOf(['true', 'false'], 'must be true or false'), v.transform((s) => s === 'true')));

export const dateRangeQuery = v.optional(
  v.pipe(
    v.strictObject({ from: v.optional(dateSchema), to: v.optional(dateSchema) }, coded('invalidType', 'must be a range with from and to', { expected: 'range' })),
    v.forward(v.check((r) => inOrder(r.from, r.to), coded('dateOrder', 'must not be before from', { after: 'from' })), ['to']),
  ),
);

/** A PUT payload: the fields given change, at least one must be given. */
export const updateOf = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.strictObject(entries),
    v.check((body) => Object.keys(body).length > 0, coded('noChange', 'must change at least one field')),
  );

/**
 * The seed's list calls send `filter`: the list filters are accepted both as top-level keys
 * (`regions=…`) and inside `filter` (`filter[regions]=…`); {@link mergeFilter} joins them.
 */
export function withFilter<E extends v.ObjectEntries>(entries: E) {
  return { ...entries, filter: v.optional(v.strictObject(entries, coded('invalidType', 'must be an object of filters', { expected: 'object' }))) };
}
export function mergeFilter<Q extends { filter?: object }>(query: Q): Omit<Q, 'filter'> {
  const { filter, ...rest } = query;
  const given = Object.fromEntries(Object.entries(filter ?? {}).filter(([, x]) => x !== undefined));
  return { ...rest, ...given } as Omit<Q, 'filter'>;
}

// ---------- answers ----------

/** The schemas of answers (the OpenAPI reference documents them; the API tests check real answers against them). */
export const timestamp = v.pipe(v.string(), v.isoTimestamp());
export const calendarDate = v.pipe(v.string(), v.isoDate());
export const uuid = v.pipe(v.string(), v.uuid());

export const listMetaSchema = v.object({
  currentPage: v.number(),
  limit: v.number(),
  totalItems: v.number(),
  totalPages: v.number(),
});
export type ListMeta = v.InferOutput<typeof listMetaSchema>;

export const itemAnswer = <T extends v.GenericSchema>(item: T) => v.object({ data: item });
export function listAnswerOf<T extends v.GenericSchema>(item: T): v.ObjectSchema<{ data: v.ArraySchema<T, undefined>; meta: typeof listMetaSchema }, undefined>;
export function listAnswerOf<T extends v.GenericSchema, S extends v.GenericSchema>(
  item: T,
  stats: S,
): v.ObjectSchema<{ data: v.ArraySchema<T, undefined>; meta: typeof listMetaSchema; stats: S }, undefined>;
export function listAnswerOf(item: v.GenericSchema, stats?: v.GenericSchema) {
  return v.object({ data: v.array(item), meta: listMetaSchema, ...(stats ? { stats } : {}) });
}

/** A deletion answers the deleted record and the message the toast shows. */
export const deletedAnswer = <T extends v.GenericSchema>(item: T) => v.object({ data: item, message: v.string() });

export interface ListAnswer<T, S = undefined> {
  data: T[];
  meta: ListMeta;
  stats?: S;
}
export interface ItemAnswer<T> {
  data: T;
}

export const apiIssueSchema = v.object({
  path: v.string(),
  code: v.string(),
  params: v.record(v.string(), v.unknown()),
  message: v.string(),
});

/** Every refusal: `{ message, code, params?, issues? }`. */
export const apiErrorSchema = v.object({
  message: v.string(),
  code: v.string(),
  params: v.optional(v.record(v.string(), v.unknown())),
  issues: v.optional(v.array(apiIssueSchema)),
});
export interface ApiErrorBody {
  message: string;
  code: string;
  params?: Record<string, unknown>;
  issues?: ApiIssue[];
}

/** Signing in, for members (`/api/auth/login`) and platform operators (`/platform/auth/login`). */
export const loginInput = v.strictObject({
  email: emailSchema,
  password: v.pipe(storable(), v.nonEmpty(coded('required', 'is required')), v.maxLength(200, coded('tooLong', 'is too long', { max: 200 }))),
});
export type LoginInput = v.InferOutput<typeof loginInput>;

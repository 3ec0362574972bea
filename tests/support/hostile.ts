import fc from 'fast-check';
import type * as v from 'valibot';
import * as vb from 'valibot';

/**
 * Derives inputs from a route's valibot schema: values the schema accepts (taken from a pool of
 * plausible ones, filtered through the leaf schema itself) mixed with hostile ones: wrong types,
 * huge strings, control characters and NUL (alone and inside valid values), lone UTF-16
 * surrogates, dates and instants at and beyond what the database keeps, numbers past 64 bits,
 * deep nesting, very long lists, unknown enum values, malformed ids, SQL and HTML. The schema is
 * the oracle: an input it refuses must get a 4xx and change nothing; one it accepts must be stored
 * without a 5xx.
 */
type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  options?: unknown[];
  item?: AnySchema;
  value?: AnySchema;
  literal?: unknown;
  pipe?: AnySchema[];
};

/** Characters PostgreSQL cannot store or no person means, and the pieces of broken UTF-16. */
export const CONTROL_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  'bell\u0007',
  '\u001b[31mred',
  'tab\there',
  'line\nbreak',
  'cr\rlf\r\n',
  '\u007f',
  '\u0085next line',
  '\u009f',
];
export const BROKEN_STRINGS = ['\ud800', 'x\udfff', '\ud83d', 'a\udc00b', '\ud83d\ude00'];
/** Calendar dates at and beyond the 1900–2200 range (and its edges, which are valid). */
export const EDGE_DATES = ['0000-01-01', '1899-12-31', '1900-01-01', '2200-12-31', '2201-01-01', '9999-12-31', '-0001-01-01', '+275760-09-13'];
export const EDGE_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:00:00+01:00',
  '1900-01-01T00:00:00Z',
  '2200-12-31T23:59:59Z',
  '2200-12-31T23:00:00-05:00',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T25:61:00Z',
];
/** Past 32 bits, past 53 bits, past 64 bits, and the largest double. */
export const HUGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 2 ** 63, -(2 ** 63) - 1, Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324];

const HOSTILE_STRINGS = [
  '',
  '   ',
  'x'.repeat(5000),
  "'; drop table members; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '2025-13-45',
  '2025-02-30',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '-1',
  '1.5',
  '1e309',
  '1e21',
  '9223372036854775808',
  'NaN',
  'null',
  'ünïcødé ✈️ مرحبا',
  '../../etc/passwd',
  '%',
  'nope',
  ...CONTROL_STRINGS,
  ...BROKEN_STRINGS,
  ...EDGE_DATES,
  ...EDGE_INSTANTS,
];

/** `{ a: { a: … } }` and `[[…]]`, `depth` levels down. */
export function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
}
const DEEP = [nested(60, 'object'), nested(60, 'array'), nested(500, 'array')];

const HOSTILE_VALUES = [null, true, false, 0, -1, 1.5, -0.01, ...HUGE_NUMBERS, [], {}, ['x'], { $ne: null }, ...DEEP, ...HOSTILE_STRINGS];

const PLAUSIBLE = [
  'Hello',
  'Dubai Desert Safari',
  'a.person@example.com',
  '2025-01-31',
  '2025-12-31',
  '2030-11-22T09:00:00Z',
  '#14b8a6',
  'pi pi-user',
  'INV-2026',
  '+971 50 123 4567',
  'USD',
  'Asia/Dubai',
  'a-long-password-1',
  '1',
  '20',
  'true',
  'false',
  'asc',
  '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11',
  0,
  1,
  15,
  500,
  true,
  false,
  [],
  {},
];

function unwrap(schema: AnySchema): AnySchema {
  return schema.type === 'optional' || schema.type === 'nullable' || schema.type === 'nullish' ? unwrap(schema.wrapped!) : schema;
}

/** The schema that decides the shape: a pipe's first piece (`v.pipe(v.strictObject(…), v.check(…))`). */
function shapeOf(schema: AnySchema): AnySchema {
  const base = unwrap(schema);
  return base.pipe?.[0] && base.pipe[0] !== base && base.pipe[0].kind === 'schema' ? shapeOf(base.pipe[0]) : base;
}

const accepts = (schema: AnySchema, value: unknown) => vb.safeParse(schema, value).success;

/** Valid text spoiled: a control character, NUL or half a surrogate pair inside, before or after it. */
const spoiled = (valid: string[]) =>
  fc.tuple(fc.constantFrom(...valid), fc.constantFrom('\u0000', '\u0007', '\u001b', '\u0085', '\ud800', '\udc00', '\t', '\n'), fc.nat(2)).map(([s, bad, where]) =>
    where === 0 ? bad + s : where === 1 ? s + bad : s.slice(0, 1) + bad + s.slice(1),
  );

/** Values for one field: plausible ones the schema accepts, spoiled copies of them, and hostile ones. */
function valueArb(schema: AnySchema, stringsOnly: boolean, depth = 0): fc.Arbitrary<unknown> {
  const base = shapeOf(schema);
  const valid: unknown[] = PLAUSIBLE.filter((p) => accepts(schema, p));
  if (base.type === 'picklist') valid.push(...base.options!);
  if (base.type === 'literal') valid.push(base.literal);
  const validText = valid.filter((x): x is string => typeof x === 'string' && x.length > 0);
  const nested: fc.Arbitrary<unknown>[] = [];
  if ((base.type === 'object' || base.type === 'strict_object') && depth < 2) nested.push(objectArb(base, stringsOnly, depth + 1));
  if (base.type === 'array' && base.item && depth < 2) {
    const item = valueArb(base.item, stringsOnly, depth + 1);
    nested.push(fc.array(item, { maxLength: 3 }));
    // A list far longer than any form sends.
    if (!stringsOnly) nested.push(item.map((x) => Array.from({ length: 5000 }, () => x)));
  }
  const hostile = stringsOnly ? [...HOSTILE_STRINGS, ['-1', 'x'], { from: 'x' }, { from: '0000-01-01' }, { to: '9999-12-31' }, Array.from({ length: 150 }, (_, i) => String(i))] : HOSTILE_VALUES;
  return fc.oneof(
    ...(valid.length ? [fc.constantFrom(...valid)] : []),
    ...(validText.length ? [spoiled(validText)] : []),
    fc.constantFrom(...hostile),
    ...nested,
    stringsOnly ? fc.string({ maxLength: 20, unit: 'binary' }) : fc.oneof(fc.string({ maxLength: 20, unit: 'binary' }), fc.integer(), fc.double(), fc.bigInt().map(Number)),
  );
}

const ABSENT = Symbol('absent');

/** An object for an object schema: each field present or not, plus now and then an unknown field. */
export function objectArb(schema: AnySchema, stringsOnly = false, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const base = shapeOf(schema);
  const entries = Object.entries(base.entries ?? {});
  const fields = Object.fromEntries(entries.map(([k, s]) => [k, fc.option(valueArb(s, stringsOnly, depth), { nil: ABSENT, freq: 3 })]));
  return fc
    .record({ ...fields, __extra: fc.option(fc.constantFrom('surprise', 'organizationId', '_id', 'isOwner', '__proto__', 'a\u0000b'), { nil: ABSENT, freq: 4 }) })
    .map((r) => {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(r)) {
        if (val === ABSENT) continue;
        if (k === '__extra') Object.defineProperty(out, val as string, { value: stringsOnly ? 'x' : '00000000-0000-4000-8000-000000000000', enumerable: true });
        else out[k] = val;
      }
      return out;
    });
}

/** A whole body: usually an object for the schema, sometimes not an object at all, or nested past any sense. */
export function bodyArb(schema: AnySchema): fc.Arbitrary<unknown> {
  const base = shapeOf(schema);
  const isObject = base.type === 'object' || base.type === 'strict_object';
  return fc.oneof(
    { weight: 8, arbitrary: isObject ? objectArb(base) : valueArb(base, false) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'text', 42, true, ...DEEP) },
  );
}

/** An import body `{ rows }`: rows made for the row schema, mixed with hostile rows and values. */
export function importBodyArb(rowSchema: AnySchema): fc.Arbitrary<{ rows: unknown[] }> {
  const row = fc.oneof({ weight: 6, arbitrary: objectArb(rowSchema) }, { weight: 1, arbitrary: fc.constantFrom(null, 'text', 42, [], ...DEEP) });
  return fc.array(row, { minLength: 1, maxLength: 4 }).map((rows) => ({ rows }));
}

/** Query values are text: strings, repeated keys (arrays) and one level of `key[sub]`. */
export function toSearchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, val] of Object.entries(query)) {
    if (Array.isArray(val)) for (const item of val) params.append(k, String(item));
    else if (val && typeof val === 'object') for (const [sub, x] of Object.entries(val)) params.append(`${k}[${sub}]`, String(x));
    else params.append(k, String(val));
  }
  return params.toString();
}

export type { AnySchema };

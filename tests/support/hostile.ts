import fc from 'fast-check';
import type * as v from 'valibot';
import * as vb from 'valibot';

/**
 * Derives inputs from a route's valibot schema: values the schema accepts (taken from a pool of
 * plausible ones, filtered through the leaf schema itself) mixed with hostile ones (wrong types,
 * huge strings, negative and fractional numbers, unknown enum values, malformed ids and dates,
 * SQL and HTML). The schema is the oracle: an input it refuses must get a 4xx and change nothing.
 */
type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  options?: unknown[];
  item?: AnySchema;
  value?: AnySchema;
  literal?: unknown;
};

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
  'NaN',
  'null',
  '\u0000',
  'ünïcødé ✈️ مرحبا',
  '../../etc/passwd',
  '%',
  'nope',
];
const HOSTILE_VALUES = [null, true, false, 0, -1, 1.5, -0.01, 2 ** 53 + 2, Number.MAX_VALUE, [], {}, ['x'], { $ne: null }, ...HOSTILE_STRINGS];

const PLAUSIBLE = [
  'Hello',
  'Dubai Desert Safari',
  'a.person@example.com',
  '2025-01-31',
  '2025-12-31',
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

const accepts = (schema: AnySchema, value: unknown) => vb.safeParse(schema, value).success;

/** Values for one field: plausible ones the schema accepts, and hostile ones. */
function valueArb(schema: AnySchema, stringsOnly: boolean, depth = 0): fc.Arbitrary<unknown> {
  const base = unwrap(schema);
  const valid: unknown[] = PLAUSIBLE.filter((p) => accepts(schema, p));
  if (base.type === 'picklist') valid.push(...base.options!);
  if (base.type === 'literal') valid.push(base.literal);
  const nested: fc.Arbitrary<unknown>[] = [];
  if ((base.type === 'object' || base.type === 'strict_object') && depth < 2) nested.push(objectArb(base, stringsOnly, depth + 1));
  if (base.type === 'array' && base.item && depth < 2) nested.push(fc.array(valueArb(base.item, stringsOnly, depth + 1), { maxLength: 3 }));
  const hostile = stringsOnly ? [...HOSTILE_STRINGS, ['-1', 'x'], { from: 'x' }] : HOSTILE_VALUES;
  return fc.oneof(
    ...(valid.length ? [fc.constantFrom(...valid)] : []),
    fc.constantFrom(...hostile),
    ...nested,
    stringsOnly ? fc.string({ maxLength: 20 }) : fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double()),
  );
}

const ABSENT = Symbol('absent');

/** An object for an object schema: each field present or not, plus now and then an unknown field. */
export function objectArb(schema: AnySchema, stringsOnly = false, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const base = unwrap(schema);
  const entries = Object.entries(base.entries ?? {});
  const fields = Object.fromEntries(entries.map(([k, s]) => [k, fc.option(valueArb(s, stringsOnly, depth), { nil: ABSENT, freq: 3 })]));
  return fc
    .record({ ...fields, __extra: fc.option(fc.constantFrom('surprise', 'organizationId', '_id', 'isOwner'), { nil: ABSENT, freq: 4 }) })
    .map((r) => {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(r)) {
        if (val === ABSENT) continue;
        if (k === '__extra') out[val as string] = stringsOnly ? 'x' : '00000000-0000-4000-8000-000000000000';
        else out[k] = val;
      }
      return out;
    });
}

/** A whole body: usually an object for the schema, sometimes not an object at all. */
export function bodyArb(schema: AnySchema): fc.Arbitrary<unknown> {
  const base = unwrap(schema);
  const isObject = base.type === 'object' || base.type === 'strict_object';
  return fc.oneof(
    { weight: 8, arbitrary: isObject ? objectArb(base) : valueArb(base, false) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'text', 42, true) },
  );
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

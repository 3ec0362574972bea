import * as v from 'valibot';
import { hexColor, nonEmpty, optionalText } from '../../common/schemas';

export const DEFAULT_COLOR_SCHEME = { primary: '#14b8a6', secondary: '#3b82f6' } as const;

export interface Organization {
  _id: string;
  name: string;
  currency: string;
  timeZone: string;
  colorScheme: { primary: string; secondary: string };
  invoicePrefix: string;
  /** Basis points: 500 = 5 %. */
  taxRate: number;
  terms: string | null;
  /** The last characters of the lead-capture secret; the whole secret is shown once, when generated. */
  secretHint: string;
}

const CURRENCIES = Intl.supportedValuesOf('currency');
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

export const updateOrganizationInput = v.strictObject({
  name: v.optional(nonEmpty(120)),
  currency: v.optional(v.pipe(v.string('must be text'), v.toUpperCase(), v.check((c) => CURRENCIES.includes(c), 'must be an ISO 4217 currency code'))),
  timeZone: v.optional(v.pipe(v.string('must be text'), v.check((z) => TIME_ZONES.has(z) || z === 'UTC', 'must be an IANA time zone such as Asia/Dubai'))),
  colorScheme: v.optional(v.strictObject({ primary: hexColor, secondary: hexColor })),
  invoicePrefix: v.optional(v.pipe(v.string('must be text'), v.trim(), v.regex(/^[A-Z0-9-]{1,12}$/, 'must be 1 to 12 capital letters, digits or dashes'))),
  taxRate: v.optional(v.pipe(v.number('must be a number'), v.integer('must be whole basis points'), v.minValue(0, 'must not be negative'), v.maxValue(10000, 'must be at most 100 %'))),
  terms: optionalText(5000),
});
export type UpdateOrganizationInput = v.InferOutput<typeof updateOrganizationInput>;


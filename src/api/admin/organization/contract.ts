import * as v from 'valibot';
import { coded } from '../../common/issues';
import { clearableText, hexColor, intBetween, itemAnswer, multiline, requiredText, storable, uuid } from '../../common/schemas';
import { endpoint } from '../../common/endpoint';

export const DEFAULT_COLOR_SCHEME = { primary: '#14b8a6', secondary: '#3b82f6' } as const;

export const organizationSchema = v.object({
  _id: uuid,
  name: v.string(),
  currency: v.string(),
  timeZone: v.string(),
  colorScheme: v.object({ primary: v.string(), secondary: v.string() }),
  invoicePrefix: v.string(),
  /** Basis points: 500 = 5 %. */
  taxRate: v.number(),
  terms: v.nullable(v.string()),
  /** Postal address (several lines), printed in the header of documents. */
  address: v.nullable(v.string()),
  /** The last characters of the lead-capture secret; the whole secret is shown once, when generated. */
  secretHint: v.string(),
});
export type Organization = v.InferOutput<typeof organizationSchema>;

/** `PUT /members/organization/regenerate/secret`: the organization and, this once, its whole secret. */
export const organizationWithSecretSchema = v.object({ ...organizationSchema.entries, secret: v.string() });

const CURRENCIES = Intl.supportedValuesOf('currency');
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

export const currencySchema = v.pipe(storable(), v.toUpperCase(), v.check((c) => CURRENCIES.includes(c), coded('invalidFormat', 'must be an ISO 4217 currency code', { example: 'USD' })));
export const timeZoneSchema = v.pipe(storable(), v.check((z) => TIME_ZONES.has(z) || z === 'UTC', coded('invalidFormat', 'must be an IANA time zone such as Asia/Dubai', { example: 'Asia/Dubai' })));
export const organizationNameSchema = requiredText(120);

export const updateOrganizationInput = v.strictObject({
  name: v.optional(organizationNameSchema),
  currency: v.optional(currencySchema),
  timeZone: v.optional(timeZoneSchema),
  colorScheme: v.optional(v.strictObject({ primary: hexColor, secondary: hexColor })),
  invoicePrefix: v.optional(v.pipe(storable(), v.trim(), v.regex(/^[A-Z0-9-]{1,12}$/, coded('invalidFormat', 'must be 1 to 12 capital letters, digits or dashes', { example: 'INV' })))),
  /** Basis points: 10000 = 100 %. */
  taxRate: v.optional(intBetween(0, 10000)),
  terms: clearableText(5000, multiline),
  address: clearableText(500, multiline),
});
export type UpdateOrganizationInput = v.InferOutput<typeof updateOrganizationInput>;

/** The organization's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const organizationEndpoints = {
  get: endpoint({ method: 'GET', path: '/members/organization', answer: itemAnswer(organizationSchema) }),
  update: endpoint({ method: 'PUT', path: '/members/organization', body: updateOrganizationInput, answer: itemAnswer(organizationSchema) }),
  /** A new lead-capture secret, answered this once. */
  regenerateSecret: endpoint({ method: 'PUT', path: '/members/organization/regenerate/secret', answer: itemAnswer(organizationWithSecretSchema) }),
};

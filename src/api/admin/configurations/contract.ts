import * as v from 'valibot';
import { coded } from '../../common/issues';
import { dateSchema, emailSchema, flag, intBetween, itemAnswer, money, multiline, oneOf, optionalText, storable, trimmedText } from '../../common/schemas';
import { LEAD_SOURCES } from '../../leads/constants';
import { endpoint } from '../../common/endpoint';

/** The seed's configuration modules, `destionations` spelt as the seed spells it, the bookings' own and the AI model. */
export const CONFIG_MODULES = ['leads', 'customizedTours', 'personalizedTours', 'groupTours', 'regions', 'destionations', 'emailConfig', 'bookings', 'aiConfig', 'finance', 'cancellations'] as const;
export type ConfigModule = (typeof CONFIG_MODULES)[number];
/** A module's settings as stored and read (defaults filled in). */
export type ModuleSettings<M extends ConfigModule> = v.InferOutput<(typeof configSettingsSchemas)[M]>;
/** The organization's mail server (Configurations → Email), as the mailer takes it. */
export type EmailSettings = ModuleSettings<'emailConfig'>;

/** How the connection to the mail server is protected. */
export const EMAIL_SECURITY = ['none', 'starttls', 'tls'] as const;

const int = intBetween;
/** A short setting (host, user name): one line, storable; its default is given where it is used. */
const setting = (max: number) => trimmedText(max);
const items = v.pipe(
  v.array(v.pipe(storable(), v.trim(), v.maxLength(200, coded('tooLong', 'must be at most 200 characters', { max: 200 }))), coded('invalidType', 'must be a list', { expected: 'list' })),
  v.maxLength(100, coded('tooManyItems', 'must have at most 100 items', { max: 100 })),
);

/** One schema per module; each PUT replaces the module's settings after validating them. */
export const configSettingsSchemas = {
  leads: v.strictObject({
    defaultSource: v.optional(oneOf(LEAD_SOURCES, 'must be a known lead source'), 'website'),
    followUpReminderMinutes: v.optional(int(0, 24 * 60), 30),
    autoAssignRoundRobin: v.optional(flag, false),
  }),
  customizedTours: v.strictObject({
    defaultMarkupPercent: v.optional(int(0, 500), 15),
    quoteValidityDays: v.optional(int(1, 365), 14),
    termsAndConditions: optionalText(10000, multiline),
    /** Printed on every itinerary after the tour's own services. */
    inclusions: v.optional(items, []),
    exclusions: v.optional(items, []),
    /** The send dialog's message for an itinerary; `{{name}}`, `{{title}}` and `{{organization}}` are filled in. Empty: the standard text of the language. */
    emailMessage: optionalText(5000, multiline),
  }),
  personalizedTours: v.strictObject({
    defaultMarkupPercent: v.optional(int(0, 500), 15),
    inclusions: v.optional(items, []),
    exclusions: v.optional(items, []),
  }),
  groupTours: v.strictObject({
    defaultCapacity: v.optional(int(1, 1000), 20),
    holdSeatsMinutes: v.optional(int(0, 7 * 24 * 60), 60),
  }),
  regions: v.strictObject({ showOnWebsite: v.optional(flag, true) }),
  destionations: v.strictObject({ showOnWebsite: v.optional(flag, true) }),
  emailConfig: v.strictObject({
    host: v.optional(setting(253), ''),
    port: v.optional(int(1, 65535), 587),
    /** `tls`: TLS from the first byte (port 465); `starttls`: upgrade required (587); `none`: plain (a local relay). */
    security: v.optional(oneOf(EMAIL_SECURITY), 'starttls'),
    user: v.optional(setting(254), ''),
    /** Write-only: never returned; omit it to keep the stored one. */
    password: v.optional(v.pipe(storable(), v.maxLength(500, coded('tooLong', 'must be at most 500 characters', { max: 500 })))),
    fromName: v.optional(setting(120), ''),
    fromEmail: v.optional(v.union([v.literal(''), emailSchema], coded('invalidEmail', 'must be a valid email address')), ''),
  }),
  /**
   * Bookings (docs/bookings.md): the plan the booking wizard proposes (a deposit now, the balance
   * so many days before the departure), when payment reminders and overdue notices go out, and
   * the invoices' payment terms.
   */
  bookings: v.strictObject({
    depositPercent: v.optional(int(0, 100), 30),
    balanceDaysBeforeDeparture: v.optional(int(0, 365), 30),
    reminderDaysBefore: v.optional(int(0, 60), 3),
    overdueNoticeDaysAfter: v.optional(int(0, 60), 1),
    invoiceDueDays: v.optional(int(0, 365), 14),
  }),
  /**
   * The organization's OpenAI-compatible model (docs/ai.md): a base URL and a model name override
   * the server's default (AI_BASE_URL, AI_MODEL, AI_API_KEY); nothing is sent to a model without
   * one or the other. `monthlyTokenLimit` 0 means no limit.
   */
  aiConfig: v.strictObject({
    baseUrl: v.optional(v.union([v.literal(''), v.pipe(trimmedText(500), v.url(coded('invalidFormat', 'must be a URL such as http://localhost:11434/v1')), v.regex(/^https?:\/\//i, coded('invalidFormat', 'must be a URL such as http://localhost:11434/v1')))], coded('invalidFormat', 'must be a URL such as http://localhost:11434/v1')), ''),
    model: v.optional(setting(200), ''),
    /** Write-only: never returned; omit it to keep the stored one. */
    apiKey: v.optional(v.pipe(storable(), v.maxLength(500, coded('tooLong', 'must be at most 500 characters', { max: 500 })))),
    monthlyTokenLimit: v.optional(int(0, 1_000_000_000), 0),
  }),
  /**
   * The books (docs/finance.md): no money is dated before `booksStart`; empty, the day the
   * organization was created.
   */
  finance: v.strictObject({
    // A cleared date field sends null: the same as empty.
    booksStart: v.pipe(
      v.optional(v.nullable(v.union([v.literal(''), dateSchema], coded('invalidDate', 'must be a date in the form YYYY-MM-DD, or empty'))), ''),
      v.transform((date) => date ?? ''),
    ),
  }),
  /**
   * The cancellation policy (SPEC workflow 4; docs/cancellations.md): from `daysBeforeDeparture`
   * days before departure on, the fee is `feeBasisPoints` of the booking's total (the tier with the
   * most days the cancellation reaches; after departure, or below every tier, the whole total),
   * plus a flat fee. Each booking keeps the policy it was sold under.
   */
  cancellations: v.strictObject({
    tiers: v.optional(
      v.pipe(
        v.array(v.strictObject({ daysBeforeDeparture: int(0, 730), feeBasisPoints: int(0, 10_000) }), coded('invalidType', 'must be a list of tiers', { expected: 'list' })),
        v.maxLength(10, coded('tooManyItems', 'must have at most 10 tiers', { max: 10 })),
        v.check((tiers) => new Set(tiers.map((t) => t.daysBeforeDeparture)).size === tiers.length, coded('duplicateItems', 'must name each number of days once')),
      ),
      [
        { daysBeforeDeparture: 60, feeBasisPoints: 1_000 },
        { daysBeforeDeparture: 30, feeBasisPoints: 2_500 },
        { daysBeforeDeparture: 14, feeBasisPoints: 5_000 },
        { daysBeforeDeparture: 0, feeBasisPoints: 10_000 },
      ],
    ),
    flatFee: v.optional(money(0), 0),
  }),
} satisfies Record<ConfigModule, v.GenericSchema>;

/** Write-only settings: never answered (the answer says `<field>Set`); a save without them keeps the stored one. */
export const SECRET_FIELDS: Partial<Record<ConfigModule, string>> = { emailConfig: 'password', aiConfig: 'apiKey' };

/**
 * Where a write-only secret is sent: a save that changes any of these to somewhere (not empty)
 * must give the secret again (400 on the secret's field), or a stored password could be moved to
 * a server of one's own and read there (as GitHub and Grafana ask for it again).
 */
export const SECRET_DESTINATIONS: Partial<Record<ConfigModule, readonly string[]>> = { emailConfig: ['host', 'port', 'user', 'security'], aiConfig: ['baseUrl'] };

/** The seed's PUT paths, each naming one module. */
export const CONFIG_PATHS: Record<string, ConfigModule> = {
  'customized-tour': 'customizedTours',
  lead: 'leads',
  'email-services': 'emailConfig',
  'personalized-tour': 'personalizedTours',
  'group-tour': 'groupTours',
  region: 'regions',
  destionation: 'destionations',
  booking: 'bookings',
  ai: 'aiConfig',
  finance: 'finance',
  cancellations: 'cancellations',
};

export const configurationSchema = v.object({ module: v.picklist(CONFIG_MODULES), settings: v.record(v.string(), v.unknown()) });
export type Configuration = v.InferOutput<typeof configurationSchema>;

/**
 * `PUT` one module's settings at the seed's segment (`/configurations/destionation`), validated by
 * the module's schema (a settings object: the server reads it as such).
 */
const settingsEndpoint = (segment: string, module: ConfigModule) =>
  endpoint({ method: 'PUT', path: `/configurations/${segment}`, body: configSettingsSchemas[module] as v.GenericSchema<unknown, Record<string, unknown>>, answer: itemAnswer(configurationSchema) });
type SettingsEndpoint = ReturnType<typeof settingsEndpoint>;

/** The configurations' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const configurationEndpoints = {
  list: endpoint({ method: 'GET', path: '/configurations', answer: itemAnswer(v.array(configurationSchema)) }),
  /** One endpoint per {@link CONFIG_PATHS} segment (`settings['email-services']`): the server registers each, the web app calls its module's. */
  settings: Object.fromEntries(Object.entries(CONFIG_PATHS).map(([segment, module]) => [segment, settingsEndpoint(segment, module)])) as Record<string, SettingsEndpoint>,
};

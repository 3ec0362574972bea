import * as v from 'valibot';
import { emailSchema, optionalText } from '../../common/schemas';
import { LEAD_SOURCES } from '../../leads/constants';

/** The seed's configuration modules, `destionations` spelt as the seed spells it. */
export const CONFIG_MODULES = ['leads', 'customizedTours', 'personalizedTours', 'groupTours', 'regions', 'destionations', 'emailConfig'] as const;
export type ConfigModule = (typeof CONFIG_MODULES)[number];

/** How the connection to the mail server is protected. */
export const EMAIL_SECURITY = ['none', 'starttls', 'tls'] as const;

const int = (min: number, max: number) =>
  v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));

/** One schema per module; each PUT replaces the module's settings after validating them. */
export const configSettingsSchemas = {
  leads: v.strictObject({
    defaultSource: v.optional(v.picklist(LEAD_SOURCES, 'must be a known lead source'), 'website'),
    followUpReminderMinutes: v.optional(int(0, 24 * 60), 30),
    autoAssignRoundRobin: v.optional(v.boolean('must be true or false'), false),
  }),
  customizedTours: v.strictObject({
    defaultMarkupPercent: v.optional(int(0, 500), 15),
    quoteValidityDays: v.optional(int(1, 365), 14),
    termsAndConditions: optionalText(10000),
  }),
  personalizedTours: v.strictObject({
    defaultMarkupPercent: v.optional(int(0, 500), 15),
    inclusions: v.optional(v.array(v.pipe(v.string(), v.maxLength(200))), []),
    exclusions: v.optional(v.array(v.pipe(v.string(), v.maxLength(200))), []),
  }),
  groupTours: v.strictObject({
    defaultCapacity: v.optional(int(1, 1000), 20),
    holdSeatsMinutes: v.optional(int(0, 7 * 24 * 60), 60),
  }),
  regions: v.strictObject({ showOnWebsite: v.optional(v.boolean('must be true or false'), true) }),
  destionations: v.strictObject({ showOnWebsite: v.optional(v.boolean('must be true or false'), true) }),
  emailConfig: v.strictObject({
    host: v.optional(v.pipe(v.string('must be text'), v.maxLength(253)), ''),
    port: v.optional(int(1, 65535), 587),
    /** `tls`: TLS from the first byte (port 465); `starttls`: upgrade required (587); `none`: plain (a local relay). */
    security: v.optional(v.picklist(EMAIL_SECURITY, `must be one of ${EMAIL_SECURITY.join(', ')}`), 'starttls'),
    user: v.optional(v.pipe(v.string('must be text'), v.maxLength(254)), ''),
    /** Write-only: never returned; omit it to keep the stored one. */
    password: v.optional(v.pipe(v.string('must be text'), v.maxLength(500))),
    fromName: v.optional(v.pipe(v.string('must be text'), v.maxLength(120)), ''),
    fromEmail: v.optional(v.union([v.literal(''), emailSchema], 'must be a valid email address'), ''),
  }),
} satisfies Record<ConfigModule, v.GenericSchema>;

/** The seed's PUT paths, each naming one module. */
export const CONFIG_PATHS: Record<string, ConfigModule> = {
  'customized-tour': 'customizedTours',
  lead: 'leads',
  'email-services': 'emailConfig',
  'personalized-tour': 'personalizedTours',
  'group-tour': 'groupTours',
  region: 'regions',
  destionation: 'destionations',
};

export interface Configuration {
  module: ConfigModule;
  settings: Record<string, unknown>;
}

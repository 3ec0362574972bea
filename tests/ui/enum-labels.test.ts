import { beforeAll, describe, expect, it } from 'vitest';
import { ANIMATIONS, DEPARTMENTS, EMPLOYMENT_STATUSES, LAYOUTS, MENUS, NAVBARS } from '../../src/api/admin/members/contract';
import { CONFIG_MODULES } from '../../src/api/admin/configurations/contract';
import { ACTIVITY_CATEGORIES, ACTIVITY_DIFFICULTIES } from '../../src/api/catalogue/activities/contract';
import { MY_DAY_CARDS } from '../../src/api/dashboard/contract';
import { FOLLOW_UP_OUTCOMES, FOLLOW_UP_TYPES, LEAD_SOURCES, LEAD_STATES } from '../../src/api/leads/contract';
import { ACTIONS, MODULE_KEYS } from '../../src/api/permissions';
import { TRANSACTION_DIRECTIONS, TRANSACTION_STATUSES, VENDOR_SERVICES } from '../../src/api/vendors/contract';
import { LEAD_EVENTS } from '../../src/machines/lead-machine';
import { ACCOUNT_TYPES, CHART_OF_ACCOUNTS, PAYMENT_METHODS, SOURCE_TYPES } from '../../src/api/finance/contract';
import { GROUP_TOUR_STATUSES } from '../../src/api/tours/group/contract';
import { LINE_KINDS, LINE_UNITS, MARKUP_TYPES, MEALS, TRAVELLER_TYPES } from '../../src/api/tours/tour-plan';
import { vendorMachine } from '../../src/machines/vendor-machine';
import { restingStates } from '../../src/machines/workflow';
import { i18next, initI18n, loadLocale } from '../../src/ui/i18n';

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Every coded value the product shows a person (in a select, a tag, a tile, a timeline line or a
 * toast) and where its words are: a screen shows `t('<where>.<value>')`, never the code itself
 * (`walk-in`, `no-answer`). A new code without its words fails here, in English and in Arabic.
 */
const LABELS: [where: string, values: readonly string[]][] = [
  ['status', LEAD_STATES],
  ['status', EMPLOYMENT_STATUSES.map(camel)],
  ['status', TRANSACTION_STATUSES],
  ['status', restingStates(vendorMachine).map((s) => s.state)],
  ['status', ['created', 'updated', 'rejected']],
  ['leads.sources', LEAD_SOURCES],
  ['leads.outcomes', FOLLOW_UP_OUTCOMES],
  ['leads.followUpTypes', FOLLOW_UP_TYPES],
  ['leads.followUps.titles', FOLLOW_UP_TYPES],
  ['leads.events', LEAD_EVENTS.map((e) => e.type)],
  ['vendors.serviceTypes', VENDOR_SERVICES],
  ['vendors.transactions', TRANSACTION_DIRECTIONS],
  ['vendors.transactions.linkedTypes', ['booking-payment', 'voucher-payment', 'expense-payment', 'expense', 'salary', 'refund', 'credit-note', 'other-income']],
  ['activities.categories', ACTIVITY_CATEGORIES],
  ['activities.difficulties', ACTIVITY_DIFFICULTIES],
  ['members.departments', DEPARTMENTS],
  ['configurations.modules', CONFIG_MODULES],
  ['menu', MODULE_KEYS],
  ['roles.actions', ACTIONS],
  ['dashboard.cards', MY_DAY_CARDS.map((c) => `${c}.title`)],
  ['preferences.values', [...MENUS, ...LAYOUTS, ...NAVBARS, ...ANIMATIONS]],
  ['finance.methods', PAYMENT_METHODS],
  ['finance.types', ACCOUNT_TYPES],
  ['finance.sources', SOURCE_TYPES],
  ['finance.accounts', CHART_OF_ACCOUNTS.map((a) => a.key.replace(':', '.'))],
  ['groupTours.statuses', GROUP_TOUR_STATUSES],
  ['tourPlan', TRAVELLER_TYPES],
  ['tourPlan.meals', MEALS],
  ['tourPlan.lines.kinds', LINE_KINDS],
  ['tourPlan.lines.units', LINE_UNITS],
  ['tourPlan.lines.markupTypes', MARKUP_TYPES],
];

describe('coded values are shown in words (issue 21)', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadLocale('ae');
  });

  it.each(['en', 'ae'])('%s has the words for every coded value', (lng) => {
    const missing = LABELS.flatMap(([where, values]) => values.map((v) => `${where}.${v}`)).filter((key) => !i18next.exists(key, { lng, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it('the check sees a word that only English has', () => {
    i18next.addResource('en', 'translation', 'leads.sources.carrier-pigeon', 'Carrier pigeon');
    expect(i18next.exists('leads.sources.carrier-pigeon', { lng: 'en', fallbackLng: false })).toBe(true);
    expect(i18next.exists('leads.sources.carrier-pigeon', { lng: 'ae', fallbackLng: false })).toBe(false);
  });
});

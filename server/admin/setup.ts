import * as v from 'valibot';
import { CONFIG_MODULES, configSettingsSchemas } from '../../src/api/admin/configurations/contract';
import type { Department } from '../../src/api/admin/members/contract';
import type { ModuleKey, Permissions, Visibility } from '../../src/api/permissions';
import type { Plan, SubscriptionStatus } from '../../src/api/platform/subscription';
import { members, roles, subscriptions } from '../auth/schema';
import { asTenant, type Tx } from '../db/client';
import { todayIn } from '../db/clock';
import { organizations } from '../db/tenancy';
import { notifications } from '../notifications';
import { appModules, configurations } from './schema';
import { newOrganizationSecret } from './store';

/**
 * What every organization starts with, whether the demo seed makes it or the platform operator
 * onboards it (`POST /platform/organizations`): one function, so a new organization is never
 * missing a piece the demo ones have (tests/api/platform-onboarding.test.ts compares them).
 * The chart of accounts comes with the organization row (a trigger, docs/finance.md); number
 * series start with their first number (server/finance/series.ts).
 */

/** The navigation sections in their default order, with PrimeIcons. */
export const DEFAULT_MODULES: { key: ModuleKey; name: string; icon: string }[] = [
  { key: 'dashboard', name: 'Dashboard', icon: 'pi pi-home' },
  { key: 'leads', name: 'Leads', icon: 'pi pi-user-plus' },
  { key: 'contacts', name: 'Contacts', icon: 'pi pi-address-book' },
  { key: 'customizedTours', name: 'Customized tours', icon: 'pi pi-map' },
  { key: 'personalizedTours', name: 'Personalized tours', icon: 'pi pi-star' },
  { key: 'groupTours', name: 'Group tours', icon: 'pi pi-users' },
  { key: 'bookings', name: 'Bookings', icon: 'pi pi-calendar' },
  { key: 'operations', name: 'Operations', icon: 'pi pi-briefcase' },
  { key: 'invoices', name: 'Invoices', icon: 'pi pi-file' },
  { key: 'paymentReceipts', name: 'Payment receipts', icon: 'pi pi-receipt' },
  { key: 'expenses', name: 'Expenses', icon: 'pi pi-wallet' },
  { key: 'salaries', name: 'Salaries', icon: 'pi pi-money-bill' },
  { key: 'account', name: 'Account', icon: 'pi pi-chart-line' },
  { key: 'cancellations', name: 'Cancellations', icon: 'pi pi-times-circle' },
  { key: 'hotels', name: 'Hotels', icon: 'pi pi-building' },
  { key: 'activities', name: 'Activities', icon: 'pi pi-compass' },
  { key: 'regions', name: 'Regions', icon: 'pi pi-globe' },
  { key: 'destinations', name: 'Destinations', icon: 'pi pi-map-marker' },
  { key: 'reviews', name: 'Reviews', icon: 'pi pi-comment' },
  { key: 'vendors', name: 'Vendors', icon: 'pi pi-truck' },
  { key: 'members', name: 'Members', icon: 'pi pi-id-card' },
  { key: 'roles', name: 'Roles', icon: 'pi pi-lock' },
  { key: 'modules', name: 'Modules', icon: 'pi pi-th-large' },
  { key: 'organization', name: 'Organization', icon: 'pi pi-cog' },
  { key: 'configurations', name: 'Configurations', icon: 'pi pi-sliders-h' },
];

const VIEW = ['view'] as const;
const WORK = ['view', 'create', 'update'] as const;
const FULL = ['view', 'create', 'update', 'delete', 'export'] as const;
const catalogue = (actions: readonly string[]) =>
  Object.fromEntries(['hotels', 'activities', 'regions', 'destinations', 'reviews'].map((m) => [m, [...actions]]));

/** The roles an organization starts with besides Owner; its owner changes them at will. */
export const DEFAULT_ROLES: { name: string; description: string; permissions: Permissions; visibility: Visibility }[] = [
  {
    name: 'Sales agent',
    description: 'Works leads and follow-ups, builds itineraries, converts leads into bookings.',
    permissions: {
      dashboard: [...VIEW],
      leads: [...WORK, 'export'],
      contacts: [...WORK],
      customizedTours: [...FULL],
      personalizedTours: [...VIEW],
      groupTours: [...VIEW],
      bookings: ['view', 'create'],
      // A customer who cancels asks their agent: the agent requests it (with the quote), a manager decides.
      cancellations: ['view', 'create'],
      ...catalogue(VIEW),
    },
    visibility: { leads: 'own', bookings: 'own' },
  },
  {
    name: 'Operations',
    description: 'Books vendors, sends vouchers and closes trips.',
    permissions: {
      dashboard: [...VIEW],
      bookings: ['view', 'update'],
      // Operations prepares trips for leads about to book: it reads the pipeline, it does not work it.
      leads: [...VIEW],
      contacts: [...VIEW],
      operations: [...FULL],
      cancellations: [...VIEW],
      vendors: [...FULL],
      customizedTours: [...VIEW],
      personalizedTours: [...FULL],
      groupTours: [...FULL],
      ...catalogue(FULL),
    },
    visibility: { leads: 'all', bookings: 'all' },
  },
  {
    name: 'Finance',
    description: 'Verifies payments, issues invoices, keeps the ledger and the budget.',
    permissions: {
      dashboard: [...VIEW],
      bookings: ['view', 'update', 'approve'],
      paymentReceipts: ['view', 'approve', 'export'],
      invoices: [...WORK, 'export'],
      expenses: [...FULL],
      salaries: [...WORK],
      account: [...FULL, 'approve'],
      cancellations: ['view', 'approve'],
      vendors: [...VIEW],
    },
    visibility: { leads: 'all', bookings: 'all' },
  },
];

/** The built-in role that has every permission and cannot be changed (docs/decisions.md "Roles"). */
const OWNER_ROLE = { name: 'Owner', description: 'Everything, always.', isOwner: true, visibility: { leads: 'all', bookings: 'all' } } as const;

export interface NewMember {
  name: string;
  email: string;
  phone?: string | null;
  department: Department;
  /** A role by name: Owner or one of {@link DEFAULT_ROLES}. */
  role: string;
  passwordHash: string;
  /** The organization's today unless given. */
  joiningDate?: string;
}

export interface OrganizationSetup {
  name: string;
  currency: string;
  timeZone: string;
  subscription: { plan: Plan; seats: number; status: SubscriptionStatus; periodEnd: string };
  /** The owner first (the Owner role, the welcome notification), then any staff. */
  people: [NewMember & { role: 'Owner' }, ...NewMember[]];
}

/** The settings of every configuration module as the contract's defaults: an organization's settings do not move when a default changes later. */
export const defaultConfigurations = () => CONFIG_MODULES.map((module) => ({ module, settings: v.parse(configSettingsSchemas[module], {}) as Record<string, unknown> }));

/**
 * Creates an organization with its subscription, roles, modules, configurations and people, in the
 * caller's transaction. The organization row needs a privileged transaction (the seed's owner
 * connection, or the platform role); everything else is written as the new organization's tenant,
 * so row-level security checks every row belongs to it.
 */
export async function setUpOrganization(tx: Tx, setup: OrganizationSetup): Promise<{ organizationId: string; memberIds: string[] }> {
  const [org] = await tx
    .insert(organizations)
    .values({ name: setup.name, currency: setup.currency, timeZone: setup.timeZone, ...newOrganizationSecret() })
    .returning({ id: organizations.id });
  const memberIds = await asTenant(tx, org.id, async () => {
    await tx.insert(subscriptions).values(setup.subscription);
    const roleRows = await tx.insert(roles).values([OWNER_ROLE, ...DEFAULT_ROLES]).returning({ id: roles.id, name: roles.name });
    const roleIds = new Map(roleRows.map((r) => [r.name, r.id]));
    await tx.insert(appModules).values(DEFAULT_MODULES.map((m, position) => ({ ...m, position })));
    await tx.insert(configurations).values(defaultConfigurations());
    const today = await todayIn(tx, setup.timeZone);
    const people = await tx
      .insert(members)
      .values(setup.people.map(({ role, ...p }) => ({ joiningDate: today, ...p, roleId: roleIds.get(role)! })))
      .returning({ id: members.id });
    await tx.insert(notifications).values({
      memberId: people[0].id,
      type: 'system',
      title: `Welcome to ${setup.name}`,
      body: 'Your back office is ready: invite your team from Members.',
      message: { key: 'welcome', params: { organization: setup.name } },
    });
    return people.map((p) => p.id);
  });
  return { organizationId: org.id, memberIds };
}

import { sql } from 'drizzle-orm';
import type { Permissions } from '../src/api/permissions';
import type { ModuleKey } from '../src/api/permissions';
import { hashPassword } from './auth/password';
import { newOrganizationSecret } from './admin/store';
import type { Db } from './db/client';
import { seedLeads } from './leads/seed';
import { seedTours } from './tours/seed';
import { DEMO_PACKAGES, GLOBE_PACKAGES, seedPackages, type PackageSeed } from './tours/package-seed';
import { FINANCE_SEEDS, seedFinance } from './finance/seed';
import { BOOKING_SEEDS, seedBookings } from './bookings/seed';
import { DEMO_CATALOGUE, GLOBE_CATALOGUE, seedCatalogue, type CatalogueSeed } from './catalogue/seed';
import type { VendorService } from '../src/api/vendors/contract';
import { appModules } from './admin/schema';
import { members, roles, subscriptions } from './auth/schema';
import { notifications } from './notifications/schema';
import { organizations } from './db/tenancy';
import { vendors } from './vendors/schema';

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

export const DEMO_ROLES: { name: string; description: string; permissions: Permissions; visibility: { leads: 'own' | 'all'; bookings: 'own' | 'all' } }[] = [
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
      account: [...FULL, 'approve'],
      cancellations: ['view', 'approve'],
      vendors: [...VIEW],
    },
    visibility: { leads: 'all', bookings: 'all' },
  },
];

export interface SeedOrg {
  name: string;
  currency: string;
  timeZone: string;
  ownerEmail: string;
  ownerName: string;
  staff: { name: string; email: string; department: 'sales' | 'operations' | 'finance'; role: string }[];
  vendors: SeedVendor[];
  catalogue: CatalogueSeed;
  /** How many demo leads (server/leads/seed.ts). */
  leads: number;
  /** How many demo customized tours (server/tours/seed.ts). */
  tours: number;
  packages: PackageSeed;
}

export interface SeedVendor {
  name: string;
  services: VendorService[];
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  notes?: string;
  bank?: { accountName: string; bankName: string; accountNumber: string; swift: string };
  inactive?: true;
}

/** Demo Travels' suppliers: every service type, two of them inactive. */
const DEMO_VENDORS: SeedVendor[] = [
  { name: 'Atlantis The Palm', services: ['hotels'], contactPerson: 'Layla Haddad', email: 'groups@atlantis.example', phone: '+971 4 426 0000', address: 'Crescent Road, The Palm, Dubai', notes: 'Group rates from 10 rooms; release 21 days before arrival.', bank: { accountName: 'Atlantis Hotel LLC', bankName: 'Emirates NBD', accountNumber: 'AE07 0331 2345 6789 0123 456', swift: 'EBILAEAD' } },
  { name: 'Jumeirah Beach Hotel', services: ['hotels'], contactPerson: 'Omar Rashid', email: 'reservations@jbh.example', phone: '+971 4 348 0000', address: 'Jumeirah Street, Dubai', bank: { accountName: 'Jumeirah Hospitality', bankName: 'Mashreq Bank', accountNumber: 'AE46 0330 0000 1234 5678 901', swift: 'BOMLAEAD' } },
  { name: 'Rotana Hotels Abu Dhabi', services: ['hotels'], contactPerson: 'Sara Nasser', email: 'sales.ad@rotana.example', phone: '+971 2 697 9000', address: 'Corniche Road, Abu Dhabi' },
  { name: 'Emirates Group Desk', services: ['flights'], contactPerson: 'Daniel Moore', email: 'groupdesk@emirates.example', phone: '+971 4 214 4444', address: 'Emirates Group HQ, Garhoud, Dubai', notes: 'Deposit 10% at booking, names 30 days before departure.' },
  { name: 'flydubai Agency Sales', services: ['flights'], contactPerson: 'Priya Menon', email: 'agency@flydubai.example', phone: '+971 4 231 1000', address: 'Dubai Airport Free Zone' },
  { name: 'Arabian Adventures', services: ['activities', 'transfers', 'land-part'], contactPerson: 'Khalid Saeed', email: 'ops@arabian-adventures.example', phone: '+971 4 303 4888', address: 'Al Quoz, Dubai', notes: 'Desert safaris and city tours; pick-up from all Dubai hotels.', bank: { accountName: 'Arabian Adventures LLC', bankName: 'Emirates NBD', accountNumber: 'AE12 0260 0010 1234 5678 901', swift: 'EBILAEAD' } },
  { name: 'Desert Limousine Transfers', services: ['transfers'], contactPerson: 'Imran Qureshi', email: 'dispatch@desertlimo.example', phone: '+971 50 555 0101', address: 'Al Garhoud, Dubai' },
  { name: 'Gulf Coaches', services: ['transfers', 'land-part'], contactPerson: 'Ahmed Karim', email: 'bookings@gulfcoaches.example', phone: '+971 6 555 0202', address: 'Industrial Area 12, Sharjah' },
  { name: 'Visa Express UAE', services: ['visa'], contactPerson: 'Nadia Farouk', email: 'apply@visaexpress.example', phone: '+971 4 555 0303', address: 'Bur Dubai, Dubai', notes: 'Tourist visas in 3 working days; passport copy and photo needed.' },
  { name: 'Global Visa Services', services: ['visa', 'others'], contactPerson: 'Tom Becker', email: 'desk@globalvisa.example', phone: '+44 20 7946 0000', address: '12 Strand, London', inactive: true, notes: 'Paused: processing times were too long in the last season.' },
  { name: 'Oman Land Partners', services: ['land-part', 'hotels', 'transfers'], contactPerson: 'Salim Al Harthy', email: 'dmc@omanland.example', phone: '+968 2456 0000', address: 'Muscat, Oman', bank: { accountName: 'Oman Land Partners SAOC', bankName: 'Bank Muscat', accountNumber: 'OM81 0270 0000 0012 3456 789', swift: 'BMUSOMRX' } },
  { name: 'Nile Journeys DMC', services: ['land-part', 'activities'], contactPerson: 'Mona Fahmy', email: 'contracts@nilejourneys.example', phone: '+20 2 2735 0000', address: 'Zamalek, Cairo, Egypt' },
  { name: 'Sea Breeze Cruises', services: ['activities'], contactPerson: 'Ricardo Alves', email: 'charters@seabreeze.example', phone: '+971 55 555 0404', address: 'Dubai Marina', inactive: true },
  { name: 'TravelSafe Insurance', services: ['others'], contactPerson: 'Hannah Lee', email: 'partners@travelsafe.example', phone: '+971 4 555 0505', address: 'DIFC, Dubai', notes: 'Travel insurance added to packages on request.' },
  { name: 'Skyline Helicopter Tours', services: ['activities', 'others'], contactPerson: 'Victor Petrov', email: 'book@skylineheli.example', phone: '+971 4 555 0606', address: 'Atlantis Heliport, Dubai' },
];

const GLOBE_VENDORS: SeedVendor[] = [
  { name: 'Lisbon Boutique Hotels', services: ['hotels'], contactPerson: 'Inês Costa', email: 'groups@lisbonboutique.example', phone: '+351 21 000 0000', address: 'Rua Augusta, Lisboa' },
  { name: 'Porto Wine Tours', services: ['activities', 'transfers'], contactPerson: 'João Silva', email: 'tours@portowine.example', phone: '+351 22 000 0000', address: 'Ribeira, Porto' },
];

export const DEMO_ORGS: SeedOrg[] = [
  {
    name: 'Demo Travels',
    currency: 'USD',
    timeZone: 'Asia/Dubai',
    ownerEmail: 'owner@demo.travel',
    ownerName: 'Olivia Owner',
    staff: [
      { name: 'Samir Sales', email: 'sales@demo.travel', department: 'sales', role: 'Sales agent' },
      { name: 'Lina Haddad', email: 'lina@demo.travel', department: 'sales', role: 'Sales agent' },
      { name: 'Marco Rossi', email: 'marco@demo.travel', department: 'sales', role: 'Sales agent' },
      { name: 'Oskar Ops', email: 'ops@demo.travel', department: 'operations', role: 'Operations' },
      { name: 'Fatima Finance', email: 'finance@demo.travel', department: 'finance', role: 'Finance' },
    ],
    vendors: DEMO_VENDORS,
    catalogue: DEMO_CATALOGUE,
    leads: 320,
    tours: 36,
    packages: DEMO_PACKAGES,
  },
  {
    name: 'Globe Trotters',
    currency: 'EUR',
    timeZone: 'Europe/Lisbon',
    ownerEmail: 'owner@globe.travel',
    ownerName: 'Gabriel Globe',
    staff: [],
    vendors: GLOBE_VENDORS,
    catalogue: GLOBE_CATALOGUE,
    leads: 12,
    tours: 4,
    packages: GLOBE_PACKAGES,
  },
];

/** Seeds the demo organizations once: a database that has any organization is left alone. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(organizations);
    if (n > 0) return false;
    const periodEnd = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    for (const spec of DEMO_ORGS) {
      const [org] = await tx
        .insert(organizations)
        .values({ name: spec.name, currency: spec.currency, timeZone: spec.timeZone, ...newOrganizationSecret() })
        .returning();
      const organizationId = org.id;
      await tx.insert(subscriptions).values({ organizationId, plan: 'business', seats: 25, status: 'active', periodEnd });
      const [owner] = await tx
        .insert(roles)
        .values({ organizationId, name: 'Owner', description: 'Everything, always.', isOwner: true, visibility: { leads: 'all', bookings: 'all' } })
        .returning();
      const roleIds = new Map<string, string>([['Owner', owner.id]]);
      for (const r of DEMO_ROLES) {
        const [row] = await tx.insert(roles).values({ organizationId, ...r }).returning();
        roleIds.set(r.name, row.id);
      }
      await tx.insert(appModules).values(DEFAULT_MODULES.map((m, position) => ({ organizationId, ...m, position })));
      const people = [
        { name: spec.ownerName, email: spec.ownerEmail, department: 'management', role: 'Owner' },
        ...spec.staff,
      ];
      const inserted = await tx
        .insert(members)
        .values(
          people.map((p, i) => ({
            organizationId,
            name: p.name,
            email: p.email,
            phone: `+971 50 000 00${i + 1}`,
            department: p.department,
            roleId: roleIds.get(p.role)!,
            joiningDate: '2024-01-15',
            passwordHash,
          })),
        )
        .returning({ id: members.id });
      await tx.insert(notifications).values({
        organizationId,
        memberId: inserted[0].id,
        type: 'system',
        title: `Welcome to ${spec.name}`,
        body: 'Your back office is ready: invite your team from Members.',
      });
      await tx.insert(vendors).values(
        spec.vendors.map(({ bank, inactive, ...v }) => ({
          organizationId,
          ...v,
          notes: v.notes ?? null,
          bankDetails: bank ?? null,
          status: inactive ? 'inactive' : 'active',
        })),
      );
      await seedCatalogue(tx, organizationId, spec.catalogue);
      await seedLeads(tx, organizationId, spec.leads);
      await seedTours(tx, organizationId, spec.tours);
      await seedFinance(tx, organizationId, FINANCE_SEEDS[spec.name]);
      await seedPackages(tx, organizationId, spec.packages);
      await seedBookings(tx, organizationId, BOOKING_SEEDS[spec.name]);
    }
    return true;
  });
}

import { sql } from 'drizzle-orm';
import { hashPassword } from './auth/password';
import { setUpOrganization, type NewMember } from './admin';
import { seedOperator } from './platform';
import type { Db } from './db/client';
import { seedLeads } from './leads';
import { DEMO_PERSONALIZED_GROUP, GLOBE_PERSONALIZED_GROUP, seedPersonalizedGroupTours, seedTours, type PersonalizedGroupSeed } from './tours';
import { FINANCE_SEEDS, seedFinance, startBooksWithHistory } from './finance';
import { BOOKING_SEEDS, seedBookings } from './bookings';
import { CANCELLATION_SEEDS, seedCancellations } from './cancellations';
import { OPERATION_SEEDS, seedOperations } from './operations';
import { DEMO_CATALOGUE, GLOBE_CATALOGUE, seedCatalogue, type CatalogueSeed } from './catalogue';
import type { VendorService } from '../src/api/vendors/contract';
import { addDays, todayIn } from '../src/domain/calendar';
import { organizations } from './db/tenancy';
import { vendors } from './vendors';

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
  personalizedGroup: PersonalizedGroupSeed;
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
    personalizedGroup: DEMO_PERSONALIZED_GROUP,
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
    personalizedGroup: GLOBE_PERSONALIZED_GROUP,
  },
];

/**
 * Seeds the demo organizations once: a database that has any organization is left alone. The demo
 * platform operator is seeded whenever there is no operator.
 */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  // Hashed only when there is someone to seed: a restart on seeded data skips the argon2 work (a few hundred ms on a busy machine).
  let hashed: Promise<string> | undefined;
  const hashOnce = () => (hashed ??= hashPassword(password));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await seedOperator(tx, hashOnce);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(organizations);
    if (n > 0) return false;
    const passwordHash = await hashOnce();
    const periodEnd = addDays(todayIn('UTC'), 365);
    const person = <P extends Omit<NewMember, 'passwordHash'>>(p: P, i: number) => ({ ...p, passwordHash, phone: `+971 50 000 00${i + 1}`, joiningDate: '2024-01-15' });
    for (const spec of DEMO_ORGS) {
      const { organizationId } = await setUpOrganization(tx, {
        name: spec.name,
        currency: spec.currency,
        timeZone: spec.timeZone,
        subscription: { plan: 'business', seats: 25, status: 'active', periodEnd },
        people: [person({ name: spec.ownerName, email: spec.ownerEmail, department: 'management', role: 'Owner' }, 0), ...spec.staff.map((p, i) => person(p, i + 1))],
      });
      // The demo data beyond what every organization starts with.
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
      await seedPersonalizedGroupTours(tx, organizationId, spec.personalizedGroup);
      await seedBookings(tx, organizationId, BOOKING_SEEDS[spec.name]);
      await seedOperations(tx, organizationId, OPERATION_SEEDS[spec.name] ?? []);
      if (CANCELLATION_SEEDS[spec.name]) await seedCancellations(tx, organizationId, CANCELLATION_SEEDS[spec.name]);
      await startBooksWithHistory(tx, organizationId);
    }
    return true;
  });
}

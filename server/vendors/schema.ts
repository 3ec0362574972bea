import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '../db/money';
import type { BankDetails } from '../../src/api/vendors/contract';
import { vendorMachine } from '../../src/machines/vendor-machine';
import { stateCheck } from '../db/state-check';
import { id, createdAt, updatedAt, tenantId } from '../db/tenancy';
import { declareDuplicates } from '../http/errors';

/**
 * Suppliers of travel services. `status` is the vendor machine's state (src/machines/vendor-machine.ts);
 * the API shows it as `isActive`.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    organizationId: tenantId(),
    name: text('name').notNull(),
    /** Some of the 7 service types (hotels, flights, transfers, activities, visa, land-part, others). */
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    contactPerson: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One vendor per name in an organization, whatever the case; also serves the default sort (lower(name)).
    uniqueIndex('vendors_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('vendors_org_status_idx').on(t.organizationId, t.status),
    index('vendors_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('vendors_services_idx').using('gin', t.services),
    // `search` (ILIKE '%…%'): pg_trgm, read through vendor_search() (see the performance migration).
    index('vendors_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('vendors_contact_person_trgm_idx').using('gin', t.contactPerson.op('gin_trgm_ops')),
    index('vendors_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('vendors_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    check('vendors_status_ck', stateCheck(t.status, vendorMachine)),
  ],
);

/**
 * The vendor list's header (total, active, per service) as running counts, so it costs a few rows
 * instead of a scan of every vendor. Triggers on `vendors` (performance migration) write them in
 * the writing transaction, whatever wrote (routes, import, seed, SQL): one row of deltas per
 * statement, folded with the organization's other unlocked rows. The header is the sum of an
 * organization's rows. Nothing else writes here.
 */
export const vendorStats = pgTable(
  'vendor_stats',
  {
    id: id(),
    organizationId: tenantId(),
    total: integer('total').notNull().default(0),
    active: integer('active').notNull().default(0),
    hotels: integer('hotels').notNull().default(0),
    flights: integer('flights').notNull().default(0),
    transfers: integer('transfers').notNull().default(0),
    activities: integer('activities').notNull().default(0),
    visa: integer('visa').notNull().default(0),
    landPart: integer('land_part').notNull().default(0),
    others: integer('others').notNull().default(0),
  },
  (t) => [index('vendor_stats_org_idx').on(t.organizationId)],
);

/**
 * Money between the organization and a vendor: written by payment code (voucher payments are
 * outgoing; refunds from a vendor incoming). Rows are facts: a mistake is corrected by another row.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    id: id(),
    organizationId: tenantId(),
    // A vendor with transactions cannot be deleted (the history stays); deactivate it instead.
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    direction: text('direction').notNull(),
    /** Integer minor units of the organization's currency. */
    amount: money('amount').notNull(),
    status: text('status').notNull().default('pending'),
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference'),
    description: text('description'),
    /** What the system wrote, as a key of `JOURNAL_MEMOS` and its values, for the reader's language; null for a person's words. */
    descriptionKey: text('description_key'),
    descriptionParams: jsonb('description_params').$type<Record<string, string>>(),
    /** The record that caused it, e.g. `voucher-payment` and the payment's id. */
    linkedType: text('linked_type'),
    linkedId: uuid('linked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_transactions_vendor_date_idx').on(t.vendorId, t.date, t.id),
    index('vendor_transactions_linked_idx').on(t.linkedType, t.linkedId),
    check('vendor_transactions_direction_ck', sql`${t.direction} in ('incoming', 'outgoing')`),
    check('vendor_transactions_status_ck', sql`${t.status} in ('paid', 'pending')`),
    check('vendor_transactions_amount_ck', sql`${t.amount} >= 0`),
    check('vendor_transactions_description_key_ck', sql`(${t.descriptionKey} is null) = (${t.descriptionParams} is null)`),
  ],
);

// ---------- catalogue ----------
// Slugs are unique per organization (`<table>_org_slug_uq`). A reference to another catalogue
// record is a composite foreign key with `organization_id`, so the database itself refuses a
// reference to another organization's record (foreign keys are checked without row-level security).
// References are `restrict`: a region or destination still in use cannot be deleted.

declareDuplicates({ vendors_org_name_uq: { field: 'name', message: 'A vendor with this name already exists' } });

/**
 * A vendor's transactions' stats (`GET /vendors/{id}/transactions`), kept by a trigger as they are
 * written (see bookingTotals, docs/performance.md): how many and how much, by month, direction and state.
 */
export const vendorTransactionTotals = pgTable(
  'vendor_transaction_totals',
  {
    id: id(),
    organizationId: tenantId(),
    vendorId: uuid('vendor_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('vendor_transaction_totals_group_idx').on(t.vendorId, t.month, t.direction, t.status)],
);

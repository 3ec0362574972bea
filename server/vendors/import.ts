import { asc, or, sql } from 'drizzle-orm';
import { transition } from 'xstate';
import { isActiveIn, vendorActivation, vendorImportRow, type BankDetails, type VendorImportRow } from '../../src/api/vendors/contract';
import { describeVendorRefusal, vendorMachine } from '../../src/machines/vendor-machine';
import { initialState, snapshotOf } from '../../src/machines/workflow';
import { fieldChanges, rejectRow, type Importer, type RowPlan } from '../http/import';
import { vendors } from './schema';

type VendorRow = typeof vendors.$inferSelect;

/** Blank bank details are no bank details. */
export function bankDetailsOrNull(bank: BankDetails | null | undefined): BankDetails | null | undefined {
  if (bank === undefined || bank === null) return bank;
  return Object.values(bank).some((x) => x) ? bank : null;
}

const BANK_FIELDS = ['accountName', 'bankName', 'accountNumber', 'swift'] as const;

/** A stored vendor as the fields an import row names (bank details one by one, as they merge). */
function storedFields(row: VendorRow): Record<string, unknown> {
  const bank = row.bankDetails ?? null;
  return {
    name: row.name,
    services: row.services,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    isActive: isActiveIn(row.status),
    bankDetails: bank,
    ...Object.fromEntries(BANK_FIELDS.map((k) => [`bankDetails.${k}`, bank?.[k] ?? null])),
  };
}

function givenFields({ bankDetails, status: _status, ...input }: VendorValues): Record<string, unknown> {
  const bank = bankDetailsOrNull(bankDetails);
  if (bank === undefined) return input;
  if (bank === null) return { ...input, bankDetails: null };
  return { ...input, ...Object.fromEntries(BANK_FIELDS.map((k) => [`bankDetails.${k}`, bank[k]])) };
}

/** A planned vendor: the row, and the vendor machine's state it starts in or moves to (none: unchanged). */
type VendorValues = VendorImportRow & { status?: string };

/**
 * `POST /vendors/import`: a row matches the vendor with the same name (case aside), or else the one
 * with the same email; otherwise it creates one (active unless `isActive` says otherwise). On
 * update a field the row leaves out (an empty CSV cell, an absent JSON key) keeps its stored
 * value, JSON `null` clears it, bank details merge, and `isActive` is the vendor machine's event.
 */
export const vendorImporter: Importer<VendorImportRow, VendorValues> = {
  kind: 'vendor',
  rowSchema: vendorImportRow,
  keys: (input) => [['name', input.name.toLowerCase()], ...(input.email ? [['email', input.email.toLowerCase()] as [string, string]] : [])],

  async plan(tx, chunk) {
    const names = chunk.map((r) => r.input.name.toLowerCase());
    const emails = chunk.flatMap((r) => (r.input.email ? [r.input.email.toLowerCase()] : []));
    const existing = await tx
      .select()
      .from(vendors)
      .where(or(sql`lower(${vendors.name}) = any(${sql.param(names)}::text[])`, emails.length ? sql`lower(${vendors.email}) = any(${sql.param(emails)}::text[])` : undefined))
      .orderBy(asc(sql`lower(${vendors.name})`));
    const byName = new Map(existing.map((x) => [x.name.toLowerCase(), x]));
    const byEmail = new Map<string, VendorRow>();
    for (const x of existing) if (x.email && !byEmail.has(x.email.toLowerCase())) byEmail.set(x.email.toLowerCase(), x);

    return chunk.map(({ input }): RowPlan<VendorValues> => {
      const sameName = byName.get(input.name.toLowerCase());
      const match = sameName ?? (input.email ? byEmail.get(input.email.toLowerCase()) : undefined);
      // Where a vendor starts is the machine's, as for POST /vendors.
      if (!match) return { action: 'create', values: { ...input, status: initialState(vendorMachine, { isActive: input.isActive }) } };
      let status: string | undefined;
      if (input.isActive !== undefined && input.isActive !== isActiveIn(match.status)) {
        // Activation is the vendor machine's to allow, for an import as for PUT /vendors/{id}.
        const event = vendorActivation.eventOf({ isActive: input.isActive })!;
        const from = snapshotOf(vendorMachine, match.status);
        if (!from.can(event)) return rejectRow('isActive', 'notAllowedInState', describeVendorRefusal(match.status, event), { state: match.status });
        status = String(transition(vendorMachine, from as never, event)[0].value);
      }
      const values = { ...input, ...(status ? { status } : {}) };
      return { action: 'update', id: match.id, matchedBy: sameName ? 'name' : 'email', values, changes: fieldChanges(storedFields(match), givenFields(values)) };
    });
  },

  async write(tx, creates, updates) {
    if (updates.length) {
      const doc = JSON.stringify(updates.map((u) => ({ id: u.id, d: { ...u.values, bankDetails: bankDetailsOrNull(u.values.bankDetails) } })));
      const text = (key: string, column: string) => sql`case when x.d ? ${key} then x.d->>${key} else ${sql.identifier('v')}.${sql.identifier(column)} end`;
      await tx.execute(sql`
        update vendors v set
          name = ${text('name', 'name')},
          services = case when x.d ? 'services' then array(select jsonb_array_elements_text(x.d->'services')) else v.services end,
          contact_person = ${text('contactPerson', 'contact_person')},
          email = ${text('email', 'email')},
          phone = ${text('phone', 'phone')},
          address = ${text('address', 'address')},
          notes = ${text('notes', 'notes')},
          bank_details = case
            when not x.d ? 'bankDetails' then v.bank_details
            when jsonb_typeof(x.d->'bankDetails') = 'null' then null
            else coalesce(v.bank_details, '{}'::jsonb) || (x.d->'bankDetails') end,
          status = coalesce(x.d->>'status', v.status),
          updated_at = now()
        from (select (e->>'id')::uuid as id, e->'d' as d from jsonb_array_elements(${doc}::jsonb) e) x
        where v.id = x.id`);
    }
    if (creates.length) {
      // One statement with one parameter, however many rows.
      const doc = JSON.stringify(creates.map(({ id, values }) => ({ ...values, id, bankDetails: bankDetailsOrNull(values.bankDetails) })));
      await tx.execute(sql`
        insert into vendors (id, name, services, contact_person, email, phone, address, notes, bank_details, status)
        select (e->>'id')::uuid, e->>'name', array(select jsonb_array_elements_text(e->'services')), e->>'contactPerson', e->>'email',
               e->>'phone', e->>'address', e->>'notes', nullif(e->'bankDetails', 'null'::jsonb), e->>'status'
        from jsonb_array_elements(${doc}::jsonb) e`);
    }
  },
};

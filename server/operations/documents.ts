import { eq } from 'drizzle-orm';
import type { VendorService } from '../../src/api/vendors/contract';
import { bookings, bookingRef } from '../bookings';
import type { Tx } from '../db/client';
import type { RecordDocument } from '../documents';
import { fill, voucherTemplate, type VoucherData } from '../documents';
import { notFound } from '../http/errors';
import { vendors } from '../vendors';
import { VOUCHER_RECORD, travellerNames, type OperationRow, type VoucherRow } from './store';

/** Sends of a voucher are recorded under this record type (the outbox, the voucher's `send_id`). */
export const VOUCHER_DOCUMENT_RECORD = 'voucher';

/**
 * A voucher as the documents area renders and sends it (docs/documents.md): the vendor, its
 * confirmation number, the service and its dates, the travellers by name, the party's size and
 * the description; never a price (neither the cost nor the selling price).
 */
export async function voucherDocument(tx: Tx, op: OperationRow, row: VoucherRow | undefined): Promise<RecordDocument<VoucherData>> {
  if (!row || row.operationId !== op.id) throw notFound(VOUCHER_RECORD);
  const [booking] = await tx.select({ number: bookings.number, tourTitle: bookings.tourTitle, customerName: bookings.customerName }).from(bookings).where(eq(bookings.id, op.bookingId));
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, row.vendorId));
  const travellers = await travellerNames(tx, op.bookingId);
  const bookingNumber = bookingRef(booking.number);
  const label = row.number ?? bookingNumber;
  return {
    recordType: VOUCHER_DOCUMENT_RECORD,
    recordId: row.id,
    recordLabel: label,
    template: voucherTemplate,
    data: {
      number: row.number,
      bookingNumber,
      tourTitle: booking.tourTitle,
      vendor: { name: vendor.name, contactPerson: vendor.contactPerson, email: vendor.email, phone: vendor.phone },
      confirmationNumber: row.confirmationNumber,
      serviceType: row.serviceType as VendorService,
      serviceStartDate: row.serviceStartDate,
      serviceEndDate: row.serviceEndDate,
      leadName: travellers[0] ?? booking.customerName,
      travellers,
      pax: row.pax,
      description: row.description,
      void: row.status === 'void',
    },
    email: (s, organization) => ({
      subject: fill(s.email.voucherSubject, { number: label, organization }),
      message: fill(s.email.voucherMessage, { number: label, organization, name: vendor.contactPerson ?? vendor.name, booking: bookingNumber }),
    }),
  };
}

import type { VendorService } from '../../../src/api/vendors/contract';
import type { DocumentTemplate } from '../render';

/**
 * The vendor voucher (docs/operations.md): what the vendor is asked to provide, for whom, under
 * which confirmation. It goes outside the organization, so it is held to the customer documents'
 * rule (the renderer refuses cost, markup or margin keys) and carries no selling price either.
 */
export interface VoucherData {
  /** `VCH-2026-0001`; null while a draft (printed as a draft). */
  number: string | null;
  bookingNumber: string;
  tourTitle: string;
  vendor: { name: string; contactPerson: string | null; email: string | null; phone: string | null };
  confirmationNumber: string | null;
  serviceType: VendorService;
  serviceStartDate: string;
  serviceEndDate: string;
  /** The party's lead name: who presents the voucher. */
  leadName: string;
  travellers: string[];
  pax: number;
  description: string | null;
  void: boolean;
}

export const voucherTemplate: DocumentTemplate<VoucherData> = {
  kind: 'vendor-voucher',
  audience: 'customer',
  title: (d, s) => `${s.voucher.title} ${d.number ?? s.voucher.draft}`,
  fileName: (d, s) => `${d.number ?? `${s.voucher.title}-${d.bookingNumber}`}.pdf`.replace(/\s+/g, '-'),
  render(w, d) {
    const { voucher, tour } = w.s;
    const service = voucher.services[d.serviceType];
    const dates = d.serviceStartDate === d.serviceEndDate ? w.format.date(d.serviceStartDate) : w.t(tour.dateRange, { from: w.format.date(d.serviceStartDate), to: w.format.date(d.serviceEndDate) });
    w.cover(voucher.title, service, d.number ?? voucher.draft, [dates, w.t(voucher.paxCount, { count: d.pax })]);
    if (d.void) w.paragraph(voucher.voided);
    w.fields([
      [voucher.number, d.number ?? voucher.draft],
      [voucher.confirmation, d.confirmationNumber ?? '—'],
      [voucher.booking, `${d.bookingNumber} · ${d.tourTitle}`],
      [voucher.vendor, d.vendor.name],
      ...(d.vendor.contactPerson ? [[tour.contactName, d.vendor.contactPerson] as [string, string]] : []),
      ...(d.vendor.phone ? [[tour.phone, d.vendor.phone] as [string, string]] : []),
      [voucher.service, service],
      [voucher.dates, dates],
      [voucher.leadName, d.leadName],
      [voucher.pax, w.format.number(d.pax)],
    ]);
    if (d.description) {
      w.heading(voucher.details);
      w.paragraph(d.description);
    }
    w.heading(voucher.travellers);
    if (d.travellers.length) {
      w.table(
        [
          { header: '#', width: 1, align: 'end' },
          { header: tour.traveller, width: 9 },
        ],
        d.travellers.map((name, i) => [w.format.number(i + 1), name]),
      );
    } else w.paragraph(voucher.namesToFollow);
    w.paragraph(voucher.instructions, { muted: true });
  },
};

import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useInvoicePreview } from '../../api/bookings/get-bookings';
import { useGenerateInvoice } from '../../api/bookings/save-booking';
import { Dialog } from '../../ui/dialog';
import { useBookingFormatters } from './bookings-page';

/**
 * "Generate invoice": an invoice takes the series' next number and never changes once issued, so
 * staff see what it will say first (total, the tax inside it, the due date its terms give) from
 * `GET /bookings/{id}/invoice-preview`, then issue it.
 */
export function IssueInvoiceButton({ booking, size }: { booking: { _id: string; ref: string }; size?: 'small' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size={size} icon="pi pi-file" label={t('bookings.invoice')} aria-label={size ? `${t('bookings.invoice')} ${booking.ref}` : undefined} onClick={() => setOpen(true)} />
      {open && <IssueInvoiceDialog booking={booking} onClose={() => setOpen(false)} />}
    </>
  );
}

function IssueInvoiceDialog({ booking, onClose }: { booking: { _id: string; ref: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const preview = useInvoicePreview(booking._id);
  const generate = useGenerateInvoice();
  const draft = preview.data;
  const money = (n: number) => <span className="money">{fmt.money(n, draft?.currency)}</span>;
  const issue = async () => {
    const issued = await generate.mutateAsync({ bookingId: booking._id }).catch(() => undefined);
    if (!issued) return;
    toast.success(t('bookings.invoiceGenerated', { number: issued.number }));
    onClose();
  };
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('bookings.invoicePreview.title', { ref: booking.ref })}
      style={{ width: 'min(480px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" outlined label={t('shell.cancel')} onClick={onClose} />
          <Button type="button" icon="pi pi-file" label={t('bookings.invoicePreview.issue')} disabled={!draft} loading={generate.isPending} onClick={() => void issue()} autoFocus />
        </div>
      }
    >
      {draft ? (
        <div className="stack" data-testid="invoice-preview">
          <dl className="detail-list">
            {(
              [
                [t('invoices.subtotal'), money(draft.subtotal)],
                [t('bookings.invoicePreview.tax', { rate: fmt.basisPoints(draft.taxRate) }), money(draft.tax)],
                [t('invoices.total'), <strong>{money(draft.total)}</strong>],
                [t('invoices.issuedOn'), fmt.date(draft.issuedOn)],
                [t('invoices.dueDate'), fmt.date(draft.dueDate)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="muted" style={{ margin: 0 }}>
            {t('bookings.invoicePreview.note')}
          </p>
        </div>
      ) : (
        <p role="status">{preview.isError ? t('bookings.errors.invoicePreview') : t('shell.loading')}</p>
      )}
    </Dialog>
  );
}

import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { AGE_BUCKETS, type AgeBucket, type Payables, type Receivables } from '../../api/finance/statement/contract';
import { agingExportUrl, usePayables, useReceivables } from '../../api/finance/statement/get-statement';
import { sumMinor } from '../../domain/money';
import { useCan } from '../../ui/auth';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordTable } from '../../ui/record-table';
import { AccountTabs, Money, useOrgFormatters } from './parts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A bucket's heading: "Not yet due", "1–30 days"… */
const bucketKey = (b: AgeBucket) => `aging.buckets.${b === '90+' ? 'over90' : b === 'current' ? 'current' : `d${b.replace('-', '_')}`}`;

type AgingColumn<R> = { key: string; header: string; cell: (row: R) => ReactNode; total?: ReactNode };
type AgingRows<R> = { columns: AgingColumn<R>[]; rows: R[]; rowKey: (row: R) => string };

/** A report's table: a row per record (named by its first column), its amounts and buckets, and the totals at its foot; a card per row on a phone. */
function AgingTable<R>({ caption, columns, rows, testId, rowKey }: AgingRows<R> & { caption: string; testId: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted" data-testid={`${testId}-empty`}>{t('aging.none')}</p>;
  return (
    <div className="money-table-wrap">
      <RecordTable
        className="money-table money-table--dense"
        testId={testId}
        caption={caption}
        rows={rows}
        rowKey={rowKey}
        totals={t('aging.totals')}
        columns={columns.map((c, i) => (i === 0 ? { ...c, rowHeader: true } : { ...c, className: 'money-table__amount' }))}
      />
    </div>
  );
}

/** A report: its title, what it counts, its CSV, and its table (a placeholder while it loads). */
function AgingReport<R>({ id, title, hint, download, table }: { id: string; title: string; hint: string; download?: string; table?: AgingRows<R> }) {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby={`${id}-title`} style={{ gap: '0.75rem' }}>
      <div className="page-header" style={{ marginBottom: 0 }}>
        <h2 id={`${id}-title`} style={{ margin: 0, flex: 1 }}>
          {title}
        </h2>
        {download && (
          <a className="p-button p-button-outlined p-button-sm download-link" href={download} data-testid={`${id}-csv`}>
            <i className="pi pi-download" aria-hidden="true" />
            <span className="p-button-label" style={{ marginInlineStart: '0.5rem' }}>
              {t('aging.csv')}
            </span>
          </a>
        )}
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {hint}
      </p>
      {table ? <AgingTable caption={title} testId={`${id}-table`} {...table} /> : <Skeleton height="8rem" />}
    </section>
  );
}

/** `/account/aging`: what customers owe by how late each installment is, and what is owed to vendors by how long ago their service began. */
export function AgingPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const can = useCan();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const given = params.get('asOf') ?? '';
  const asOf = DATE.test(given) ? given : undefined;
  const receivables = useReceivables(asOf);
  const payables = usePayables(asOf);
  const setAsOf = (value: string) => {
    const out = new URLSearchParams(params);
    if (value) out.set('asOf', value);
    else out.delete('asOf');
    setParams(out, { replace: true });
  };
  const exportable = can('account', 'export');
  const buckets = <T extends { buckets: Record<AgeBucket, number> }>(report?: { totals: Record<AgeBucket, number>; currency: string }) =>
    AGE_BUCKETS.map((b) => ({
      key: b,
      header: t(bucketKey(b)),
      cell: (r: T) => <Money minor={r.buckets[b]} currency={report?.currency} />,
      total: report ? <strong><Money minor={report.totals[b]} currency={report.currency} /></strong> : undefined,
    }));
  // Whole minor units (and counts): refused, never rounded, past what JavaScript holds exactly.
  const sum = sumMinor;

  const rec = receivables.data;
  const pay = payables.data;
  type RecRow = Receivables['rows'][number];
  type PayRow = Payables['rows'][number];
  return (
    <div className="stack">
      <AccountTabs />
      <div className="page-header">
        <h1>{t('aging.title')}</h1>
      </div>
      <div className="toolbar">
        <label htmlFor={id}>{t('aging.asOf')}</label>
        <InputText id={id} type="date" value={asOf ?? ''} onChange={(e) => setAsOf(e.target.value)} />
        {(rec ?? pay) && <span className="muted">{t('aging.asOfShown', { date: fmt.date((rec ?? pay)!.asOf) })}</span>}
      </div>
      <AgingReport<RecRow>
        id="receivables"
        title={t('aging.receivables.title')}
        hint={t('aging.receivables.hint')}
        download={exportable ? agingExportUrl('receivables', asOf) : undefined}
        table={
          rec && {
            rows: rec.rows,
            rowKey: (r) => r.booking._id,
            columns: [
              {
                key: 'booking',
                header: t('aging.receivables.booking'),
                cell: (r) => (
                  <span className="stack" style={{ gap: 0 }}>
                    {can('bookings') ? <Link to={moduleRecordPath('bookings', r.booking._id)} dir="ltr">{r.booking.ref}</Link> : <span dir="ltr">{r.booking.ref}</span>}
                    <span className="muted">{r.customer}</span>
                  </span>
                ),
              },
              { key: 'oldestDue', header: t('aging.receivables.oldestDue'), cell: (r) => (r.oldestDue ? fmt.date(r.oldestDue) : '—') },
              { key: 'total', header: t('aging.receivables.total'), cell: (r) => <Money minor={r.total} currency={rec.currency} />, total: <strong><Money minor={sum(rec.rows.map((r) => r.total))} currency={rec.currency} /></strong> },
              { key: 'paid', header: t('aging.receivables.paid'), cell: (r) => <Money minor={r.paid} currency={rec.currency} />, total: <strong><Money minor={sum(rec.rows.map((r) => r.paid))} currency={rec.currency} /></strong> },
              { key: 'open', header: t('aging.receivables.open'), cell: (r) => <strong><Money minor={r.open} currency={rec.currency} /></strong>, total: <strong><Money minor={sum(rec.rows.map((r) => r.open))} currency={rec.currency} /></strong> },
              ...buckets<RecRow>(rec),
            ],
          }
        }
      />
      <AgingReport<PayRow>
        id="payables"
        title={t('aging.payables.title')}
        hint={t('aging.payables.hint')}
        download={exportable ? agingExportUrl('payables', asOf) : undefined}
        table={
          pay && {
            rows: pay.rows,
            rowKey: (r) => r.vendor._id,
            columns: [
              { key: 'vendor', header: t('aging.payables.vendor'), cell: (r) => (can('vendors') ? <Link to={moduleRecordPath('vendors', r.vendor._id)}>{r.vendor.name}</Link> : r.vendor.name) },
              { key: 'vouchers', header: t('aging.payables.vouchers'), cell: (r) => fmt.number(r.vouchers), total: fmt.number(sum(pay.rows.map((r) => r.vouchers))) },
              { key: 'owed', header: t('aging.payables.owed'), cell: (r) => <strong><Money minor={r.owed} currency={pay.currency} /></strong>, total: <strong><Money minor={sum(pay.rows.map((r) => r.owed))} currency={pay.currency} /></strong> },
              ...buckets<PayRow>(pay),
            ],
          }
        }
      />
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteAnswer } from '../api/cancellations/contract';
import { useOrgFormatters } from './org-format';
import './cancellations.css';

/** Money in the organization's formatters, its digits left to right in either direction. */
function useQuoteMoney(currency: string) {
  const fmt = useOrgFormatters({ currency });
  // `warnBelowZero` false: a figure below zero that is good news (the fee covers more than the organization loses) is not shown as a loss.
  return { fmt, money: (n: number, warnBelowZero = true) => <span className="money" data-negative={(warnBelowZero && n < 0) || undefined}>{fmt.money(n, currency)}</span> };
}

type Figure = { key: string; label: string; value: (q: QuoteAnswer) => ReactNode; same: (a: QuoteAnswer, b: QuoteAnswer) => boolean; hint?: string; strong?: boolean };

/**
 * What cancelling a booking costs (`GET /bookings/{id}/cancellation-quote`, the quote stored on a
 * request): the customer's side (paid, the policy's tier and fee, what may be given back) and the
 * organization's (what vendors were paid and are expected to give back). With `compare` (the quote
 * the request was made with), the two side by side, each figure that moved marked.
 */
export function QuoteTable({ quote, compare, currency, testId = 'quote' }: { quote: QuoteAnswer; compare?: QuoteAnswer | null; currency: string; testId?: string }) {
  const { t } = useTranslation();
  const { fmt, money } = useQuoteMoney(currency);
  const captionId = useId();
  const sameNumber = (k: keyof QuoteAnswer) => (a: QuoteAnswer, b: QuoteAnswer) => a[k] === b[k];
  const days = (q: QuoteAnswer) => (q.daysBeforeDeparture < 0 ? t('cancellations.quote.afterDeparture') : fmt.number(q.daysBeforeDeparture));
  const tier = (q: QuoteAnswer) =>
    q.tier ? t('cancellations.quote.tierOf', { percent: fmt.basisPoints(q.tier.feeBasisPoints), count: q.tier.daysBeforeDeparture }) : q.daysBeforeDeparture < 0 || q.fee > q.flatFee ? t('cancellations.quote.wholeTotal') : t('cancellations.quote.noTier');
  const figures: Figure[] = [
    { key: 'asOf', label: t('cancellations.quote.asOf'), value: (q) => fmt.date(q.asOf), same: () => true },
    { key: 'daysBeforeDeparture', label: t('cancellations.quote.daysBeforeDeparture'), value: days, same: sameNumber('daysBeforeDeparture') },
    { key: 'paid', label: t('cancellations.quote.paid'), value: (q) => money(q.paid), same: sameNumber('paid'), hint: t('cancellations.quote.paidHint') },
    { key: 'tier', label: t('cancellations.quote.tier'), value: tier, same: (a, b) => a.tier?.daysBeforeDeparture === b.tier?.daysBeforeDeparture && a.tier?.feeBasisPoints === b.tier?.feeBasisPoints },
    ...(quote.flatFee || compare?.flatFee ? [{ key: 'flatFee', label: t('cancellations.quote.flatFee'), value: (q: QuoteAnswer) => money(q.flatFee), same: sameNumber('flatFee') }] : []),
    { key: 'fee', label: t('cancellations.quote.fee'), value: (q) => money(q.fee), same: sameNumber('fee') },
    { key: 'refundable', label: t('cancellations.quote.refundable'), value: (q) => money(q.refundable), same: sameNumber('refundable'), strong: true },
    { key: 'kept', label: t('cancellations.quote.kept'), value: (q) => money(q.kept), same: sameNumber('kept') },
    { key: 'vendorPaid', label: t('cancellations.quote.vendorPaid'), value: (q) => money(q.vendorPaid), same: sameNumber('vendorPaid') },
    { key: 'vendorRefundExpected', label: t('cancellations.quote.vendorRefundExpected'), value: (q) => money(q.vendorRefundExpected), same: sameNumber('vendorRefundExpected') },
    {
      key: 'costToOrganization',
      label: t('cancellations.quote.costToOrganization'),
      value: (q) => money(q.costToOrganization, false),
      same: sameNumber('costToOrganization'),
      hint: t('cancellations.quote.costHint'),
      strong: true,
    },
  ];
  return (
    <div className="stack" style={{ gap: '0.75rem' }} data-testid={testId}>
      <div className="quote-table-wrap">
        <table className="quote-table" aria-labelledby={captionId}>
          <caption id={captionId} className="visually-hidden">
            {compare ? t('cancellations.quote.compareCaption') : t('cancellations.quote.caption')}
          </caption>
          {compare && (
            <thead>
              <tr>
                <td />
                <th scope="col">{t('cancellations.quote.whenRequested')}</th>
                <th scope="col">{t('cancellations.quote.today')}</th>
              </tr>
            </thead>
          )}
          <tbody>
            {figures.map((f) => {
              const changed = !!compare && !f.same(compare, quote) && f.key !== 'daysBeforeDeparture';
              return (
                <tr key={f.key} data-figure={f.key} data-changed={changed || undefined} className={f.strong ? 'quote-table__strong' : undefined}>
                  <th scope="row">
                    {f.label}
                    {f.hint && <small className="muted quote-table__hint">{f.hint}</small>}
                  </th>
                  {compare && <td data-label={t('cancellations.quote.whenRequested')}>{f.value(compare)}</td>}
                  <td data-label={compare ? t('cancellations.quote.today') : undefined}>
                    {f.value(quote)}
                    {changed && (
                      <span className="quote-table__changed">
                        <i className="pi pi-exclamation-circle" aria-hidden="true" /> {t('cancellations.quote.changed')}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {quote.vendorSide.length > 0 && <VendorSide quote={quote} currency={currency} />}
    </div>
  );
}

/** Each voucher that is not void: paid to its vendor, expected back, and what does not come back. */
function VendorSide({ quote, currency }: { quote: QuoteAnswer; currency: string }) {
  const { t } = useTranslation();
  const { money } = useQuoteMoney(currency);
  const captionId = useId();
  return (
    <div className="quote-table-wrap">
      <table className="quote-table quote-table--vendors" aria-labelledby={captionId} data-testid="quote-vendors">
        <caption id={captionId}>{t('cancellations.quote.vendors')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cancellations.quote.voucher')}</th>
            <th scope="col">{t('cancellations.quote.paidToVendor')}</th>
            <th scope="col">{t('cancellations.quote.expectedBack')}</th>
            <th scope="col">{t('cancellations.quote.loss')}</th>
          </tr>
        </thead>
        <tbody>
          {quote.vendorSide.map((v) => (
            <tr key={v.voucherId} data-voucher={v.voucherId}>
              <td data-label={t('cancellations.quote.voucher')}>
                {v.number && <bdi>{v.number}</bdi>} {v.vendor && <span className="muted">{v.vendor}</span>}
              </td>
              <td data-label={t('cancellations.quote.paidToVendor')}>{money(v.paid)}</td>
              <td data-label={t('cancellations.quote.expectedBack')}>{money(v.refundExpected)}</td>
              <td data-label={t('cancellations.quote.loss')}>{money(v.loss)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

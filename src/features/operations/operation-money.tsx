import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationDetail, VendorPayment } from '../../api/operations/contract';
import { useOperationFormatters } from './operations-page';
import { actualProfitOf } from './steps';

function Payments({ payments, currency }: { payments: VendorPayment[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  if (payments.length === 0) return null;
  return (
    <details>
      <summary className="muted">
        {t('operations.payment.history')} ({fmt.number(payments.length)})
      </summary>
      <ul className="payments-list">
        {payments.map((p) => (
          <li key={p._id}>
            {t('operations.payment.line', { amount: fmt.money(p.amount, currency), date: fmt.date(p.paidOn), method: t(`finance.methods.${p.paymentMethod}`) })}
            {p.reference && (
              <>
                {' · '}
                <bdi>{p.reference}</bdi>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What was paid on a voucher or an expense, what is still owed, and its payments. */
export function PaidCell({ paid, owed, payments, currency }: { paid: number; owed: number; payments: VendorPayment[]; currency: string }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  return (
    <div className="cell-stack cell-stack--end">
      <span>{fmt.money(paid, currency)}</span>
      {owed > 0 ? <span className="muted">{t('operations.panel.owed', { amount: fmt.money(owed, currency) })}</span> : paid > 0 ? <span className="checklist__done">{t('operations.paidInFull')}</span> : null}
      <Payments payments={payments} currency={currency} />
    </div>
  );
}

/** Revenue, the vouchers' and expenses' costs and the profit: planned (the tour's costs) beside actual. */
export function ProfitCard({ operation }: { operation: OperationDetail }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const p = operation.profit;
  const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : fmt.money(n, operation.currency));
  const signed = (n: number | null | undefined) => <span className={n !== null && n !== undefined && n < 0 ? 'profit--negative money' : 'money'}>{money(n)}</span>;
  const planned = p.plannedCost;
  const rows: [key: string, label: string, planned: ReactNode, actual: ReactNode][] = [
    ['revenue', t('operations.profitCard.revenue'), money(p.revenue), money(p.revenue)],
    ...(p.refunds ? [['refunds', t('operations.profitCard.refunds'), '—', money(-p.refunds)] as [string, string, string, string]] : []),
    // The tour's priced lines are what the vouchers book: the plan has no additional expenses.
    ['vouchers', t('operations.profitCard.vouchers'), money(planned), money(p.vouchers)],
    ['expenses', t('operations.profitCard.expenses'), '—', money(p.expenses)],
    ['totalExpense', t('operations.profitCard.totalExpense'), money(planned), money(p.totalExpense)],
  ];
  return (
    <section className="card" aria-labelledby="profit-title" data-testid="operation-profit">
      <h2 id="profit-title" className="workflow-panel__title" style={{ marginBottom: '0.75rem' }}>
        {t('operations.profitCard.title')}
      </h2>
      <table className="ops-table profit-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('operations.profitCard.title')}</span>
            </th>
            <th scope="col" className="num">
              {t('operations.profitCard.planned')}
            </th>
            <th scope="col" className="num">
              {t('operations.profitCard.actual')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label, plan, actual]) => (
            <tr key={key} data-row={key}>
              <th scope="row">{label}</th>
              <td className="num">{plan}</td>
              <td className="num">{actual}</td>
            </tr>
          ))}
          <tr className="profit-table__total" data-row="profit">
            <th scope="row">{t('operations.profitCard.profit')}</th>
            <td className="num">{signed(p.plannedProfit)}</td>
            <td className="num" data-testid="actual-profit">
              {signed(actualProfitOf(p))}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted" style={{ marginBottom: 0 }}>
        {t('operations.profitCard.paidOut')}: <span className="money">{money(p.paidOut)}</span>
        {' · '}
        {planned === null ? t('operations.profitCard.noPlan') : t('operations.profitCard.plannedHint')}
        {actualProfitOf(p) === null && (
          <>
            {' · '}
            <span data-testid="no-cost">{t('operations.profitCard.noCost')}</span>
          </>
        )}
      </p>
    </section>
  );
}

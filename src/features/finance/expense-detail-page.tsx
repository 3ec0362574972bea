import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Expense } from '../../api/finance/expenses/contract';
import { expenseReceiptUrl, useExpense } from '../../api/finance/expenses/get-expenses';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { ExpenseTabs, useDescribeExpense } from './expenses-page';
import { useMonthName } from './month-picker';
import { Money, useOrgFormatters } from './parts';

/** The journal's entries of one day and kind: where an expense's own entry is. */
const journalOf = (x: Expense) => `${modulePath('account')}/journal?${new URLSearchParams({ sourceType: x.category === 'salary' ? 'salary' : 'expense', 'date[from]': x.date, 'date[to]': x.date })}`;

function ExpenseDetail({ expense: x }: { expense: Expense }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const can = useCan();
  const names = useMonthName();
  const describe = useDescribeExpense();
  const rows: [string, React.ReactNode][] = [
    [t('expenses.columns.category'), t(`finance.accounts.expense.${x.category}`)],
    [t('expenses.columns.amount'), <strong><Money minor={x.amount} currency={x.currency} /></strong>],
    [t('expenses.columns.date'), fmt.date(x.date)],
    [t('expenses.form.paidFrom'), t(`finance.methods.${x.paymentMethod}`)],
    [t('expenses.columns.description'), describe(x)],
  ];
  if (x.vendor) rows.push([t('expenses.columns.vendor'), can('vendors') ? <Link to={moduleRecordPath('vendors', x.vendor._id)}>{x.vendor.name}</Link> : x.vendor.name]);
  if (x.member) rows.push([t('expenses.detail.member'), x.salaryMonth ? `${x.member.name} · ${names.long(x.salaryMonth)}` : x.member.name]);
  if (x.recurringId) rows.push([t('expenses.detail.recurring'), <Link to={`${modulePath('expenses')}/recurring`}>{t('expenses.detail.recurringLink')}</Link>]);
  rows.push([
    t('expenses.columns.receipt'),
    x.receipt ? (
      <a href={expenseReceiptUrl(x._id)} data-testid="receipt-link">
        <i className="pi pi-paperclip" aria-hidden="true" /> <span dir="auto">{x.receipt.name}</span>
      </a>
    ) : (
      <span className="muted">{t('expenses.detail.noReceipt')}</span>
    ),
  ]);
  if (can('account')) rows.push([t('expenses.detail.entry'), <Link to={journalOf(x)}>{t('expenses.detail.entryLink')}</Link>]);
  rows.push([t('expenses.columns.recordedBy'), `${x.createdBy?.name ?? t('finance.journal.system')} · ${fmt.dateTime(x.createdAt)}`]);
  return (
    <>
      <div className="page-header">
        <h1 id="expense-title">{describe(x)}</h1>
      </div>
      <DetailCard title={t('expenses.detail.title')} rows={rows} testId="expense-detail" />
      <p className="muted" style={{ margin: 0 }}>
        {t('expenses.detail.hint')}
      </p>
    </>
  );
}

/** `/expenses/:id`: one expense as paid, with its receipt; a mistake is reversed in the journal, never edited. */
export function ExpenseDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useExpense(id);
  return (
    <div className="stack">
      <ExpenseTabs />
      <RecordPage titleId="expense-title" back={{ to: modulePath('expenses'), label: t('expenses.back') }} query={query}>
        {(x) => <ExpenseDetail expense={x} />}
      </RecordPage>
    </div>
  );
}

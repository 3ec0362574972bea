import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Expense } from '../../api/finance/expenses/contract';
import { expenseReceiptUrl, useExpense } from '../../api/finance/expenses/get-expenses';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { CorrectSalaryDialog, ExpenseDialog, ReverseExpenseDialog } from './expense-dialog';
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
  const navigate = useNavigate();
  const [undoing, setUndoing] = useState<'reverse' | 'correct'>();
  // A salary is reversed and corrected with the salaries permission (its month is then free again); an expense with the expenses one.
  const salary = x.category === 'salary';
  const undoable = !x.reversal;
  const mayCorrect = salary ? can('salaries', 'update') : can('expenses', 'update');
  const mayReverse = salary ? can('salaries', 'update') : can('expenses', 'delete');
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
  if (x.reversal) {
    rows.push([t('expenses.undo.reversal'), <span dir="auto">{t('expenses.undo.reversalText', { date: fmt.date(x.reversal.date), name: x.reversal.by?.name ?? t('finance.journal.system'), reason: x.reversal.reason })}</span>]);
    if (x.reversal.correctedBy) rows.push([t('expenses.undo.correctedBy'), <Link to={moduleRecordPath('expenses', x.reversal.correctedBy)}>{t('expenses.undo.openExpense')}</Link>]);
  }
  if (x.corrects) rows.push([t('expenses.undo.corrects'), <Link to={moduleRecordPath('expenses', x.corrects)}>{t('expenses.undo.openExpense')}</Link>]);
  return (
    <>
      <div className="page-header">
        <h1 id="expense-title">
          {describe(x)} {x.reversal && <Tag severity="warning" value={t('expenses.undo.reversed')} data-testid="expense-reversed" />}
        </h1>
        {undoable && (
          <div className="row">
            {mayCorrect && <Button type="button" icon="pi pi-pencil" label={t('expenses.undo.correct')} outlined onClick={() => setUndoing('correct')} />}
            {mayReverse && <Button type="button" icon="pi pi-undo" label={t('expenses.undo.reverse')} severity="danger" outlined onClick={() => setUndoing('reverse')} />}
          </div>
        )}
      </div>
      <DetailCard title={t('expenses.detail.title')} rows={rows} testId="expense-detail" />
      <p className="muted" style={{ margin: 0 }}>
        {t('expenses.detail.hint')}
      </p>
      {undoing === 'reverse' && <ReverseExpenseDialog expense={x} onClose={() => setUndoing(undefined)} />}
      {undoing === 'correct' && salary && <CorrectSalaryDialog salary={x} onClose={() => setUndoing(undefined)} onCorrected={(fixed) => navigate(moduleRecordPath('expenses', fixed._id))} />}
      {undoing === 'correct' && !salary && <ExpenseDialog correcting={x} onClose={() => setUndoing(undefined)} onRecorded={(fixed) => navigate(moduleRecordPath('expenses', fixed._id))} />}
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

import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import type { Account } from '../../api/finance/contract';
import { useChart } from '../../api/finance/get-finance';
import { useAuth, useCan } from '../../ui/auth';
import { useOrgFormatters } from '../../ui/org-format';
import { PHONE_QUERY, useMediaQuery } from '../../ui/media';
import { modulePath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { IncomeDialog } from './income-dialog';
import { OpeningBalancesDialog } from './opening-balances-dialog';
import { AccountTabs, accountNameKey } from './parts';

/** The actions that move money, shared by the chart and the journal. */
export function MoneyActions() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState<'income' | 'opening'>();
  return (
    <>
      <Button type="button" outlined icon="pi pi-flag" label={t('finance.opening.title')} onClick={() => setOpen('opening')} />
      {can('account', 'create') && <Button type="button" icon="pi pi-plus" label={t('finance.income.record')} onClick={() => setOpen('income')} />}
      {open === 'income' && <IncomeDialog onClose={() => setOpen(undefined)} />}
      {open === 'opening' && <OpeningBalancesDialog onClose={() => setOpen(undefined)} />}
    </>
  );
}

/** `/account`: the chart of accounts with each account's balance, as of today or a chosen day. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const fmt = useOrgFormatters();
  const phone = useMediaQuery(PHONE_QUERY);
  const [asOf, setAsOf] = useState('');
  const chart = useChart(asOf || undefined);
  const accounts = chart.data ?? [];
  const money = accounts.filter((a) => a.paymentMethod);
  const name = (a: Account) => t(accountNameKey(a.key));
  const journalOf = (a: Account) => `${modulePath('account')}/journal?account=${encodeURIComponent(a.key)}`;
  const amount = (value: number, a: Account) => (
    <span className="money" data-negative={value < 0 || undefined}>
      {fmt.money(value, a.currency)}
    </span>
  );

  return (
    <div className="stack">
      <AccountTabs />
      <div className="page-header">
        <h1>{t('finance.chart.title')}</h1>
        <MoneyActions />
      </div>
      <dl className="stats-grid money-stats" aria-label={t('finance.chart.moneyTotal')} data-testid="money-balances">
        <div className="stat" data-stat="total">
          <dt>{t('finance.chart.moneyTotal')}</dt>
          <dd>
            <span className="money">{chart.data ? fmt.money(money.reduce((n, a) => n + a.balance, 0), organization.currency) : '…'}</span>
          </dd>
        </div>
        {/* Each money account's tile opens its entries (and, on a phone, makes the scrolling row reachable by keyboard). */}
        {money.map((a) => (
          <div className="stat" key={a.key} data-stat={a.key}>
            <dt>
              <Link to={journalOf(a)}>{name(a)}</Link>
            </dt>
            <dd>
              <span className="money">{fmt.money(a.balance, a.currency)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="toolbar">
        <label htmlFor="chart-as-of">{t('finance.chart.asOf')}</label>
        <InputText id="chart-as-of" type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
      </div>
      {phone ? (
        // A phone shows each account as a card (a table of six columns does not fit 390 px).
        <div className="card-grid" data-testid="chart-cards" aria-busy={chart.isFetching}>
          {accounts.map((a) => (
            <RecordCard key={a.key} name={name(a)} to={journalOf(a)} badge={<strong>{amount(a.balance, a)}</strong>} data={{ 'data-account': a.key }}>
              <dl className="detail-list">
                <dt>{t('finance.chart.code')}</dt>
                <dd>{a.code}</dd>
                <dt>{t('finance.chart.type')}</dt>
                <dd>{t(`finance.types.${a.type}`)}</dd>
                <dt>{t('finance.chart.debits')}</dt>
                <dd>{amount(a.totalDebit, a)}</dd>
                <dt>{t('finance.chart.credits')}</dt>
                <dd>{amount(a.totalCredit, a)}</dd>
              </dl>
            </RecordCard>
          ))}
        </div>
      ) : (
        <div className="card" style={{ padding: 0, overflowX: 'auto' }}>
          {/* Cells re-render only for new rows: a new language draws the table anew. */}
          <DataTable
            key={i18n.language}
            value={accounts}
            dataKey="key"
            loading={chart.isFetching}
            size="small"
            rowHover
            onRowClick={(e) => navigate(journalOf(e.data as Account))}
            data-testid="chart-table"
            emptyMessage={t('list.empty')}
          >
            <Column field="code" header={t('finance.chart.code')} />
            <Column
              field="key"
              header={t('finance.chart.account')}
              body={(a: Account) => (
                <a
                  href={journalOf(a)}
                  aria-label={t('finance.chart.openJournal', { account: name(a) })}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    navigate(journalOf(a));
                  }}
                >
                  {name(a)}
                </a>
              )}
            />
            <Column field="type" header={t('finance.chart.type')} body={(a: Account) => t(`finance.types.${a.type}`)} />
            <Column field="totalDebit" header={t('finance.chart.debits')} align="right" body={(a: Account) => amount(a.totalDebit, a)} />
            <Column field="totalCredit" header={t('finance.chart.credits')} align="right" body={(a: Account) => amount(a.totalCredit, a)} />
            <Column field="balance" header={t('finance.chart.balance')} align="right" body={(a: Account) => <strong>{amount(a.balance, a)}</strong>} />
          </DataTable>
        </div>
      )}
    </div>
  );
}

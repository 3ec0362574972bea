import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { CHART_OF_ACCOUNTS, REVERSIBLE_BY_HAND, SOURCE_TYPES, type JournalEntry } from '../../api/finance/contract';
import { financeEndpoints } from '../../api/finance/contract';
import { useJournal, type JournalParams } from '../../api/finance/get-finance';
import { useCan } from '../../ui/auth';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { FilterField, MultiSelectFilter } from '../../ui/filter-fields';
import { useFormatters, useSystemMemo } from '../../ui/format';
import { useOrgFormatters } from '../../ui/org-format';
import { DateRangeFilter, emptyTexts, ListPage, listProps, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, type ListState } from '../../ui/list-page';
import { RecordCard } from '../../ui/record-card';
import { StatusTag } from '../../ui/status-tag';
import { MoneyActions } from './account-page';
import { AccountTabs, accountNameKey } from './parts';
import { ReverseDialog } from './reverse-dialog';
import { documentPdfUrl } from '../../api/documents/get-documents';
import { SendDocumentDialog } from '../../ui/send-document-dialog';
import { isLocale } from '../../ui/i18n';

/** Each filter is its own address parameter: `/account/journal?account=money:cash&sourceType=other-income`. */
const JOURNAL_FILTER_PARAMS: Record<string, FilterParamKind> = { date: 'object', sourceType: 'list', account: 'text' };

/** An entry's lines: debits first, each with its account and amount on its side. */
function EntryLines({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <table className="journal-lines">
      <colgroup>
        <col />
        <col className="journal-lines__amount" />
        <col className="journal-lines__amount" />
      </colgroup>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('finance.journal.account')}</th>
          <th scope="col">{t('finance.journal.debit')}</th>
          <th scope="col">{t('finance.journal.credit')}</th>
        </tr>
      </thead>
      <tbody>
        {entry.lines.map((l, i) => (
          <tr key={i} data-side={l.debit ? 'debit' : 'credit'}>
            <td className={l.debit ? undefined : 'journal-lines__credit'}>
              <span className="muted">{l.accountCode}</span> {t(accountNameKey(l.accountKey))}
            </td>
            <td className="money">{l.debit ? fmt.money(l.debit, entry.currency) : ''}</td>
            <td className="money">{l.credit ? fmt.money(l.credit, entry.currency) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An entry's buttons: its receipt's PDF and sending it (income recorded by hand), and reversing it. */
function EntryActions({ entry: e, receipt, reverse, onSend }: { entry: JournalEntry; receipt?: string; reverse: ReactNode; onSend: (entry: JournalEntry) => void }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  return (
    <div className="row" style={{ gap: '0.25rem', flexWrap: 'wrap' }}>
      {receipt && (
        <a
          className="p-button p-button-text p-button-sm"
          href={documentPdfUrl(receipt, isLocale(i18n.language) ? i18n.language : 'en')}
          target="_blank"
          rel="noreferrer"
          aria-label={t('documents.send.pdfOf', { document: t('documents.kinds.receipt'), label: e.reference })}
        >
          <i className="pi pi-file-pdf" aria-hidden="true" />
          <span className="p-button-label">{t('documents.send.pdf')}</span>
        </a>
      )}
      {receipt && can('account', 'create') && (
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-send"
          label={t('documents.send.action')}
          aria-label={t('documents.send.sendOf', { document: t('documents.kinds.receipt'), label: e.reference })}
          onClick={() => onSend(e)}
        />
      )}
      {reverse}
    </div>
  );
}

/** The journal's filters: dates, what made the entry, an account it touches. */
function JournalFilters({ filters, setFilter }: { filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const accountOptions = [
    { value: '', label: t('finance.journal.anyAccount') },
    ...CHART_OF_ACCOUNTS.map((a) => ({ value: a.key, label: `${a.code} ${t(accountNameKey(a.key))}` })),
  ];
  return (
    <>
      <DateRangeFilter label={t('finance.journal.dateRange')} value={filters.date} onChange={(range) => setFilter('date', range)} />
      <MultiSelectFilter
        id="f-journal-source"
        label={t('finance.journal.sourceType')}
        value={filters.sourceType}
        options={SOURCE_TYPES.map((s) => ({ value: s, label: t(`finance.sources.${s}`) }))}
        onChange={(values) => setFilter('sourceType', values)}
      />
      <FilterField id="f-journal-account" label={t('finance.journal.account')}>
        <Dropdown
          inputId="f-journal-account"
          value={(filters.account as string | undefined) ?? ''}
          options={accountOptions}
          optionLabel="label"
          optionValue="value"
          filter
          pt={DROPDOWN_PT}
          onChange={(e) => setFilter('account', e.value || undefined)}
        />
      </FilterField>
    </>
  );
}

/** `/account/journal`: every entry with its lines, source record and who posted it; filtered in the address. */
export function JournalPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const fmt = useOrgFormatters();
  const memo = useSystemMemo();
  const [state, setState, setFilter] = useListState({ sortBy: 'date', sortOrder: 'desc', filterParams: JOURNAL_FILTER_PARAMS });
  const journal = useJournal(toQuery(state) as JournalParams);
  const [reversing, setReversing] = useState<JournalEntry>();
  const [sending, setSending] = useState<JournalEntry>();
  const receiptOf = (e: JournalEntry) => (e.sourceType === 'other-income' && e.sourceId && e.reference && !e.reversesEntryId ? financeEndpoints.incomeReceipt.of(e.sourceId) : undefined);

  const reversible = (e: JournalEntry) => can('account', 'delete') && REVERSIBLE_BY_HAND.includes(e.sourceType) && !e.reversesEntryId && !e.reversedByEntryId;
  const reverseButton = (e: JournalEntry) =>
    reversible(e) ? <Button type="button" text size="small" icon="pi pi-undo" label={t('finance.journal.reverse')} onClick={() => setReversing(e)} /> : null;
  const reversalTags = (e: JournalEntry) => (
    <>
      {e.reversesEntryId && <StatusTag status="reversal" tone="warning" label={t('finance.journal.reversal')} />}
      {e.reversedByEntryId && <StatusTag status="reversed" tone="neutral" label={t('finance.journal.reversed')} />}
    </>
  );

  const columns = useMemo<ListColumn<JournalEntry>[]>(
    () => [
      { field: '_id', header: t('finance.journal.id'), hiddenByDefault: true },
      { field: 'date', header: t('finance.journal.date'), sortable: true, body: (e) => fmt.date(e.date) },
      {
        field: 'source',
        header: t('finance.journal.source'),
        body: (e) => (
          <div className="stack" style={{ gap: '0.25rem' }}>
            <span>{t(`finance.sources.${e.sourceType}`)}</span>
            {e.reference && (
              <span className="muted journal-reference" dir="ltr">
                {e.reference}
              </span>
            )}
            {reversalTags(e)}
          </div>
        ),
      },
      { field: 'memo', header: t('finance.journal.memo'), body: (e) => memo(e.memo, e.memoCode) },
      { field: 'lines', header: t('finance.journal.lines'), body: (e) => <EntryLines entry={e} /> },
      // The lines show the amounts; the entry's total is there for who wants a column of it.
      { field: 'total', header: t('finance.journal.total'), hiddenByDefault: true, body: (e) => <span className="money">{fmt.money(e.total, e.currency)}</span> },
      { field: 'postedBy', header: t('finance.journal.postedBy'), body: (e) => e.postedBy?.name ?? t('finance.journal.system') },
      { field: 'createdAt', header: t('finance.journal.postedAt'), hiddenByDefault: true, body: (e) => fmt.dateTime(e.createdAt) },
      { field: 'actions', header: t('records.actions'), body: (e) => <EntryActions entry={e} receipt={receiptOf(e)} reverse={reverseButton(e)} onSend={setSending} /> },
    ],
    [t, fmt, memo, can, i18n.language],
  );


  return (
    <div className="stack">
      <AccountTabs />
      {/* Cells re-render only for new rows: a new language draws the list anew. */}
      <ListPage<JournalEntry>
        key={i18n.language}
        id="journal"
        title={t('finance.journal.title')}
        empty={emptyTexts(t, 'finance.journal.empty')}
        actions={<MoneyActions />}
        columns={columns}
        {...listProps(state, setState, journal)}
        // A table on a wide screen (lines side by side); a card per entry on a phone.
        defaultLayout="table"
        renderCard={(e) => (
          <RecordCard name={t(`finance.sources.${e.sourceType}`)} badge={reversalTags(e)} data={{ 'data-entry': e._id }}>
            <div className="muted">
              {fmt.date(e.date)} · {e.postedBy?.name ?? t('finance.journal.system')}
              {e.reference && (
                <>
                  {' · '}
                  <span dir="ltr">{e.reference}</span>
                </>
              )}
            </div>
            {e.memo && <div>{memo(e.memo, e.memoCode)}</div>}
            <EntryLines entry={e} />
            {reversible(e) && <div>{reverseButton(e)}</div>}
          </RecordCard>
        )}
        filterPanel={<JournalFilters filters={state.filters} setFilter={setFilter} />}
      />
      {reversing && <ReverseDialog entry={reversing} onClose={() => setReversing(undefined)} />}
      {sending && (
        <SendDocumentDialog recordPath={receiptOf(sending)!} document="receipt" label={sending.reference ?? ''} onClose={() => setSending(undefined)} />
      )}
    </div>
  );
}

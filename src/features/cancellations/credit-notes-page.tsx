import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CREDIT_PAGE_SIZE, type CreditNote } from '../../api/finance/credit/contract';
import { useCreditNotes, type CreditNotesParams } from '../../api/finance/credit/get-credit';
import { CREDIT_NOTE_STATES } from '../../machines/credit-note-machine';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type ListColumn, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import { CancellationTabs, Money, useOrgFormatters } from './parts';

const CREDIT_NOTE_PARAMS: Record<string, FilterParamKind> = { status: 'list', validUntil: 'object' };
const TONES: Record<CreditNote['status'], StatusTone> = { issued: 'info', redeemed: 'success', expired: 'neutral' };

export function CreditNoteStatus({ status }: { status: CreditNote['status'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={TONES[status]} label={t(`creditNotes.states.${status}`)} />;
}

/**
 * `/credit-notes`: what approved cancellations gave as credit (`GET /credit-notes`, 50 a page,
 * newest first): what each note has left and until when, filtered in the address. A note opens its
 * cancellation, where its uses are listed.
 */
export function CreditNotesPage() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const navigate = useNavigate();
  const [state, setState, setFilter] = useListState({ limit: CREDIT_PAGE_SIZE, sortOrder: 'desc', filterParams: CREDIT_NOTE_PARAMS });
  const query = useCreditNotes(toQuery(state) as CreditNotesParams);
  const path = (n: CreditNote) => moduleRecordPath('cancellations', n.cancellationId);

  const columns = useMemo<ListColumn<CreditNote>[]>(
    () => [
      { field: '_id', header: 'ID', hiddenByDefault: true },
      {
        field: 'number',
        header: t('creditNotes.columns.number'),
        body: (n) => (
          <Link to={path(n)} onClick={(e) => e.stopPropagation()} aria-label={t('creditNotes.openOf', { number: n.number })}>
            <bdi>{n.number}</bdi>
          </Link>
        ),
      },
      { field: 'customer', header: t('creditNotes.columns.customer') },
      { field: 'booking', header: t('creditNotes.columns.booking'), body: (n) => <bdi>{n.booking.ref}</bdi> },
      { field: 'status', header: t('creditNotes.columns.status'), body: (n) => <CreditNoteStatus status={n.status} /> },
      { field: 'amount', header: t('creditNotes.columns.amount'), body: (n) => <Money minor={n.amount} currency={n.currency} /> },
      { field: 'usedAmount', header: t('creditNotes.columns.used'), body: (n) => <Money minor={n.usedAmount} currency={n.currency} /> },
      { field: 'remaining', header: t('creditNotes.columns.remaining'), body: (n) => <Money minor={n.remaining} currency={n.currency} /> },
      { field: 'issuedOn', header: t('creditNotes.columns.issuedOn'), body: (n) => fmt.date(n.issuedOn) },
      { field: 'validUntil', header: t('creditNotes.columns.validUntil'), body: (n) => fmt.date(n.validUntil) },
      { field: 'redemptions', header: t('creditNotes.columns.uses'), hiddenByDefault: true, body: (n) => fmt.number(n.redemptions.length) },
    ],
    [t, fmt],
  );

  return (
    <ListPage<CreditNote>
      nav={<CancellationTabs />}
      key={i18n.language}
      id="credit-notes"
      title={t('creditNotes.title')}
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="table"
      pageSizes={[10, 20, 50, 100]}
      onOpen={(n) => navigate(path(n))}
      empty={{ title: t('creditNotes.empty.title'), hint: t('creditNotes.empty.hint') }}
      renderCard={(n) => (
        <RecordCard name={`${n.number} · ${n.customer}`} to={path(n)} badge={<CreditNoteStatus status={n.status} />} data={{ 'data-credit-note': n.number }}>
          <div>
            {t('creditNotes.columns.remaining')}:{' '}
            <strong>
              <Money minor={n.remaining} currency={n.currency} />
            </strong>{' '}
            / <Money minor={n.amount} currency={n.currency} />
          </div>
          <div className="muted">
            <bdi>{n.booking.ref}</bdi> · {t('creditNotes.validUntilOn', { date: fmt.date(n.validUntil) })}
          </div>
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id="f-credit-status" label={t('creditNotes.columns.status')} value={state.filters.status} options={CREDIT_NOTE_STATES.map((s) => ({ value: s, label: t(`creditNotes.states.${s}`) }))} onChange={(v) => setFilter('status', v)} />
          <DateRangeFilter label={t('creditNotes.columns.validUntil')} value={state.filters.validUntil} onChange={(range) => setFilter('validUntil', range)} />
        </>
      }
    />
  );
}

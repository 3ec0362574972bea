import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CANCELLATIONS_PAGE_SIZE, REFUND_TYPES, type Cancellation } from '../../api/cancellations/contract';
import { cancellationsResource, requestedCancellationsResource, type CancellationsParams } from '../../api/cancellations/get-cancellations';
import { DECIDED_CANCELLATION_STATES, OPEN_CANCELLATION_STATES } from '../../machines/cancellation-machine';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type ListColumn, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { CancellationStatus, CancellationTabs, Money, useOrgFormatters } from './parts';

/** The filters in the address as both lists read them (`?status=approved&refundType=partial&createdAt[from]=…`). */
const CANCELLATION_PARAMS: Record<string, FilterParamKind> = { status: 'list', refundType: 'list', createdAt: 'object' };

type Kind = 'requests' | 'decided';

/**
 * A list of cancellations: the requests waiting for a decision (`GET /booking-cancellations/requests`)
 * or the decided ones (`GET /booking-cancellations`), newest first, 50 a page, filtered in the
 * address. A decision moves a record from the first to the second (the caches follow at once).
 */
function CancellationList({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const navigate = useNavigate();
  const [state, setState, setFilter] = useListState({ limit: CANCELLATIONS_PAGE_SIZE, sortOrder: 'desc', filterParams: CANCELLATION_PARAMS });
  const params = toQuery(state) as CancellationsParams;
  const query = useQuery((kind === 'requests' ? requestedCancellationsResource : cancellationsResource).listQueryOptions(params));
  const path = (c: Cancellation) => moduleRecordPath('cancellations', c._id);
  const states = kind === 'requests' ? OPEN_CANCELLATION_STATES : DECIDED_CANCELLATION_STATES;

  const columns = useMemo<ListColumn<Cancellation>[]>(() => {
    const money = (n: number | null, c: Cancellation) => (n === null ? <span className="muted">—</span> : <Money minor={n} currency={c.currency} />);
    const common: ListColumn<Cancellation>[] = [
      { field: '_id', header: 'ID', hiddenByDefault: true },
      {
        field: 'booking',
        header: t('cancellations.columns.booking'),
        body: (c) => (
          <Link to={path(c)} onClick={(e) => e.stopPropagation()} aria-label={t('cancellations.openOf', { ref: c.booking.ref })}>
            <bdi>{c.booking.ref}</bdi>
          </Link>
        ),
      },
      { field: 'customer', header: t('cancellations.columns.customer'), body: (c) => c.booking.customer },
      { field: 'tour', header: t('cancellations.columns.tour'), body: (c) => c.booking.tourTitle },
      { field: 'departure', header: t('cancellations.columns.departure'), body: (c) => <span className="nowrap">{fmt.date(c.booking.departure)}</span> },
      { field: 'reason', header: t('cancellations.fields.reason'), hiddenByDefault: kind === 'decided', body: (c) => <span className="cancellation-reason">{c.reason}</span> },
      { field: 'paid', header: t('cancellations.columns.paid'), body: (c) => money(c.quote.paid, c) },
    ];
    const requested: ListColumn<Cancellation>[] = [
      { field: 'refundable', header: t('cancellations.columns.refundable'), body: (c) => money(c.quote.refundable, c) },
      { field: 'requestedBy', header: t('cancellations.columns.requestedBy'), body: (c) => c.requestedBy?.name ?? '—' },
      { field: 'createdAt', header: t('cancellations.columns.requestedOn'), body: (c) => fmt.dateTime(c.createdAt) },
      { field: 'status', header: t('cancellations.columns.status'), body: (c) => <CancellationStatus status={c.status} /> },
    ];
    const decidedColumns: ListColumn<Cancellation>[] = [
      { field: 'status', header: t('cancellations.columns.status'), body: (c) => <CancellationStatus status={c.status} /> },
      { field: 'refundType', header: t('cancellations.columns.refundType'), body: (c) => (c.refundType ? t(`cancellations.refundTypes.${c.refundType}`) : '—') },
      { field: 'totalRefundAmount', header: t('cancellations.columns.totalRefund'), body: (c) => money(c.totalRefundAmount, c) },
      { field: 'sourceAccountAmount', header: t('cancellations.columns.moneyBack'), hiddenByDefault: true, body: (c) => money(c.sourceAccountAmount, c) },
      { field: 'creditNoteAmount', header: t('cancellations.columns.creditNote'), hiddenByDefault: true, body: (c) => money(c.creditNoteAmount, c) },
      { field: 'keptAmount', header: t('cancellations.columns.kept'), body: (c) => money(c.keptAmount, c) },
      { field: 'decidedBy', header: t('cancellations.columns.decidedBy'), body: (c) => c.decidedBy?.name ?? '—' },
      { field: 'decidedAt', header: t('cancellations.columns.decidedOn'), body: (c) => fmt.dateTime(c.decidedAt) },
      { field: 'createdAt', header: t('cancellations.columns.requestedOn'), hiddenByDefault: true, body: (c) => fmt.dateTime(c.createdAt) },
    ];
    return [...common, ...(kind === 'requests' ? requested : decidedColumns)];
  }, [t, fmt, kind]);

  return (
    <ListPage<Cancellation>
      nav={<CancellationTabs />}
      key={`${kind}-${i18n.language}`}
      id={kind === 'requests' ? 'cancellation-requests' : 'cancellations'}
      title={kind === 'requests' ? t('cancellations.requestsTitle') : t('cancellations.decidedTitle')}
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="table"
      pageSizes={[10, 20, 50, 100]}
      onOpen={(c) => navigate(path(c))}
      empty={kind === 'requests' ? { title: t('cancellations.empty.requestsTitle'), hint: t('cancellations.empty.requestsHint') } : { title: t('cancellations.empty.decidedTitle'), hint: t('cancellations.empty.decidedHint') }}
      renderCard={(c) => (
        <RecordCard name={`${c.booking.ref} · ${c.booking.customer}`} to={path(c)} badge={<CancellationStatus status={c.status} />} data={{ 'data-cancellation': c._id }}>
          <div>{c.booking.tourTitle}</div>
          <div className="muted">
            {t('cancellations.columns.departure')}: <bdi>{fmt.date(c.booking.departure)}</bdi> · <bdi>{fmt.dateTime(c.createdAt)}</bdi>
          </div>
          <div className="cancellation-reason">{c.reason}</div>
          {c.status === 'requested' || c.totalRefundAmount === null ? (
            <div>
              {t('cancellations.columns.paid')}: <Money minor={c.quote.paid} currency={c.currency} /> · {t('cancellations.columns.refundable')}: <Money minor={c.quote.refundable} currency={c.currency} />
            </div>
          ) : (
            <div>
              {t('cancellations.columns.totalRefund')}: <Money minor={c.totalRefundAmount} currency={c.currency} />
              {c.refundType && <> · {t(`cancellations.refundTypes.${c.refundType}`)}</>}
            </div>
          )}
        </RecordCard>
      )}
      filterPanel={
        <>
          <MultiSelectFilter id={`f-${kind}-status`} label={t('cancellations.columns.status')} value={state.filters.status} options={states.map((s) => ({ value: s, label: t(`cancellations.states.${s}`) }))} onChange={(v) => setFilter('status', v)} />
          {kind === 'decided' && (
            <MultiSelectFilter id="f-refund-type" label={t('cancellations.columns.refundType')} value={state.filters.refundType} options={REFUND_TYPES.map((r) => ({ value: r, label: t(`cancellations.refundTypes.${r}`) }))} onChange={(v) => setFilter('refundType', v)} />
          )}
          <DateRangeFilter label={t('cancellations.filters.createdAt')} value={state.filters.createdAt} onChange={(range) => setFilter('createdAt', range)} />
        </>
      }
    />
  );
}

/** `/cancellations/requests`: waiting for a decision. */
export function RequestedCancellationsPage() {
  return <CancellationList kind="requests" />;
}

/** `/cancellations`: approved and rejected (the seed's main list). */
export function CancellationsPage() {
  return <CancellationList kind="decided" />;
}

import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { NEXT_STEPS, OPERATION_STATES, type Operation, type OperationStats } from '../../api/operations/contract';
import { useOperations, type OperationsParams } from '../../api/operations/get-operations';
import { operationMachine } from '../../machines/operation-machine';
import { statesWithTag } from '../../machines/workflow';
import { useAuth } from '../../ui/auth';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { daysBetween, todayIn } from '../../domain/calendar';
import { useOrgFormatters } from '../../ui/org-format';
import { ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, listProps } from '../../ui/list-page';
import { moduleRecordPath } from '../../ui/module-paths';
import { RecordCard } from '../../ui/record-card';
import { TRIP_FILTER_PARAMS, TripFilters } from '../../ui/trip-filters';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { StatusTag } from '../../ui/status-tag';
import { STEP_LOOK, actualProfitOf, stepCount, urgencyOf } from './steps';
import './operations.css';

/** The filters in the address as `GET /booking-operations` reads them (`?needsMe=true&departure[from]=…`). */
export const OPERATION_FILTER_PARAMS: Record<string, FilterParamKind> = {
  needsMe: 'boolean',
  operationStatus: 'list',
  nextStep: 'list',
  vouchersSent: 'boolean',
  ...TRIP_FILTER_PARAMS,
};

/** Money in the organization's currency, dates as calendar dates, instants in its time zone. */
export const useOperationFormatters = useOrgFormatters;

export function OperationStatus({ status }: { status: Operation['status'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`operations.states.${status}`)} />;
}

/** The trip's next step, in words with its count ("Confirm 2 vouchers"): the board's main signal. */
export function NextStepTag({ operation }: { operation: Pick<Operation, 'nextStep' | 'progress'> }) {
  const { t } = useTranslation();
  const look = STEP_LOOK[operation.nextStep];
  return (
    <span className={`next-step next-step--${look.tone}`} data-step={operation.nextStep}>
      <i className={look.icon} aria-hidden="true" />
      {t(`operations.steps.${operation.nextStep}`, { count: stepCount(operation) })}
    </span>
  );
}

/** Operations still being prepared (the operation machine's `open` tag). */
const OPEN_OPERATION = statesWithTag(operationMachine, 'open');

/** When the trip leaves, from the organization's today: "Leaves in 3 d", "Travelling now". */
function Urgency({ operation, today }: { operation: Operation; today: string }) {
  const { t } = useTranslation();
  if (!OPEN_OPERATION.includes(operation.status)) return null;
  const urgency = urgencyOf(operation.booking.departure, operation.booking.arrival, today);
  return (
    <span className={`urgency urgency--${urgency}`} data-urgency={urgency}>
      {t(`operations.urgency.${urgency}`, { count: daysBetween(today, operation.booking.departure) })}
    </span>
  );
}

function OperationStatsHeader({ stats, filters, setFilter }: { stats?: OperationStats; filters: Record<string, FilterValue>; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const money = (n: number) => fmt.money(n);
  return (
    <StatsHeader
      label={t('operations.stats.label')}
      testId="operation-stats"
      items={[
        { key: 'total', label: t('operations.stats.total'), value: stats?.total, ...allTile(filters, () => setFilter('operationStatus', undefined), ['operationStatus']) },
        ...OPERATION_STATES.map((s) => ({ key: s, label: t(`operations.stats.${s}`), value: stats?.[s], ...filterTile(filters, setFilter, 'operationStatus', s) })),
        { key: 'totalRevenue', label: t('operations.stats.totalRevenue'), value: stats?.totalRevenue, format: money },
        { key: 'totalExpense', label: t('operations.stats.totalExpense'), value: stats?.totalExpense, format: money },
        { key: 'totalProfit', label: t('operations.stats.totalProfit'), value: stats?.totalProfit, format: money },
      ]}
    />
  );
}

/** The seed's operation filters, and the board's own (next step). */
function OperationFilters({ filters, onChange }: { filters: Record<string, FilterValue>; onChange: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <MultiSelectFilter id="f-op-status" label={t('operations.filters.operationStatus')} value={filters.operationStatus} options={OPERATION_STATES.map((v) => ({ value: v, label: t(`operations.states.${v}`) }))} onChange={(v) => onChange('operationStatus', v)} />
      <MultiSelectFilter id="f-op-step" label={t('operations.filters.nextStep')} value={filters.nextStep} options={NEXT_STEPS.map((v) => ({ value: v, label: t(`operations.stepNames.${v}`) }))} onChange={(v) => onChange('nextStep', v)} />
      <BooleanFilter id="f-op-sent" label={t('operations.filters.vouchersSent')} value={filters.vouchersSent} yes={t('operations.yes')} no={t('operations.no')} onChange={(v) => onChange('vouchersSent', v)} />
      <TripFilters area="operations" idPrefix="f-op" filters={filters} onChange={onChange} />
    </>
  );
}

/**
 * The operations board (issue 18): every trip with its next step from its machines, departing
 * soonest first, "needs me" one click away, the seed's stats over everything the filters select.
 */
export function OperationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const today = todayIn(organization.timeZone);
  const fmt = useOperationFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'departure', sortOrder: 'asc', filterParams: OPERATION_FILTER_PARAMS });
  const query = useOperations(toQuery(state) as OperationsParams);
  const path = (o: Operation) => moduleRecordPath('operations', o._id);
  const needsMe = state.filters.needsMe === true;
  const money = (o: Operation, n: number) => fmt.money(n, o.currency);
  // The actual profit: "—" until a cost exists (steps.ts).
  const profitOf = (o: Operation) => {
    const profit = actualProfitOf(o.profit);
    return profit === null ? '—' : money(o, profit);
  };

  const columns = useMemo<ListColumn<Operation>[]>(
    () => [
      { field: '_id', header: 'ID', hiddenByDefault: true },
      {
        field: 'ref',
        header: t('operations.booking'),
        body: (o) => (
          <Link to={path(o)} onClick={(e) => e.stopPropagation()} aria-label={t('operations.open', { ref: o.booking.ref })}>
            <bdi>{o.booking.ref}</bdi>
          </Link>
        ),
      },
      { field: 'customer', header: t('operations.customer'), body: (o) => o.booking.customerName },
      { field: 'tour', header: t('operations.tour'), body: (o) => o.booking.tour.title },
      {
        field: 'departure',
        header: t('operations.departure'),
        sortable: true,
        body: (o) => (
          <span className="stack-tight">
            {fmt.date(o.booking.departure)} <Urgency operation={o} today={today} />
          </span>
        ),
      },
      { field: 'arrival', header: t('operations.arrival'), sortable: true, body: (o) => fmt.date(o.booking.arrival) },
      { field: 'nights', header: t('operations.nights'), hiddenByDefault: true, body: (o) => fmt.number(o.booking.totalNights) },
      { field: 'pax', header: t('operations.pax'), body: (o) => fmt.number(o.booking.pax) },
      { field: 'status', header: t('operations.status'), body: (o) => <OperationStatus status={o.status} /> },
      { field: 'nextStep', header: t('operations.nextStep'), body: (o) => <NextStepTag operation={o} /> },
      { field: 'vouchersSent', header: t('operations.vouchersSent'), hiddenByDefault: true, body: (o) => (o.vouchersSent ? t('operations.yes') : t('operations.no')) },
      { field: 'revenue', header: t('operations.revenue'), hiddenByDefault: true, body: (o) => money(o, o.profit.revenue) },
      { field: 'profit', header: t('operations.profit'), sortable: true, body: (o) => profitOf(o) },
      { field: 'convertedBy', header: t('operations.convertedBy'), hiddenByDefault: true, body: (o) => o.booking.convertedBy?.name ?? '' },
      { field: 'assignedTo', header: t('operations.assignedTo'), hiddenByDefault: true, body: (o) => o.assignedTo?.name ?? '' },
      { field: 'createdAt', header: t('operations.createdAt'), sortable: true, hiddenByDefault: true, body: (o) => fmt.dateTime(o.createdAt) },
    ],
    [t, fmt, today],
  );

  return (
    <ListPage<Operation>
      id="operations"
      title={t('operations.title')}
      actions={
        <Button
          type="button"
          icon={needsMe ? 'pi pi-user' : 'pi pi-users'}
          label={t('operations.filters.needsMe')}
          title={t('operations.filters.needsMeHint')}
          outlined={!needsMe}
          aria-pressed={needsMe}
          data-testid="needs-me"
          onClick={() => setFilter('needsMe', needsMe ? undefined : true)}
        />
      }
      above={
        <div className="ops-stats">
          <OperationStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />
        </div>
      }
      columns={columns}
      {...listProps(state, setState, query)}
      defaultLayout="card"
      onOpen={(o) => navigate(path(o))}
      empty={{ title: t('operations.empty.title'), hint: t('operations.empty.hint') }}
      sortOptions={(['departure', 'arrival', 'createdAt', 'profit'] as const).map((field) => ({ field, label: t(`operations.sort.${field}`) }))}
      renderCard={(o) => (
        <RecordCard name={`${o.booking.ref} · ${o.booking.customerName}`} to={path(o)} badge={<OperationStatus status={o.status} />} data={{ 'data-operation': o.booking.ref, 'data-step': o.nextStep, 'data-departure': o.booking.departure, 'data-status': o.status }}>
          <div>{o.booking.tour.title}</div>
          <div className="muted">
            {fmt.date(o.booking.departure)} – {fmt.date(o.booking.arrival)}
          </div>
          <div className="muted row" style={{ gap: '0.5rem' }}>
            <span>{t('operations.vouchers.paxCount', { count: o.booking.pax })}</span>
            <Urgency operation={o} today={today} />
          </div>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <NextStepTag operation={o} />
            <span className="muted">
              {t('operations.profit')}: <strong className="money">{profitOf(o)}</strong>
            </span>
          </div>
        </RecordCard>
      )}
      filterPanel={<OperationFilters filters={state.filters} onChange={setFilter} />}
    />
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { toast } from 'sonner';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import type { QueueInputs } from '../../api/work-queue/calls';
import { KIND_MODULE, WORK_QUEUE_KINDS, WORK_QUEUE_PAGE_SIZE, type QueueAction, type QueueInput, type WorkQueueItem, type WorkQueueKind } from '../../api/work-queue/contract';
import { useQueueAction, useWorkQueue, type WorkQueueFilters } from '../../api/work-queue/use-work-queue';
import { REFUND_SOURCES } from '../../api/cancellations/contract';
import type { ModuleKey } from '../../api/permissions';
import { addDays, todayIn } from '../../domain/calendar';
import { useAuth } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { applyServerIssues, DateField, DROPDOWN_PT, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { MoneyField } from '../../ui/money-field';
import type { ZonedFormatters } from '../../ui/format';
import { useOrgFormatters } from '../../ui/org-format';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { StatusTag } from '../../ui/status-tag';
import { VendorPaymentDialog } from '../../ui/vendor-payment-dialog';

/**
 * The work queue (issue 30, docs/work-queue.md): what needs the person now, across every workflow,
 * each item with exactly the events its record's machine accepts and the person may send (the
 * server decides them), acted on in place. The page (`/work-queue`) and My day's "needs you now"
 * are this list.
 */

type Formatters = ZonedFormatters;

const MONEY_PARAMS = ['amount', 'target', 'actual', 'owed', 'refundable', 'pending'];
const DAY_PARAMS = ['departure', 'start', 'approvedOn', 'arrival'];

/** The reason's values as a person reads them: money with its currency, days in the locale, labels translated. */
function reasonParams(item: WorkQueueItem, fmt: Formatters, t: TFunction): Record<string, string | number> {
  const p = item.reason.params;
  const currency = typeof p.currency === 'string' ? p.currency : undefined;
  const out: Record<string, string | number> = {};
  for (const [k, value] of Object.entries(p)) {
    if (value === null || value === undefined) out[k] = '';
    else if (MONEY_PARAMS.includes(k) && typeof value === 'number') out[k] = fmt.money(value, currency);
    else if (DAY_PARAMS.includes(k) && typeof value === 'string') out[k] = fmt.date(value);
    else out[k] = typeof value === 'boolean' ? String(value) : value;
  }
  if (typeof p.method === 'string') out.method = t(`finance.methods.${p.method}`, { defaultValue: p.method });
  if (item.kind === 'expenseOverBudget') out.category = typeof p.category === 'string' ? t(`finance.accounts.expense.${p.category}`, { defaultValue: p.category }) : t('workQueue.allExpenses');
  // `count` would make i18next look for plural forms: the sentences name it as `n`.
  if ('count' in out) {
    out.n = out.count;
    delete out.count;
  }
  out.due = item.due ? (item.due.length === 10 ? fmt.date(item.due) : fmt.dateTime(item.due)) : '';
  return out;
}

/** Where an item's record opens: its own screen, or its parent's (a payment on its booking). */
function recordPath(item: WorkQueueItem): string {
  const { type, _id, parent } = item.record;
  const of = (module: ModuleKey, id: string) => moduleRecordPath(module, id);
  switch (type) {
    case 'lead':
      return of('leads', _id);
    case 'booking':
      return of('bookings', _id);
    case 'operation':
      return of('operations', _id);
    case 'departure':
      return of('groupTours', _id);
    case 'voucher':
      return of('operations', parent?._id ?? _id);
    case 'budget':
      return `${modulePath('account')}/summary`;
    default:
      return parent ? of('bookings', parent._id) : modulePath(KIND_MODULE[item.kind]);
  }
}

// ---------- what an event needs before it is sent ----------

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(max, 'is too long'));
const dateText = v.pipe(v.string('is required'), v.isoDate('must be a date'));

interface InputValues {
  text: string;
  date: string | null;
  total: number;
  credit: number;
  source: string;
  validUntil: string | null;
}

const textSchema = (max: number) => v.object({ text: text(max) });
const splitSchema = v.pipe(
  v.object({ total: v.pipe(v.number(), v.minValue(0)), credit: v.pipe(v.number(), v.minValue(0)), source: v.string(), validUntil: v.nullable(v.string()) }),
  v.forward(v.check((s) => s.credit <= s.total, 'must not be more than the refund'), ['credit']),
  v.forward(v.check((s) => s.credit === 0 || !!s.validUntil, 'is required'), ['validUntil']),
);

/** The dialog of an event that needs input: a reason, a comment, a confirmation number, the day a refund went out, a refund's split. */
function InputDialog({ item, action, onClose, onDone }: { item: WorkQueueItem; action: QueueAction & { input: QueueInput }; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const send = useQueueAction();
  const today = todayIn(organization.timeZone);
  const currency = typeof item.reason.params.currency === 'string' ? item.reason.params.currency : organization.currency;
  const refundable = typeof item.reason.params.refundable === 'number' ? item.reason.params.refundable : 0;
  const schema =
    action.input === 'split'
      ? splitSchema
      : action.input === 'refundedOn'
        ? v.object({ date: dateText })
        : textSchema(action.input === 'confirmationNumber' ? 120 : 1000);
  const { control, handleSubmit, setError } = useForm<InputValues>({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one form, the schema of its input
    resolver: contractResolver(schema as any) as never,
    defaultValues: { text: '', date: today, total: refundable, credit: 0, source: 'money:bank-transfer', validUntil: addDays(today, 365) },
  });
  const onSubmit = handleSubmit(async (values) => {
    const inputs: QueueInputs =
      action.input === 'split'
        ? { split: { totalRefundAmount: values.total, sourceAccountAmount: values.total - values.credit, creditNoteAmount: values.credit, refundSource: values.total > values.credit ? values.source : null, validUntil: values.credit > 0 ? values.validUntil : null } }
        : action.input === 'refundedOn'
          ? { refundedOn: values.date ?? today }
          : { [action.input]: values.text.trim() };
    try {
      await send.mutateAsync({ item, event: action.event, inputs });
      toast.success(t('workQueue.done', { event: t(`workQueue.events.${action.event}`), ref: item.record.ref }));
      onDone();
    } catch (e) {
      applyServerIssues(e, setError as never, { comments: 'text', reason: 'text', confirmationNumber: 'text', refundedOn: 'date', totalRefundAmount: 'total', creditNoteAmount: 'credit', refundSource: 'source', validUntil: 'validUntil' });
    }
  });
  return (
    <FormDialog
      id="work-queue-input"
      header={t('workQueue.dialogTitle', { event: t(`workQueue.events.${action.event}`), ref: item.record.ref })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={send.isPending}
      submitLabel={t(`workQueue.events.${action.event}`)}
      width={520}
    >
      {action.input === 'confirmationNumber' && <TextField control={control} name="text" label={t('workQueue.inputs.confirmationNumber')} />}
      {(action.input === 'reason' || action.input === 'comment') && <TextAreaField control={control} name="text" label={t(`workQueue.inputs.${action.input}`)} />}
      {action.input === 'refundedOn' && <DateField control={control} name="date" label={t('workQueue.inputs.refundedOn')} max={today} />}
      {action.input === 'split' && (
        <>
          <MoneyField control={control} name="total" label={t('workQueue.inputs.totalRefund')} currency={currency} />
          <MoneyField control={control} name="credit" label={t('workQueue.inputs.creditNote')} currency={currency} />
          <SelectField control={control} name="source" label={t('workQueue.inputs.refundSource')} options={REFUND_SOURCES.map((s) => ({ value: s, label: t(`finance.methods.${s.slice('money:'.length)}`) }))} />
          <DateField control={control} name="validUntil" label={t('workQueue.inputs.validUntil')} min={addDays(today, 1)} />
        </>
      )}
    </FormDialog>
  );
}

// ---------- one item ----------

function QueueRow({
  item,
  index,
  focused,
  onFocus,
  onAction,
  busy,
}: {
  item: WorkQueueItem;
  index: number;
  focused: boolean;
  onFocus: (i: number) => void;
  onAction: (item: WorkQueueItem, action: QueueAction) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const params = reasonParams(item, fmt, t);
  return (
    <li
      className="card work-queue__item"
      data-testid="work-queue-item"
      data-kind={item.kind}
      data-record={item.record._id}
      data-index={index}
      tabIndex={focused ? 0 : -1}
      aria-current={focused || undefined}
      onFocus={(e) => e.target === e.currentTarget && onFocus(index)}
    >
      <div className="work-queue__main">
        <div className="row" style={{ gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
          <span className="work-queue__kind muted">{t(`workQueue.kinds.${item.kind}`)}</span>
          {item.overdue && <StatusTag status="overdue" tone="danger" label={t('workQueue.overdue')} />}
          {item.priority === 'high' && !item.overdue && <StatusTag status="high" tone="warning" label={t('workQueue.high')} />}
        </div>
        <Link to={recordPath(item)} className="record-card__title work-queue__title" tabIndex={-1}>
          <bdi>{item.record.ref}</bdi>
          {item.record.title && item.record.title !== item.record.ref && (
            <span className="muted" style={{ fontWeight: 400 }}>
              {' · '}
              <bdi>{item.record.title}</bdi>
            </span>
          )}
        </Link>
        <div>{t(`workQueue.reasons.${item.reason.code}`, params)}</div>
        <div className="muted row" style={{ gap: '0.75rem', flexWrap: 'wrap' }}>
          <span>{item.due ? t('workQueue.dueOn', { date: params.due }) : t('workQueue.noDue')}</span>
          {item.assignee && <span>{t('workQueue.assignee', { name: item.assignee.name })}</span>}
        </div>
      </div>
      <div className="work-queue__actions row" style={{ gap: '0.5rem', flexWrap: 'wrap' }}>
        {item.actions.map((a) => (
          <Button
            key={a.event}
            type="button"
            size="small"
            label={t(`workQueue.events.${a.event}`)}
            outlined={!a.main}
            severity={a.main ? undefined : 'secondary'}
            disabled={busy}
            tabIndex={focused ? 0 : -1}
            data-event={a.event}
            aria-keyshortcuts={a.main ? 'A' : undefined}
            onClick={() => onAction(item, a)}
          />
        ))}
      </div>
    </li>
  );
}

// ---------- the list ----------

/**
 * The queue's items, acted on in place. Arrows or j/k move, Enter opens the record, A does the
 * item's main action; an event that needs input opens its dialog. On the answer the item leaves and
 * the one after it (now in its place) takes the focus.
 */
export function WorkQueueList({ filters, compact = false, focusFirst = false }: { filters: WorkQueueFilters; compact?: boolean; focusFirst?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organization } = useAuth();
  const queue = useWorkQueue(filters);
  const act = useQueueAction();
  const items = queue.data?.data ?? [];
  const [focus, setFocus] = useState(0);
  const [asking, setAsking] = useState<{ item: WorkQueueItem; action: QueueAction & { input: QueueInput } } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  /** The row to focus once it is rendered (after an item left: the one now in its place, or the empty state; the first, for a link to one record). */
  const [wantFocus, setWantFocus] = useState<number | null>(focusFirst ? 0 : null);

  const at = Math.min(focus, Math.max(0, items.length - 1));
  useEffect(() => {
    if (wantFocus === null) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-index="${Math.min(wantFocus, items.length - 1)}"]`);
    // Empty while the queue is fetched again: the record may come back as its next kind of work (a
    // voucher confirmed is now to send), so the empty state takes the focus only once the answer says so.
    const target = row ?? (items.length === 0 && !queue.isFetching ? root.current?.querySelector<HTMLElement>('[data-testid="work-queue-empty"]') : null);
    if (target) {
      target.focus();
      setWantFocus(null);
    }
  }, [items, wantFocus, queue.isFetching]);

  const left = (index: number) => {
    setFocus(index);
    setWantFocus(index);
  };

  const onAction = (item: WorkQueueItem, action: QueueAction) => {
    const index = items.indexOf(item);
    if (action.input) {
      setAsking({ item, action: action as QueueAction & { input: QueueInput } });
      return;
    }
    act.mutate(
      { item, event: action.event },
      {
        onSuccess: () => {
          toast.success(t('workQueue.done', { event: t(`workQueue.events.${action.event}`), ref: item.record.ref }));
          left(index);
        },
        // The client has shown the server's message; the queue is fetched again (the record moved on).
        onError: () => void queue.refetch(),
      },
    );
  };

  const move = (to: number) => {
    const i = Math.max(0, Math.min(items.length - 1, to));
    setFocus(i);
    list.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const onRow = (e.target as HTMLElement).matches('[data-testid="work-queue-item"]');
    const item = items[at];
    if (e.key === 'ArrowDown' || (onRow && e.key === 'j')) {
      e.preventDefault();
      move(at + 1);
    } else if (e.key === 'ArrowUp' || (onRow && e.key === 'k')) {
      e.preventDefault();
      move(at - 1);
    } else if (onRow && e.key === 'Home') {
      e.preventDefault();
      move(0);
    } else if (onRow && e.key === 'End') {
      e.preventDefault();
      move(items.length - 1);
    } else if (onRow && e.key === 'Enter' && item) {
      e.preventDefault();
      navigate(recordPath(item));
    } else if (onRow && (e.key === 'a' || e.key === 'A') && item) {
      const main = item.actions.find((a) => a.main);
      if (main && !act.isPending) {
        e.preventDefault();
        onAction(item, main);
      }
    }
  };

  if (queue.isPending) return <Skeleton height={compact ? '8rem' : '20rem'} />;
  return (
    <div className="stack" style={{ gap: '0.5rem' }} ref={root}>
      {items.length === 0 ? (
        <div className="card empty-state" data-testid="work-queue-empty" tabIndex={-1}>
          <i className="pi pi-check-circle" aria-hidden="true" />
          <p style={{ margin: 0, fontWeight: 600 }}>{t('workQueue.empty')}</p>
        </div>
      ) : (
        <>
          {!compact && (
            <p className="muted" id="work-queue-keys" style={{ margin: 0 }}>
              {t('workQueue.keys')}
            </p>
          )}
          <ol ref={list} className="work-queue" aria-label={t('workQueue.title')} aria-describedby={compact ? undefined : 'work-queue-keys'} aria-busy={queue.isFetching} onKeyDown={onKeyDown} data-testid="work-queue">
            {items.map((item, i) => (
              <QueueRow key={`${item.kind}:${item.record._id}`} item={item} index={i} focused={i === at} onFocus={setFocus} onAction={onAction} busy={act.isPending} />
            ))}
          </ol>
        </>
      )}
      {asking?.action.input === 'vendorPayment' && (
        // Paying a vendor is the operation page's own form, in place: a part payment leaves the item with less owed.
        <VendorPaymentDialog
          operation={{ _id: asking.item.record.parent?._id ?? '', currency: typeof asking.item.reason.params.currency === 'string' ? asking.item.reason.params.currency : organization.currency }}
          target={{
            kind: 'voucher',
            id: asking.item.record._id,
            label: [asking.item.reason.params.vendor, asking.item.reason.params.number].filter((x) => typeof x === 'string' && x).join(' · ') || asking.item.record.ref,
            owed: typeof asking.item.reason.params.owed === 'number' ? asking.item.reason.params.owed : 0,
          }}
          onClose={() => {
            const index = items.indexOf(asking.item);
            setAsking(null);
            move(index);
          }}
          onPaid={() => {
            const index = items.indexOf(asking.item);
            setAsking(null);
            void queryClient.invalidateQueries();
            left(index);
          }}
        />
      )}
      {asking && asking.action.input !== 'vendorPayment' && (
        <InputDialog
          item={asking.item}
          action={asking.action}
          onClose={() => {
            const index = items.indexOf(asking.item);
            setAsking(null);
            move(index);
          }}
          onDone={() => {
            const index = items.indexOf(asking.item);
            setAsking(null);
            left(index);
          }}
        />
      )}
    </div>
  );
}

// ---------- the page ----------

const seesAll = (role: { isOwner: boolean; visibility: { leads: string; bookings: string } }) => role.isOwner || (role.visibility.leads === 'all' && role.visibility.bookings === 'all');

const isKind = (k: string): k is WorkQueueKind => (WORK_QUEUE_KINDS as readonly string[]).includes(k);

/**
 * `/work-queue`: the whole queue, with its counts, filters (kinds, whose, due by) and pages. A link
 * may name kinds (`?kind=paymentToVerify`) or one record (`?record=<id>`: its items, or its
 * children's): a notification about work done here opens it so, with the record's first item focused.
 * A new address (another notification opened from the bell while here) starts the page afresh.
 */
export function WorkQueuePage() {
  const [params] = useSearchParams();
  return <WorkQueueScreen key={params.toString()} params={params} />;
}

function WorkQueueScreen({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const [filters, setFilters] = useState<WorkQueueFilters>(() => ({
    page: 1,
    limit: WORK_QUEUE_PAGE_SIZE,
    kind: params.getAll('kind').filter(isKind),
    record: params.get('record') ?? undefined,
  }));
  const queue = useWorkQueue(filters);
  const stats = queue.data?.stats;
  const meta = queue.data?.meta;
  const kinds = WORK_QUEUE_KINDS.filter((k) => stats?.byKind[k] !== undefined || filters.kind?.includes(k));
  const set = (patch: Partial<WorkQueueFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  return (
    <section className="stack" aria-labelledby="work-queue-title">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <h1 id="work-queue-title">{t('workQueue.title')}</h1>
      </div>
      <div className="row work-queue__stats" style={{ gap: '1rem', flexWrap: 'wrap' }} data-testid="work-queue-stats">
        <span className="card work-queue__stat">
          <strong>{stats?.total ?? '—'}</strong> {t('workQueue.stats.total')}
        </span>
        <span className="card work-queue__stat">
          <strong>{stats?.overdue ?? '—'}</strong> {t('workQueue.stats.overdue')}
        </span>
        <span className="card work-queue__stat">
          <strong>{stats?.dueToday ?? '—'}</strong> {t('workQueue.stats.dueToday')}
        </span>
      </div>
      <div className="row" style={{ gap: '0.75rem', flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <label className="stack" style={{ gap: '0.25rem' }}>
          <span>{t('workQueue.filters.kind')}</span>
          <MultiSelect
            value={filters.kind ?? []}
            options={kinds.map((k) => ({ value: k, label: `${t(`workQueue.kinds.${k}`)} (${stats?.byKind[k] ?? 0})` }))}
            optionLabel="label"
            optionValue="value"
            onChange={(e) => set({ kind: e.value as WorkQueueKind[] })}
            placeholder={t('workQueue.filters.allKinds')}
            display="comma"
            maxSelectedLabels={2}
            style={{ minWidth: '16rem', maxWidth: '100%' }}
          />
        </label>
        {seesAll(role) && (
          <label className="stack" style={{ gap: '0.25rem' }}>
            <span>{t('workQueue.filters.whose')}</span>
            <Dropdown
              value={filters.assignee ?? 'anyone'}
              options={[
                { value: 'anyone', label: t('workQueue.filters.anyone') },
                { value: 'me', label: t('workQueue.filters.me') },
              ]}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => set({ assignee: e.value === 'me' ? 'me' : undefined })}
            />
          </label>
        )}
        <label className="stack" style={{ gap: '0.25rem' }}>
          <span>{t('workQueue.filters.dueBy')}</span>
          <InputText type="date" value={filters.dueTo ?? ''} onChange={(e) => set({ dueTo: e.target.value || undefined })} />
        </label>
        {(filters.kind?.length || filters.assignee || filters.dueTo || filters.record) && <Button type="button" label={t('workQueue.filters.clear')} text onClick={() => setFilters({ page: 1, limit: WORK_QUEUE_PAGE_SIZE })} />}
      </div>
      <WorkQueueList filters={filters} focusFirst={!!filters.record} />
      {meta && meta.totalPages > 1 && (
        <nav className="row" style={{ gap: '0.5rem', alignItems: 'center', justifyContent: 'center' }} aria-label={t('workQueue.pages')}>
          <Button type="button" icon="pi pi-angle-left" className="flip-rtl" outlined aria-label={t('workQueue.previous')} disabled={meta.currentPage <= 1} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) - 1 }))} />
          <span>{t('workQueue.page', { page: meta.currentPage, pages: meta.totalPages })}</span>
          <Button type="button" icon="pi pi-angle-right" className="flip-rtl" outlined aria-label={t('workQueue.next')} disabled={meta.currentPage >= meta.totalPages} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) + 1 }))} />
        </nav>
      )}
    </section>
  );
}

/** What My day shows of the queue: its first items. */
export const MY_DAY_QUEUE: WorkQueueFilters = { page: 1, limit: 5 };

/**
 * My day's "needs you now": the start of the queue, acted on in place, and the way to the rest;
 * nothing while the queue is empty (My day says there is nothing when nothing else is there).
 */
export function WorkQueueCard() {
  const { t } = useTranslation();
  const queue = useWorkQueue(MY_DAY_QUEUE);
  const total = queue.data?.stats?.total ?? 0;
  // Once the person has cleared it here, the card says so until the page is left.
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (total > 0) setSeen(true);
  }, [total]);
  if (queue.isPending || (total === 0 && !seen)) return null;
  return (
    <section className="card stack my-day-card work-queue-card" aria-labelledby="my-day-queue" data-card="workQueue" style={{ gap: '0.75rem' }}>
      <h2 id="my-day-queue" className="workflow-panel__title row" style={{ gap: '0.5rem', justifyContent: 'space-between' }}>
        <span className="row" style={{ gap: '0.5rem' }}>
          <i className="pi pi-inbox" aria-hidden="true" />
          <span>{t('workQueue.needsYou')}</span>
        </span>
        <span className="my-day-card__count" data-testid="work-queue-total">
          {total}
        </span>
      </h2>
      <WorkQueueList filters={MY_DAY_QUEUE} compact />
      {total > 0 && (
        <Link to="/work-queue" className="p-button p-button-text p-button-sm">
          {t('workQueue.openAll', { n: total })}
        </Link>
      )}
    </section>
  );
}

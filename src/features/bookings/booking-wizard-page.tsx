import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import { todayIn } from '../../domain/calendar';
import { errorMessage } from '../../api/client';
import { TRAVELLER_TYPES } from '../../api/bookings/contract';
import { useCreateBooking } from '../../api/bookings/save-booking';
import { useBookingPlanDefaults } from '../../api/bookings/get-bookings';
import type { BookingPlanDefaults } from '../../api/bookings/contract';
import { useGroupTours } from '../../api/tours/group/get-group-tours';
import { usePersonalizedTours } from '../../api/tours/personalized/get-personalized-tours';
import { customizedToursResource } from '../../api/tours/customized/get-customized-tours';
import { bookingWizardMachine, wizardPlanProblems, wizardTotal, type BookingRequest, type WizardContext, type WizardEvent, type WizardTour } from '../../machines/booking-wizard-machine';
import { customizedTourMachine } from '../../machines/customized-tour-machine';
import { OPEN_LEAD_STATES } from '../../machines/lead-machine';
import { snapshotOf } from '../../machines/workflow';
import { useAuth } from '../../ui/auth';
import { PageSpinner } from '../../ui/full-screen-spinner';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { LeadPicker } from '../../ui/lead-picker';
import { currencyDigits, fromMinorUnits, sumMinor } from '../../domain/money';
import { typedMinorUnits } from '../../ui/money-field';
import { fieldMessage } from '../../ui/field-message';
import { moduleRecordPath, modulePath } from '../../ui/module-paths';
import { actionsColumn, RecordTable, type TableColumn } from '../../ui/record-table';
import { useBookingFormatters } from './bookings-page';
import './bookings.css';

const STEPS = ['tour', 'travellers', 'plan', 'review'] as const;

/**
 * The tours staff may book here: published personalized tours, departures still ahead with their sales open,
 * and the customized tour a tour's "Book" started from while it stands sent (its lead's, booked
 * as the version sent).
 */
function useBookableTours(kind: WizardTour['tourType'], today: string, customizedId: string | null) {
  const personalized = usePersonalizedTours({ isPublished: true, limit: 200, sortBy: 'title', sortOrder: 'asc' });
  const departures = useGroupTours({ status: ['open', 'guaranteed'], departure: { from: today }, limit: 200 });
  const customized = useQuery({ ...customizedToursResource.detailQueryOptions(customizedId ?? ''), enabled: kind === 'customized' && !!customizedId });
  return useMemo<WizardTour[]>(() => {
    if (kind === 'customized') {
      const c = customized.data;
      // Bookable while its machine accepts BOOK for the version shown (`bookingId` stands for the booking this makes).
      const bookable = c && snapshotOf(customizedTourMachine, c.status, { version: c.version, bookingHasVerifiedPayment: false }).can({ type: 'BOOK', bookingId: 'new', version: c.version });
      return c && bookable
        ? [{ tourType: 'customized', tourId: c._id, title: c.title, prices: null, nights: c.totalNights, departure: c.departure, customized: { version: c.version, total: c.totals.sell, party: { adult: c.adults, child: c.children, infant: c.infants } } }]
        : [];
    }
    return kind === 'personalized'
      ? (personalized.data?.data ?? []).map((p) => ({ tourType: 'personalized', tourId: p._id, title: p.title, prices: p.pricePerPerson, nights: p.totalNights }))
      : (departures.data?.data ?? []).map((g) => ({ tourType: 'group', tourId: g._id, title: g.title, prices: g.pricePerPerson, nights: g.totalNights, departure: g.departure }));
  }, [kind, personalized.data, departures.data, customized.data]);
}

/** The tour a page's "Book" button started from (`?tourType=group&tourId=…`), chosen once the bookable tours have loaded. */
type Preset = { tourType: WizardTour['tourType']; tourId: string } | null;
const TOUR_TYPES_BOOKED_HERE = ['personalized', 'group', 'customized'] as const;

function TourStep({ context, send, preset }: { context: WizardContext; send: (event: WizardEvent) => void; preset: Preset }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const [kind, setKind] = useState<WizardTour['tourType']>(context.tour?.tourType ?? preset?.tourType ?? 'personalized');
  const tours = useBookableTours(kind, context.today, preset?.tourType === 'customized' ? preset.tourId : null);
  // A customized tour is offered only from its own page: it is its lead's, in the version sent.
  const kinds = preset?.tourType === 'customized' ? TOUR_TYPES_BOOKED_HERE : (['personalized', 'group'] as const);
  const [presetUsed, setPresetUsed] = useState(!preset);
  useEffect(() => {
    const tour = !presetUsed && !context.tour && tours.find((x) => x.tourId === preset?.tourId);
    if (!tour) return;
    setPresetUsed(true);
    send({ type: 'CHOOSE', leadId: context.leadId, tour, departure: tour.departure ? null : context.departure });
  }, [presetUsed, tours, preset, context.tour, context.leadId, context.departure, send]);
  const choose = (patch: Partial<Pick<WizardContext, 'leadId' | 'tour' | 'departure'>>) =>
    send({ type: 'CHOOSE', leadId: context.leadId, tour: context.tour, departure: context.tour?.departure ? null : context.departure, ...patch });
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="wizard-lead">{t('bookings.wizard.lead')}</label>
        <LeadPicker inputId="wizard-lead" value={context.leadId} onChange={(id) => choose({ leadId: id })} filters={{ status: OPEN_LEAD_STATES }} />
      </div>
      <div className="wizard-row">
        <div className="field">
          <label htmlFor="wizard-kind">{t('bookings.wizard.tourType')}</label>
          <Dropdown
            inputId="wizard-kind"
            pt={DROPDOWN_PT}
            value={kind}
            options={kinds.map((v) => ({ value: v, label: t(`bookings.tourTypes.${v}`) }))}
            onChange={(e) => {
              setKind(e.value);
              if (e.value !== kind) send({ type: 'CHOOSE', leadId: context.leadId, tour: null, departure: null });
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="wizard-tour">{t('bookings.wizard.tour')}</label>
          <Dropdown
            inputId="wizard-tour"
            pt={DROPDOWN_PT}
            value={context.tour?.tourType === kind ? context.tour.tourId : null}
            options={tours.map((x) => ({ value: x.tourId, label: x.departure ? `${x.title} · ${fmt.date(x.departure)}` : x.title }))}
            emptyMessage={t('bookings.wizard.noTours')}
            filter
            onChange={(e) => {
              const tour = tours.find((x) => x.tourId === e.value) ?? null;
              send({ type: 'CHOOSE', leadId: context.leadId, tour, departure: tour?.departure ? null : context.departure });
            }}
          />
        </div>
        {kind === 'personalized' && (
          <div className="field">
            <label htmlFor="wizard-departure">{t('bookings.wizard.departure')}</label>
            <InputText id="wizard-departure" type="date" min={context.today} value={context.departure ?? ''} onChange={(e) => choose({ departure: e.target.value || null })} />
          </div>
        )}
      </div>
      {context.tour?.departure && <p className="muted">{t('bookings.wizard.departureOf', { departure: fmt.date(context.tour.departure), nights: t('tourPlan.nights', { count: context.tour.nights }) })}</p>}
      {context.tour?.customized ? (
        <p className="muted" data-testid="wizard-customized">
          {t('bookings.wizard.customizedAsSent', { version: context.tour.customized.version, count: context.travellers.length, total: fmt.money(context.tour.customized.total) })}
        </p>
      ) : (
        <p className="muted">{t('bookings.wizard.customizedLater')}</p>
      )}
    </div>
  );
}

/**
 * The booking wizard. The plan it proposes (deposit, balance due) comes from `GET /bookings/settings`,
 * which whoever sees bookings may read, before the wizard starts: a sales agent is never asked for
 * the configurations (configurations.view) and never told he may not read them. Without an answer
 * the machine's own defaults stand.
 */
/** The travellers: each one's type and name; the party is fixed for a customized tour (priced for it). */
function TravellersStep({ context, send }: { context: WizardContext; send: (event: WizardEvent) => void }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const total = wizardTotal(context);
  // A customized tour was priced for its party: names may be given, the party not changed.
  const fixedParty = !!context.tour?.customized;
  const money = (n: number) => fmt.money(n);
  const change = (i: number, patch: Partial<WizardContext['travellers'][number]>) => send({ type: 'SET_TRAVELLERS', travellers: context.travellers.map((y, j) => (j === i ? { ...y, ...patch } : y)) });
  const columns: TableColumn<WizardContext['travellers'][number]>[] = [
    { key: 'position', header: '#', cell: (_, i) => i + 1 },
    {
      key: 'type',
      header: t('bookings.travellers.type'),
      cell: (x, i) => <Dropdown pt={DROPDOWN_PT} disabled={fixedParty} aria-label={`${t('bookings.travellers.type')} ${i + 1}`} value={x.type} options={TRAVELLER_TYPES.map((v) => ({ value: v, label: t(`bookings.travellerTypes.${v}`) }))} onChange={(e) => change(i, { type: e.value })} />,
    },
    { key: 'name', header: t('bookings.travellers.name'), cell: (x, i) => <InputText aria-label={`${t('bookings.travellers.name')} ${i + 1}`} value={x.name} onChange={(e) => change(i, { name: e.target.value })} /> },
    actionsColumn(t('bookings.actions'), 'booking-table__actions', (_, i) => <Button type="button" text rounded icon="pi pi-trash" aria-label={t('bookings.wizard.removeTraveller', { position: i + 1 })} disabled={fixedParty || context.travellers.length === 1} onClick={() => send({ type: 'SET_TRAVELLERS', travellers: context.travellers.filter((_, j) => j !== i) })} />),
  ];
  return (
    <div className="stack">
      <RecordTable className="booking-table booking-table--form" testId="wizard-travellers" rows={context.travellers} rowKey={(_, i) => i} columns={columns} />
      {fixedParty ? (
        <p className="muted">{t('bookings.wizard.partyFixed', { count: context.travellers.length })}</p>
      ) : (
        <span>
          <Button type="button" outlined icon="pi pi-plus" label={t('bookings.wizard.addTraveller')} onClick={() => send({ type: 'SET_TRAVELLERS', travellers: [...context.travellers, { type: 'adult', name: '' }] })} />
        </span>
      )}
      <p data-testid="wizard-total">{t('bookings.wizard.total', { total: money(total) })}</p>
    </div>
  );
}

/** The installment plan: a proposal (deposit or equal parts), each installment's date and amount, and whether they add up to the total. */
function PlanStep({ context, send }: { context: WizardContext; send: (event: WizardEvent) => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useBookingFormatters();
  const total = wizardTotal(context);
  const digits = currencyDigits(organization.currency);
  const money = (n: number) => fmt.money(n);
  const problems = wizardPlanProblems(context);
  const sum = sumMinor(context.installments.map((i) => (Number.isSafeInteger(i.amount) ? i.amount : 0)));
  const change = (i: number, patch: Partial<WizardContext['installments'][number]>) => send({ type: 'SET_INSTALLMENTS', installments: context.installments.map((y, j) => (j === i ? { ...y, ...patch } : y)) });
  // Each row says what is wrong with it, as the server would (installments.N.amount: tooSmall).
  const rowProblems = (i: number) => {
    const amountLabel = `${t('bookings.installments.amount')} ${i + 1}`;
    const dueLabel = `${t('bookings.installments.dueDate')} ${i + 1}`;
    const amountProblem = problems.some((p) => p.path === `installments.${i}.amount`) ? fieldMessage(amountLabel, t('issues.tooSmall', { min: money(1) })) : undefined;
    const dueProblem = problems.find((p) => p.path === `installments.${i}.dueDate`);
    return { amountLabel, dueLabel, amountProblem, dueMessage: dueProblem ? fieldMessage(dueLabel, t(`issues.${dueProblem.kind}`)) : undefined };
  };
  const columns: TableColumn<WizardContext['installments'][number]>[] = [
    { key: 'position', header: '#', cell: (_, i) => i + 1 },
    {
      key: 'dueDate',
      header: t('bookings.installments.dueDate'),
      cell: (x, i) => {
        const { dueLabel, dueMessage } = rowProblems(i);
        return (
          <>
            <InputText type="date" aria-label={dueLabel} min={context.today} max={context.departure ?? undefined} value={x.dueDate} onChange={(e) => change(i, { dueDate: e.target.value })} invalid={!!dueMessage} aria-describedby={dueMessage ? `installment-${i}-due-error` : undefined} />
            {dueMessage && (
              <small id={`installment-${i}-due-error`} className="field-error" role="alert">
                {dueMessage}
              </small>
            )}
          </>
        );
      },
    },
    {
      key: 'amount',
      header: t('bookings.installments.amount'),
      cell: (x, i) => {
        const { amountLabel, amountProblem } = rowProblems(i);
        return (
          <>
            <InputNumber
              aria-label={amountLabel}
              mode="currency"
              currency={organization.currency}
              minFractionDigits={digits}
              maxFractionDigits={digits}
              value={fromMinorUnits(x.amount, digits)}
              // Each key as well as the commit on blur, so a minus is refused as it is typed.
              onChange={(e) => change(i, { amount: typedMinorUnits(e.value ?? null, digits) ?? 0 })}
              onValueChange={(e) => change(i, { amount: typedMinorUnits(e.value ?? null, digits) ?? 0 })}
              invalid={!!amountProblem}
              aria-describedby={amountProblem ? `installment-${i}-amount-error` : undefined}
            />
            {amountProblem && (
              <small id={`installment-${i}-amount-error`} className="field-error" role="alert">
                {amountProblem}
              </small>
            )}
          </>
        );
      },
    },
    actionsColumn(t('bookings.actions'), 'booking-table__actions', (_, i) => <Button type="button" text rounded icon="pi pi-trash" aria-label={t('bookings.wizard.removeInstallment', { position: i + 1 })} onClick={() => send({ type: 'SET_INSTALLMENTS', installments: context.installments.filter((_, j) => j !== i) })} />),
  ];
  return (
    <div className="stack">
      <div className="row">
        <Button type="button" outlined label={t('bookings.wizard.proposeDeposit', { percent: context.depositPercent })} onClick={() => send({ type: 'PROPOSE', kind: 'deposit' })} />
        <Button type="button" outlined label={t('bookings.wizard.proposeEqual', { count: 3 })} onClick={() => send({ type: 'PROPOSE', kind: 'equal', parts: 3 })} />
        <Button type="button" outlined label={t('bookings.wizard.proposeEqual', { count: 4 })} onClick={() => send({ type: 'PROPOSE', kind: 'equal', parts: 4 })} />
      </div>
      <RecordTable className="booking-table booking-table--form" testId="wizard-plan" rows={context.installments} rowKey={(_, i) => i} columns={columns} />
      <span>
        <Button type="button" outlined icon="pi pi-plus" label={t('bookings.wizard.addInstallment')} onClick={() => send({ type: 'SET_INSTALLMENTS', installments: [...context.installments, { dueDate: context.today, amount: Math.max(0, total - sum) }] })} />
      </span>
      <p data-testid="wizard-sum" className={problems.length ? 'field-error' : 'muted'}>
        {problems.length ? t('bookings.wizard.sumOff', { sum: money(sum), total: money(total) }) : t('bookings.wizard.sum', { sum: money(sum), total: money(total) })}
      </p>
    </div>
  );
}

/** What will be booked, read back before it is: tour, departure, travellers, total and installments. */
function ReviewStep({ context }: { context: WizardContext }) {
  const { t } = useTranslation();
  const fmt = useBookingFormatters();
  const total = wizardTotal(context);
  const money = (n: number) => fmt.money(n);
  return (
    <dl className="detail-list" data-testid="wizard-review">
      <dt>{t('bookings.tour')}</dt>
      <dd>{context.tour?.title}</dd>
      <dt>{t('bookings.departure')}</dt>
      <dd>{context.departure ? fmt.date(context.departure) : ''}</dd>
      <dt>{t('bookings.pax')}</dt>
      <dd>{context.travellers.map((x) => `${t(`bookings.travellerTypes.${x.type}`)}${x.name.trim() ? ` (${x.name.trim()})` : ''}`).join(', ')}</dd>
      <dt>{t('bookings.grandTotal')}</dt>
      <dd>{money(total)}</dd>
      <dt>{t('bookings.installments.title')}</dt>
      <dd>{context.installments.map((x) => `${fmt.date(x.dueDate)}: ${money(x.amount)}`).join(' · ')}</dd>
    </dl>
  );
}

export function BookingWizardPage() {
  const { t } = useTranslation();
  const defaults = useBookingPlanDefaults();
  if (defaults.isPending) return <PageSpinner label={t('shell.loading')} />;
  return <BookingWizard defaults={defaults.data} />;
}

function BookingWizard({ defaults }: { defaults?: BookingPlanDefaults }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetType = params.get('tourType');
  const presetId = params.get('tourId');
  const preset = useMemo<Preset>(() => (TOUR_TYPES_BOOKED_HERE.some((x) => x === presetType) && presetId ? { tourType: presetType as WizardTour['tourType'], tourId: presetId } : null), [presetType, presetId]);
  const { organization } = useAuth();
  const create = useCreateBooking();
  const today = todayIn(organization.timeZone);
  const machine = useMemo(
    () =>
      bookingWizardMachine.provide({
        actors: {
          createBooking: fromPromise<{ bookingId: string }, BookingRequest>(async ({ input }) => {
            try {
              const booking = await create.mutateAsync(input);
              toast.success(t('bookings.wizard.created', { ref: booking.ref }));
              return { bookingId: booking._id };
            } catch (error) {
              // The step's card says it in the member's language (never the browser's "Failed to fetch"); the issues say which step.
              throw Object.assign(new Error(errorMessage(error)), { issues: (error as { issues?: unknown }).issues });
            }
          }),
        },
      }),
    // The call and the words are stable enough for the wizard's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { today, leadId: params.get('leadId'), depositPercent: defaults?.depositPercent, balanceDaysBeforeDeparture: defaults?.balanceDaysBeforeDeparture },
  });
  const context = snapshot.context;
  const step = snapshot.value as (typeof STEPS)[number] | 'submitting' | 'done';
  useEffect(() => {
    if (step === 'done' && context.bookingId) navigate(moduleRecordPath('bookings', context.bookingId), { replace: true });
  }, [step, context.bookingId, navigate]);

  return (
    <div className="stack" aria-labelledby="wizard-title">
      <div className="page-header">
        <h1 id="wizard-title" style={{ margin: 0 }}>
          {t('bookings.wizard.title')}
        </h1>
        <span className="grow" />
        <Button type="button" text label={t('shell.cancel')} onClick={() => navigate(modulePath('bookings'))} />
      </div>
      <ol className="wizard-steps" aria-label={t('workflow.steps')}>
        {STEPS.map((s) => (
          <li key={s} aria-current={s === step || (s === 'review' && step === 'submitting') ? 'step' : undefined}>
            {t(`bookings.wizard.steps.${s}`)}
          </li>
        ))}
      </ol>
      {context.error && (
        <div className="card" role="alert">
          {context.error.message}
        </div>
      )}

      <section className="card stack" aria-live="polite">
        {step === 'tour' && <TourStep context={context} send={send} preset={preset} />}

        {step === 'travellers' && <TravellersStep context={context} send={send} />}

        {step === 'plan' && <PlanStep context={context} send={send} />}

        {(step === 'review' || step === 'submitting') && <ReviewStep context={context} />}

        <div className="row" style={{ justifyContent: 'space-between' }}>
          <Button type="button" text icon="pi pi-arrow-left" label={t('bookings.wizard.back')} disabled={step === 'tour' || step === 'submitting'} onClick={() => send({ type: 'BACK' })} />
          {step === 'review' || step === 'submitting' ? (
            <Button type="button" icon="pi pi-check" label={t('bookings.wizard.create')} loading={step === 'submitting'} onClick={() => send({ type: 'SUBMIT' })} />
          ) : (
            <Button type="button" icon="pi pi-arrow-right" iconPos="right" label={t('bookings.wizard.next')} disabled={!snapshot.can({ type: 'NEXT' })} onClick={() => send({ type: 'NEXT' })} />
          )}
        </div>
      </section>
    </div>
  );
}

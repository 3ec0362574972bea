import { useMemo, useState } from 'react';
import { GenerateTourButton } from '../../ui/generate-tour-button';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import { activitiesResource } from '../../api/catalogue/activities/get-activities';
import { destinationsResource } from '../../api/catalogue/destinations/get-destinations';
import { hotelsResource } from '../../api/catalogue/hotels/get-hotels';
import type { LeadDetail } from '../../api/leads/contract';
import { leadsResource } from '../../api/leads/get-leads';
import { createTourInput, updateBookedTourInput, type CustomizedTourDetail } from '../../api/tours/customized/contract';
import { planFromPersonalized } from '../../domain/tour-costing';
import { livePrice, liveTotals } from '../../domain/tour-pricing';
import { useCustomizedTour } from '../../api/tours/customized/get-customized-tours';
import { useCreateTour, useUpdateBookedTour, useUpdateTour } from '../../api/tours/customized/save-customized-tour';
import { personalizedToursResource, usePersonalizedTours } from '../../api/tours/personalized/get-personalized-tours';
import { useAuth, useCan } from '../../ui/auth';
import { DestinationField, RegionField } from '../../ui/catalogue-pickers';
import { confirmAction } from '../../ui/confirm';
import { applyServerIssues, DROPDOWN_PT, FieldFrame, FramedField, NumberField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { useFormatters } from '../../ui/format';
import { LeadField } from '../../ui/lead-picker';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { TourStatusTag } from '../../ui/tour-widgets';
import { CustomerView, StaffLines, TotalsCard, type Itinerary } from './customized-parts';
import { TourDayEditor } from './customized-days';
import { TourLinesTable } from './customized-lines';
import { daysBetween, lineFormValue, missingFields, paxOf, tourFormValues, tourToSend, withDeparture, type TourFormValues, type TourStart } from './customized-plan';
import { planResolver } from './package-parts';
import { useLeaveGuard } from '../../ui/form-dialog';
import { useContactOptions } from '../../ui/point-of-contact';

/**
 * The itinerary builder (`/customized-tours/new`, `/customized-tours/:id/edit`): the tour's details,
 * the day cards, the priced lines with live totals, and beside them the customer view, all from
 * the form as typed. A draft is saved whole (`POST` / `PUT /customized-tours`, the server prices
 * it again and stores its own figures); a booked tour's plan is changed without its price
 * (`PUT /customized-tours/booked`).
 */

type Mode = 'draft' | 'booked';

const draftResolver = planResolver<TourFormValues>(createTourInput, tourToSend, missingFields);
const bookedResolver = (id: string) =>
  planResolver<TourFormValues>(updateBookedTourInput, (values) => ({ _id: id, days: tourToSend(values).days, notes: values.notes }), (values) => missingFields(values).filter((p) => p.startsWith('days.')));

/** The names of the catalogue records the form holds, for the customer view (cached by the pickers). */
function useNames(values: Pick<TourFormValues, 'days' | 'lines'>) {
  const destinationIds = [...new Set(values.days.flatMap((d) => (d.destinationId ? [d.destinationId] : [])))];
  const hotelIds = [...new Set(values.days.flatMap((d) => (d.hotelId ? [d.hotelId] : [])))];
  const activityIds = [...new Set(values.days.flatMap((d) => d.activityIds))];
  const destinations = useQuery(destinationsResource.byIdsQueryOptions(destinationIds));
  const hotels = useQueries({ queries: hotelIds.map((id) => hotelsResource.detailQueryOptions(id)) });
  const activities = useQueries({ queries: activityIds.map((id) => activitiesResource.detailQueryOptions(id)) });
  const name = new Map<string, string>();
  for (const d of destinations.data ?? []) name.set(d._id, d.name);
  for (const q of [...hotels, ...activities]) if (q.data) name.set(q.data._id, q.data.name);
  return (id: string | null) => (id ? (name.get(id) ?? '…') : null);
}

/** The customer view of the form as typed: the days with their names, the lines at the prices the pricing function gives. */
function LiveCustomerView({ control, currency }: { control: Control<TourFormValues>; currency: string }) {
  const values = useWatch({ control }) as TourFormValues;
  const name = useNames(values);
  const pax = paxOf(values);
  const { totals } = liveTotals(values.lines ?? [], pax);
  const itinerary: Itinerary = {
    title: values.title,
    currency,
    departure: values.departure,
    arrival: values.arrival,
    adults: values.adults ?? 0,
    children: values.children ?? 0,
    infants: values.infants ?? 0,
    days: (values.days ?? []).map((d, i) => ({
      dayNumber: i + 1,
      date: d.date,
      destination: name(d.destinationId) ?? '',
      hotel: name(d.hotelId),
      roomType: d.hotelId ? d.roomType : null,
      rooms: d.rooms,
      activities: d.activityIds.map((a) => name(a)!),
      meals: d.meals,
      transfers: d.transfers || null,
      notes: d.notes || null,
    })),
    lines: (values.lines ?? []).flatMap((l) => {
      const priced = livePrice(l);
      return priced ? [{ kind: l.kind, dayNumber: l.dayNumber, description: l.description, quantity: l.quantity!, unit: l.unit, unitPrice: priced.unitPrice, lineSell: priced.lineSell }] : [];
    }),
    totals,
  };
  return <CustomerView itinerary={itinerary} />;
}

function LiveTotals({ control, currency }: { control: Control<TourFormValues>; currency: string }) {
  const [lines, adults, children, infants] = useWatch({ control, name: ['lines', 'adults', 'children', 'infants'] });
  const { totals, tooLarge } = useMemo(() => liveTotals(lines ?? [], paxOf({ adults, children, infants })), [lines, adults, children, infants]);
  return <TotalsCard totals={totals} currency={currency} tooLarge={tooLarge} live />;
}

/** The departure: moving it moves the whole trip (days and arrival) with it. */
function DepartureField({ control, form }: { control: Control<TourFormValues>; form: ReturnType<typeof useForm<TourFormValues>> }) {
  const { t } = useTranslation();
  return (
    <FramedField
      control={control}
      name="departure"
      label={t('tours.fields.departure')}
      hint={t('tours.fields.departureHint')}
      render={({ id, field, error, describedBy }) => (
        <InputText
          id={id}
          type="date"
          value={(field.value as string | null) ?? ''}
          onChange={(e) => {
            const next = withDeparture(form.getValues(), e.target.value);
            const changed = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
            form.setValue('days', next.days, changed);
            form.setValue('arrival', next.arrival, changed);
            field.onChange(next.departure);
          }}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** The lead's queries, to say which one the tour answers. */
function useQueryOptions(lead: LeadDetail | undefined) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (lead?.queries ?? []).map((q) => ({
    value: q._id,
    label: [
      q.travelFrom ? fmt.date(q.travelFrom) : t('tours.fields.noDates'),
      t('tours.customer.adults', { count: q.adults }),
      q.destinations.map((d) => d.name).join(', '),
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}

/**
 * "Start from a package": a package's days and lines (`GET /personalized-tours/id/{id}`) for this
 * tour's departure and travellers, replacing the days and lines the form holds (asked first).
 */
function PackageDialog({ form, onClose }: { form: ReturnType<typeof useForm<TourFormValues>>; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const packages = usePersonalizedTours({ isPublished: true, limit: 200, sortBy: 'title', sortOrder: 'asc' });
  const [packageId, setPackageId] = useState<string | null>(null);
  const [departure, setDeparture] = useState(form.getValues('departure'));
  const [busy, setBusy] = useState(false);
  const options = (packages.data?.data ?? []).map((p) => ({ value: p._id, label: `${p.title} · ${t('tourPlan.nights', { count: p.totalNights })}` }));

  const apply = async () => {
    if (!packageId || !departure) return;
    const current = form.getValues();
    if ((current.days.length || current.lines.length) && !(await confirmAction({ message: t('tours.fromPersonalized.replace'), header: t('tours.fromPersonalized.title'), acceptLabel: t('tours.fromPersonalized.apply') }))) return;
    setBusy(true);
    try {
      const pkg = await queryClient.fetchQuery(personalizedToursResource.detailQueryOptions(packageId));
      const plan = planFromPersonalized(pkg, departure, { adults: current.adults ?? 1, children: current.children ?? 0 });
      form.setValue('departure', departure, { shouldDirty: true });
      form.setValue('arrival', plan.arrival, { shouldDirty: true });
      form.setValue('regions', [...new Set([...current.regions, ...plan.regions])], { shouldDirty: true });
      form.setValue('destinations', [...new Set([...current.destinations, ...plan.destinations])], { shouldDirty: true });
      form.setValue(
        'days',
        plan.days.map((d) => ({ date: d.date, destinationId: d.destinationId, hotelId: d.hotelId ?? null, roomType: d.roomType ?? null, rooms: d.rooms ?? null, activityIds: d.activityIds ?? [], transfers: d.transfers ?? '', meals: d.meals ?? [], notes: d.notes ?? '' })),
        { shouldDirty: true },
      );
      form.setValue('lines', plan.lines.map(lineFormValue), { shouldDirty: true });
      if (!current.title) form.setValue('title', pkg.title, { shouldDirty: true });
      toast.success(t('tours.fromPersonalized.applied', { title: pkg.title }));
      onClose();
    } catch {
      /* toasted by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('tours.fromPersonalized.title')}
      style={{ width: 'min(560px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" text label={t('shell.cancel')} onClick={onClose} />
          <Button type="button" icon="pi pi-check" label={t('tours.fromPersonalized.apply')} disabled={!packageId || !departure} loading={busy} onClick={() => void apply()} />
        </div>
      }
    >
      <div className="stack">
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.fromPersonalized.hint')}
        </p>
        <FieldFrame id="package-choice" label={t('tours.fromPersonalized.choice')}>
          <Dropdown
            inputId="package-choice"
            value={packageId}
            options={options}
            optionLabel="label"
            optionValue="value"
            filter
            pt={DROPDOWN_PT}
            loading={packages.isFetching}
            placeholder={t('tours.fromPersonalized.choose')}
            emptyMessage={t('tours.fromPersonalized.none')}
            onChange={(e) => setPackageId(e.value as string)}
          />
        </FieldFrame>
        <FieldFrame id="package-departure" label={t('tours.fields.departure')}>
          <InputText id="package-departure" type="date" value={departure} onChange={(e) => setDeparture(e.target.value)} />
        </FieldFrame>
      </div>
    </Dialog>
  );
}

function TourBuilder({ tour, mode, start, lead }: { tour?: CustomizedTourDetail; mode: Mode; start?: TourStart; lead?: LeadDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const currency = tour?.currency ?? organization.currency;
  const create = useCreateTour();
  const update = useUpdateTour();
  const updateBooked = useUpdateBookedTour();
  const contacts = useContactOptions(tour?.pointOfContact);
  const [choosingPackage, setChoosingPackage] = useState(false);
  const resolver = useMemo(() => (mode === 'booked' && tour ? bookedResolver(tour._id) : draftResolver), [mode, tour]);
  const form = useForm<TourFormValues>({ resolver: resolver as Resolver<TourFormValues>, defaultValues: tourFormValues(tour, start) });
  const { control, formState } = form;
  useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [regions, leadId, departure, arrival, queryId] = useWatch({ control, name: ['regions', 'leadId', 'departure', 'arrival', 'queryId'] });
  const leadQuery = useQuery({ ...leadsResource.detailQueryOptions(leadId ?? ''), enabled: !!leadId && can('leads', 'view'), initialData: lead && lead._id === leadId ? lead : undefined });
  const queryOptions = useQueryOptions(leadQuery.data);
  const booked = mode === 'booked';
  const nights = departure && arrival && arrival >= departure ? daysBetween(departure, arrival) : null;

  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      if (booked && tour) {
        await updateBooked.mutateAsync({ _id: tour._id, revision: tour.revision, days: tourToSend(values).days, notes: values.notes });
      } else if (tour) {
        const { leadId: _lead, ...plan } = tourToSend(values);
        await update.mutateAsync({ _id: tour._id, revision: tour.revision, ...plan });
      }
      const saved = tour ?? (await create.mutateAsync(tourToSend(values)));
      toast.success(t(tour ? 'tours.updated' : 'tours.created'));
      navigate(moduleRecordPath('customizedTours', saved._id));
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });
  const back = tour ? moduleRecordPath('customizedTours', tour._id) : leadId && start?.leadId ? moduleRecordPath('leads', leadId) : modulePath('customizedTours');
  const heading = tour ? (booked ? t('tours.editPlan') : t('tours.editTour')) : t('tours.newTour');

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="tour-form-title" data-testid="tour-builder">
      <div className="page-header">
        <h1 id="tour-form-title">{heading}</h1>
        {tour && (
          <>
            <TourStatusTag status={tour.status} />
            <span className="muted">{t('tours.versionN', { version: tour.version })}</span>
          </>
        )}
        {!booked && (
          <>
            {can('personalizedTours', 'view') && <Button type="button" outlined icon="pi pi-box" label={t('tours.fromPersonalized.start')} onClick={() => setChoosingPackage(true)} />}
            {/* A new tour for a lead's query can be drafted from the catalogue instead (docs/ai.md). */}
            {!tour && can('customizedTours', 'create') && leadId && <GenerateTourButton leadId={leadId} query={leadQuery.data?.queries.find((q) => q._id === queryId)} testId="tour-generate" />}
          </>
        )}
      </div>

      <section className="card stack" aria-label={t('tourPlan.details')}>
        {booked && <p className="muted" style={{ margin: 0 }}>{t('tours.bookedHint')}</p>}
        <div className="form-grid">
          <LeadField control={control} name="leadId" label={t('tours.fields.lead')} disabled={!!tour} />
          {queryOptions.length > 0 && <SelectField control={control} name="queryId" label={t('tours.fields.query')} options={queryOptions} placeholder={t('tours.fields.noQuery')} disabled={booked} />}
          <TextField control={control} name="title" label={t('tourPlan.title')} disabled={booked} />
          {booked ? (
            <FieldFrame id="tour-dates" label={t('tours.fields.dates')}>
              <InputText id="tour-dates" disabled value={`${departure} → ${arrival}`} />
            </FieldFrame>
          ) : (
            <>
              <DepartureField control={control} form={form} />
              <TextField control={control} name="arrival" type="date" label={t('tours.fields.arrival')} hint={nights === null ? undefined : t('tourPlan.nights', { count: nights })} />
            </>
          )}
          <NumberField control={control} name="adults" label={t('tours.fields.adults')} min={1} max={99} disabled={booked} />
          <NumberField control={control} name="children" label={t('tours.fields.children')} min={0} max={99} disabled={booked} />
          <NumberField control={control} name="infants" label={t('tours.fields.infants')} min={0} max={99} disabled={booked} />
          <SelectField control={control} name="pointOfContact" label={t('tourPlan.pointOfContact')} options={contacts.options} filter placeholder={t('tours.fields.me')} disabled={booked} />
          {!booked && (
            <>
              <RegionField control={control} name="regions" label={t('tourPlan.regions')} multiple hint={t('tours.fields.placesHint')} />
              <DestinationField control={control} name="destinations" label={t('tourPlan.destinations')} multiple regions={regions} />
            </>
          )}
        </div>
        <TextAreaField control={control} name="notes" label={t('tours.fields.notes')} />
      </section>

      <div className="builder-layout">
        <div className="stack builder-staff" aria-label={t('tours.staffView')}>
          <TourDayEditor control={control} getValues={form.getValues} setValue={form.setValue} errors={formState.errors.days} keepLines={booked} />
          {booked && tour ? (
            <section className="card stack" aria-labelledby="tour-lines-title">
              <h2 id="tour-lines-title" style={{ margin: 0 }}>
                {t('tourPlan.lines.title')}
              </h2>
              <p className="muted" style={{ margin: 0 }}>
                {t('tours.lines.bookedHint')}
              </p>
              <StaffLines lines={tour.lines} currency={currency} />
            </section>
          ) : (
            <TourLinesTable control={control} getValues={form.getValues} setValue={form.setValue} currency={currency} errors={formState.errors.lines} />
          )}
        </div>
        <aside className="stack builder-customer" aria-label={t('tours.customer.title')}>
          <LiveTotals control={control} currency={currency} />
          <LiveCustomerView control={control} currency={currency} />
        </aside>
      </div>

      <div className="row form-actions" style={{ justifyContent: 'flex-end' }}>
        <Link to={back} className="p-button p-button-text link-button">
          {t('tourPlan.cancel')}
        </Link>
        <Button type="submit" icon="pi pi-check" label={t('tourPlan.save')} loading={formState.isSubmitting} />
      </div>
      {choosingPackage && <PackageDialog form={form} onClose={() => setChoosingPackage(false)} />}
    </form>
  );
}

/** What a new tour for a lead starts with: the query asked for (or the lead's latest), its travellers, dates and places. */
function startOf(lead: LeadDetail | undefined, leadId: string | null, queryId: string | null, memberId: string): TourStart {
  const query = lead?.queries.find((q) => q._id === queryId) ?? lead?.queries.at(-1);
  return {
    leadId,
    queryId: query?._id ?? null,
    departure: query?.travelFrom ?? null,
    arrival: query?.travelTo ?? null,
    adults: query?.adults ?? 2,
    children: query?.children ?? 0,
    infants: query?.infants ?? 0,
    regions: query?.regions.map((r) => r._id) ?? lead?.regions.map((r) => r._id) ?? [],
    destinations: query?.destinations.map((d) => d._id) ?? lead?.destinations.map((d) => d._id) ?? [],
    pointOfContact: memberId,
  };
}

/** `/customized-tours/new?leadId=…&queryId=…` */
export function NewCustomizedTourPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { member } = useAuth();
  const [params] = useSearchParams();
  const leadId = params.get('leadId');
  const queryId = params.get('queryId');
  const lead = useQuery({ ...leadsResource.detailQueryOptions(leadId ?? ''), enabled: !!leadId && can('leads', 'view') });
  const waiting = !!leadId && can('leads', 'view') && lead.isPending;
  if (waiting) {
    return (
      <div className="card" aria-busy="true">
        {t('shell.loading')}
      </div>
    );
  }
  return <TourBuilder key={leadId ?? 'none'} mode="draft" start={startOf(lead.data, leadId, queryId, member._id)} lead={lead.data} />;
}

/** `/customized-tours/:id/edit`: a draft whole; a booked tour's plan without its price. */
export function EditCustomizedTourPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useCustomizedTour(id);
  return (
    <RecordPage titleId="tour-form-title" back={{ to: moduleRecordPath('customizedTours', id), label: t('tours.backToTour') }} query={tour}>
      {(data) =>
        data.status === 'draft' || data.status === 'booked' ? (
          <TourBuilder key={`${data._id}:${data.revision}`} tour={data} mode={data.status === 'booked' ? 'booked' : 'draft'} />
        ) : (
          <div className="card empty-state" role="note" data-testid="tour-not-editable">
            <p>{t(data.status === 'sent' ? 'tours.notEditableSent' : 'tours.notEditablePublished', { version: data.version })}</p>
            <Link to={moduleRecordPath('customizedTours', data._id)}>{t('tours.backToTour')}</Link>
          </div>
        )
      }
    </RecordPage>
  );
}

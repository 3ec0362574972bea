import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import type { LeadDetail } from '../../../api/leads/contract';
import { leadsResource } from '../../../api/leads/get-leads';
import { createTourInput, updateBookedTourInput, type CustomizedTourDetail } from '../../../api/tours/customized/contract';
import { useCustomizedTour } from '../../../api/tours/customized/get-customized-tours';
import { useCreateTour, useUpdateBookedTour, useUpdateTour } from '../../../api/tours/customized/save-customized-tour';
import { customizedTourMachine } from '../../../machines/customized-tour-machine';
import { snapshotOf } from '../../../machines/workflow';
import { useAuth, useCan } from '../../../ui/auth';
import { useLeaveGuard } from '../../../ui/form-dialog';
import { applyServerIssues } from '../../../ui/form-fields';
import { GenerateTourButton } from '../../../ui/generate-tour-button';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordPage } from '../../../ui/placeholders';
import { TourStatusTag } from '../../../ui/tour-widgets';
import { planResolver } from '../shared/plan-resolver';
import { BuilderDetails, useTourLead } from './builder-details';
import { BuilderPlan } from './builder-plan';
import { FromPersonalizedDialog } from './from-personalized-dialog';
import { missingFields, tourFormValues, tourToSend, type TourFormValues, type TourStart } from './tour-form-model';

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

/** Saves the form: a draft whole (`POST` or `PUT`, its revision refusing a stale save), a booked tour's days and notes. */
function useSaveTour(form: UseFormReturn<TourFormValues>, tour: CustomizedTourDetail | undefined, booked: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTour();
  const update = useUpdateTour();
  const updateBooked = useUpdateBookedTour();
  return form.handleSubmit(async () => {
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
}

/** The builder's heading: the tour's status and version; start from a personalized tour, or generate one for the lead's enquiry. */
function BuilderHeader({ form, tour, booked, lead, onStart }: { form: UseFormReturn<TourFormValues>; tour?: CustomizedTourDetail; booked: boolean; lead?: LeadDetail; onStart: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [leadId, queryId] = useWatch({ control: form.control, name: ['leadId', 'queryId'] });
  const leadQuery = useTourLead(form, lead);
  return (
    <div className="page-header">
      <h1 id="tour-form-title">{tour ? (booked ? t('tours.editPlan') : t('tours.editTour')) : t('tours.newTour')}</h1>
      {tour && (
        <>
          <TourStatusTag status={tour.status} />
          <span className="muted">{t('tours.versionN', { version: tour.version })}</span>
        </>
      )}
      {!booked && (
        <>
          {can('personalizedTours', 'view') && <Button type="button" outlined icon="pi pi-box" label={t('tours.fromPersonalized.start')} onClick={onStart} />}
          {/* A new tour for a lead's query can be drafted from the catalogue instead (docs/ai.md). */}
          {!tour && can('customizedTours', 'create') && leadId && <GenerateTourButton leadId={leadId} query={leadQuery.data?.queries.find((q) => q._id === queryId)} testId="tour-generate" />}
        </>
      )}
    </div>
  );
}

function TourBuilder({ tour, mode, start, lead }: { tour?: CustomizedTourDetail; mode: Mode; start?: TourStart; lead?: LeadDetail }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const currency = tour?.currency ?? organization.currency;
  const [choosing, setChoosing] = useState(false);
  const resolver = useMemo(() => (mode === 'booked' && tour ? bookedResolver(tour._id) : draftResolver), [mode, tour]);
  const form = useForm<TourFormValues>({ resolver: resolver as Resolver<TourFormValues>, defaultValues: tourFormValues(tour, start) });
  const { formState } = form;
  useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const booked = mode === 'booked';
  const submit = useSaveTour(form, tour, booked);
  const leadId = useWatch({ control: form.control, name: 'leadId' });
  const back = tour ? moduleRecordPath('customizedTours', tour._id) : leadId && start?.leadId ? moduleRecordPath('leads', leadId) : modulePath('customizedTours');

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="tour-form-title" data-testid="tour-builder">
      <BuilderHeader form={form} tour={tour} booked={booked} lead={lead} onStart={() => setChoosing(true)} />
      <BuilderDetails form={form} tour={tour} booked={booked} lead={lead} />
      <BuilderPlan form={form} tour={tour} booked={booked} currency={currency} />
      <div className="row form-actions" style={{ justifyContent: 'flex-end' }}>
        <Link to={back} className="p-button p-button-text link-button">
          {t('tourPlan.cancel')}
        </Link>
        <Button type="submit" icon="pi pi-check" label={t('tourPlan.save')} loading={formState.isSubmitting} />
      </div>
      {choosing && <FromPersonalizedDialog form={form} onClose={() => setChoosing(false)} />}
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

/** How a tour in `status` is edited: whole (the machine's `editable`), its plan only (`planEditable`), or not at all. */
function editModeOf(status: CustomizedTourDetail['status']): 'draft' | 'booked' | undefined {
  const snapshot = snapshotOf(customizedTourMachine, status);
  return snapshot.hasTag('planEditable') ? 'booked' : snapshot.hasTag('editable') ? 'draft' : undefined;
}

/** `/customized-tours/:id/edit`: a draft whole; a booked tour's plan without its price. */
export function EditCustomizedTourPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useCustomizedTour(id);
  return (
    <RecordPage titleId="tour-form-title" back={{ to: moduleRecordPath('customizedTours', id), label: t('tours.backToTour') }} query={tour}>
      {(data) => {
        const mode = editModeOf(data.status);
        return mode ? (
          <TourBuilder key={`${data._id}:${data.revision}`} tour={data} mode={mode} />
        ) : (
          <div className="card empty-state" role="note" data-testid="tour-not-editable">
            <p>{t(data.status === 'sent' ? 'tours.notEditableSent' : 'tours.notEditablePublished', { version: data.version })}</p>
            <Link to={moduleRecordPath('customizedTours', data._id)}>{t('tours.backToTour')}</Link>
          </div>
        );
      }}
    </RecordPage>
  );
}

import { useForm, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { createGroupTourInput, type CreateGroupTourInput, type GroupTourDetail } from '../../api/tours/group/contract';
import { useGroupTour } from '../../api/tours/group/get-group-tours';
import { useCreateGroupTour, useUpdateGroupTour } from '../../api/tours/group/save-group-tour';
import { TRAVELLER_TYPES, nightsBetween } from '../../api/tours/tour-plan';
import { useAuth } from '../../ui/auth';
import { DestinationField, RegionField } from '../../ui/catalogue-pickers';
import { applyServerIssues, FormError, DateField, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { DayPlanEditor, type DayFormValue, type PlanFormValues } from './package-day-editor';
import { dayFormValue, daysToSend, missingDestinations, missingPrices, planResolver } from './package-parts';
import { useContactOptions } from '../../ui/point-of-contact';
import { useLeaveGuard } from '../../ui/form-dialog';
import { SeatsBar } from './group-seats';

interface DepartureFormValues {
  title: string;
  description: string;
  regions: string[];
  destinations: string[];
  departure: string | null;
  arrival: string | null;
  pointOfContact: string | null;
  days: DayFormValue[];
  pricePerPerson: { adult: number | null; child: number | null; infant: number | null };
  capacity: number | null;
  minimumToRun: number | null;
  salesClosed: boolean;
}

const toForm = (tour?: GroupTourDetail): DepartureFormValues => ({
  title: tour?.title ?? '',
  description: tour?.description ?? '',
  regions: tour?.regions.map((r) => r._id) ?? [],
  destinations: tour?.destinations.map((d) => d._id) ?? [],
  departure: tour?.departure ?? null,
  arrival: tour?.arrival ?? null,
  pointOfContact: tour?.pointOfContact?._id ?? null,
  days: tour?.days.map(dayFormValue) ?? [],
  pricePerPerson: tour?.pricePerPerson ?? { adult: null, child: null, infant: null },
  capacity: tour?.capacity ?? null,
  minimumToRun: tour?.minimumToRun ?? null,
  salesClosed: tour?.salesClosed ?? false,
});

const resolver = planResolver<DepartureFormValues>(
  createGroupTourInput,
  (v) => ({ ...v, days: daysToSend(v.days) }),
  (v) => [
    ...(['departure', 'arrival', 'capacity', 'minimumToRun'] as const).filter((k) => v[k] === null || v[k] === undefined),
    ...missingDestinations(v.days),
    ...missingPrices(v.pricePerPerson),
  ],
);

function DepartureForm({ tour }: { tour?: GroupTourDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const currency = tour?.currency ?? organization.currency;
  const create = useCreateGroupTour();
  const update = useUpdateGroupTour();
  const contacts = useContactOptions(tour?.pointOfContact);
  const form = useForm<DepartureFormValues, unknown, CreateGroupTourInput>({ resolver: resolver as never, defaultValues: toForm(tour) });
  const { control, watch, formState } = form;
  useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [regions, departure, arrival] = watch(['regions', 'departure', 'arrival']);
  const nights = departure && arrival && arrival >= departure ? nightsBetween(departure, arrival) : undefined;

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = tour ? await update.mutateAsync({ _id: tour._id, ...input }) : await create.mutateAsync(input);
      toast.success(t(tour ? 'groupTours.updated' : 'groupTours.created'));
      navigate(moduleRecordPath('groupTours', saved._id));
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });
  const back = tour ? moduleRecordPath('groupTours', tour._id) : modulePath('groupTours');

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="departure-form-title" data-testid="departure-form">
      <div className="page-header">
        <h1 id="departure-form-title">{tour ? t('groupTours.editTour') : t('groupTours.newTour')}</h1>
      </div>
      <section className="card stack" aria-label={t('tourPlan.details')}>
        <div className="form-grid">
          <TextField control={control} name="title" label={t('tourPlan.title')} />
          <SelectField control={control} name="pointOfContact" label={t('tourPlan.pointOfContact')} options={contacts.options} filter placeholder={t('tourPlan.noContact')} />
          <DateField control={control} name="departure" label={t('groupTours.departure')} />
          <DateField control={control} name="arrival" label={t('groupTours.arrival')} hint={nights === undefined ? undefined : t('tourPlan.nights', { count: nights })} />
          <RegionField control={control} name="regions" label={t('tourPlan.regions')} multiple />
          <DestinationField control={control} name="destinations" label={t('tourPlan.destinations')} multiple regions={regions} />
        </div>
        <TextAreaField control={control} name="description" label={t('tourPlan.description')} />
      </section>

      <section className="card stack" aria-labelledby="departure-seats-title">
        <h2 id="departure-seats-title" style={{ margin: 0 }}>
          {t('groupTours.seats')}
        </h2>
        {tour && <SeatsBar tour={tour} withStatus />}
        <div className="form-grid">
          <NumberField control={control} name="capacity" label={t('groupTours.capacity')} min={1} max={1000} hint={t('groupTours.capacityHint')} />
          <NumberField control={control} name="minimumToRun" label={t('groupTours.minimumToRun')} min={1} max={1000} />
          {tour && <SwitchField control={control} name="salesClosed" label={t('groupTours.salesClosed')} />}
        </div>
      </section>

      <DayPlanEditor
        control={control as unknown as Control<PlanFormValues>}
        getValues={form.getValues as unknown as UseFormGetValues<PlanFormValues>}
        setValue={form.setValue as unknown as UseFormSetValue<PlanFormValues>}
        errors={formState.errors.days}
        departure={departure}
      />

      <section className="card stack" aria-labelledby="departure-prices-title">
        <h2 id="departure-prices-title" style={{ margin: 0 }}>
          {t('tourPlan.pricePerPerson')}
        </h2>
        <div className="form-grid">
          {TRAVELLER_TYPES.map((type) => (
            <MoneyField key={type} control={control} name={`pricePerPerson.${type}`} label={t(`tourPlan.${type}`)} currency={currency} />
          ))}
        </div>
      </section>

      <FormError message={formState.errors.root?.message} />
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Link to={back} className="p-button p-button-text button-link">
          {t('tourPlan.cancel')}
        </Link>
        <Button type="submit" icon="pi pi-check" label={t('tourPlan.save')} loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

/** `/group-tours/new` */
export function NewGroupTourPage() {
  return <DepartureForm />;
}

/** `/group-tours/:id/edit` */
export function EditGroupTourPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useGroupTour(id);
  return (
    <RecordPage titleId="departure-form-title" back={{ to: modulePath('groupTours'), label: t('groupTours.back') }} query={tour}>
      {(data) => <DepartureForm tour={data} />}
    </RecordPage>
  );
}

import { useForm, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { TRAVELLER_TYPES } from '../../api/tours/tour-plan';
import { createPersonalizedTourInput, type CreatePersonalizedTourInput, type PersonalizedTourDetail } from '../../api/tours/personalized/contract';
import { usePersonalizedTour } from '../../api/tours/personalized/get-personalized-tours';
import { useCreatePersonalizedTour, useUpdatePersonalizedTour } from '../../api/tours/personalized/save-personalized-tour';
import { useAuth } from '../../ui/auth';
import { DestinationField, RegionField } from '../../ui/catalogue-pickers';
import { applyServerIssues, FormError, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { DayPlanEditor, type DayFormValue, type PlanFormValues } from './package-day-editor';
import { dayFormValue, daysToSend, linesToSend, missingDestinations, missingPrices, planResolver, TextLinesField } from './package-parts';
import { useContactOptions } from '../../ui/point-of-contact';
import { useLeaveGuard } from '../../ui/form-dialog';
import { PackageLinesEditor, lineFormValue, type LineFormValue, type LinesFormValues } from './personalized-lines-editor';

/** The package form as typed: ids, numbers that may still be empty, text that may be blank. */
interface PackageFormValues {
  title: string;
  description: string;
  regions: string[];
  destinations: string[];
  totalNights: number | null;
  pointOfContact: string | null;
  days: DayFormValue[];
  lines: LineFormValue[];
  inclusions: string[];
  exclusions: string[];
  pricePerPerson: { adult: number | null; child: number | null; infant: number | null };
  isPublished: boolean;
}

const toForm = (tour?: PersonalizedTourDetail): PackageFormValues => ({
  title: tour?.title ?? '',
  description: tour?.description ?? '',
  regions: tour?.regions.map((r) => r._id) ?? [],
  destinations: tour?.destinations.map((d) => d._id) ?? [],
  totalNights: tour?.totalNights ?? null,
  pointOfContact: tour?.pointOfContact?._id ?? null,
  days: tour?.days.map(dayFormValue) ?? [],
  lines: tour?.lines.map(lineFormValue) ?? [],
  inclusions: tour?.inclusions ?? [],
  exclusions: tour?.exclusions ?? [],
  pricePerPerson: tour?.pricePerPerson ?? { adult: null, child: null, infant: null },
  isPublished: tour?.isPublished ?? false,
});

/** The values as `POST /personalized-tours` takes them (what the contract's schema then checks). */
const packageToSend = (v: PackageFormValues) => ({ ...v, days: daysToSend(v.days), inclusions: linesToSend(v.inclusions), exclusions: linesToSend(v.exclusions) });

const resolver = planResolver<PackageFormValues>(createPersonalizedTourInput, packageToSend, (v) => [
  ...(v.totalNights === null || v.totalNights === undefined ? ['totalNights'] : []),
  ...missingDestinations(v.days),
  ...missingPrices(v.pricePerPerson),
]);

function PackageForm({ tour }: { tour?: PersonalizedTourDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const currency = tour?.currency ?? organization.currency;
  const create = useCreatePersonalizedTour();
  const update = useUpdatePersonalizedTour();
  const contacts = useContactOptions(tour?.pointOfContact);
  const form = useForm<PackageFormValues, unknown, CreatePersonalizedTourInput>({ resolver: resolver as never, defaultValues: toForm(tour) });
  const { control, watch, formState } = form;
  useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const regions = watch('regions');

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = tour ? await update.mutateAsync({ _id: tour._id, ...input }) : await create.mutateAsync(input);
      toast.success(t(tour ? 'personalizedTours.updated' : 'personalizedTours.created'));
      navigate(moduleRecordPath('personalizedTours', saved._id));
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });
  const back = tour ? moduleRecordPath('personalizedTours', tour._id) : modulePath('personalizedTours');

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="package-form-title" data-testid="package-form">
      <div className="page-header">
        <h1 id="package-form-title">{tour ? t('personalizedTours.editTour') : t('personalizedTours.newTour')}</h1>
      </div>
      <section className="card stack" aria-label={t('tourPlan.details')}>
        <div className="form-grid">
          <TextField control={control} name="title" label={t('tourPlan.title')} />
          <NumberField control={control} name="totalNights" label={t('tourPlan.totalNights')} min={0} max={365} />
          <RegionField control={control} name="regions" label={t('tourPlan.regions')} multiple />
          <DestinationField control={control} name="destinations" label={t('tourPlan.destinations')} multiple regions={regions} />
          <SelectField control={control} name="pointOfContact" label={t('tourPlan.pointOfContact')} options={contacts.options} filter placeholder={t('tourPlan.noContact')} />
          <SwitchField control={control} name="isPublished" label={t('personalizedTours.isPublished')} />
        </div>
        <TextAreaField control={control} name="description" label={t('tourPlan.description')} />
      </section>

      <DayPlanEditor
        control={control as unknown as Control<PlanFormValues>}
        getValues={form.getValues as unknown as UseFormGetValues<PlanFormValues>}
        setValue={form.setValue as unknown as UseFormSetValue<PlanFormValues>}
        errors={formState.errors.days}
      />

      <PackageLinesEditor control={control as unknown as Control<LinesFormValues>} getValues={form.getValues as unknown as UseFormGetValues<LinesFormValues>} currency={currency} errors={formState.errors.lines} />

      <section className="card stack" aria-labelledby="package-prices-title">
        <h2 id="package-prices-title" style={{ margin: 0 }}>
          {t('tourPlan.pricePerPerson')}
        </h2>
        <div className="form-grid">
          {TRAVELLER_TYPES.map((type) => (
            <MoneyField key={type} control={control} name={`pricePerPerson.${type}`} label={t(`tourPlan.${type}`)} currency={currency} />
          ))}
        </div>
      </section>

      <section className="card form-grid" aria-label={`${t('personalizedTours.inclusions')}, ${t('personalizedTours.exclusions')}`}>
        <TextLinesField control={control} name="inclusions" label={t('personalizedTours.inclusions')} hint={t('personalizedTours.listHint')} />
        <TextLinesField control={control} name="exclusions" label={t('personalizedTours.exclusions')} hint={t('personalizedTours.listHint')} />
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

/** `/personalized-tours/new` */
export function NewPersonalizedTourPage() {
  return <PackageForm />;
}

/** `/personalized-tours/:id/edit` */
export function EditPersonalizedTourPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = usePersonalizedTour(id);
  return (
    <RecordPage titleId="package-form-title" back={{ to: modulePath('personalizedTours'), label: t('personalizedTours.back') }} query={tour}>
      {(data) => <PackageForm tour={data} />}
    </RecordPage>
  );
}


import type { ReactNode } from 'react';
import { useForm, type Control, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { TRAVELLER_TYPES } from '../../../api/tours/tour-plan';
import { useAuth } from '../../../ui/auth';
import { DestinationField, RegionField } from '../../../ui/catalogue-pickers';
import { useLeaveGuard } from '../../../ui/form-dialog';
import { applyServerIssues, FormError, SelectField, TextAreaField, TextField } from '../../../ui/form-fields';
import { MoneyField } from '../../../ui/money-field';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordPage } from '../../../ui/placeholders';
import { useContactOptions } from '../../../ui/point-of-contact';
import { DayEditor } from './day-editor';
import { planForm, type PlanFormValues } from './plan-model';

/**
 * The form page of personalized and group tours, one shape for both (`/…/new`, `/…/:id/edit`: a
 * plan with days does not fit a dialog): the details (title, point of contact, the kind's own
 * fields, regions, destinations, description), the day editor, the prices per traveller type, and
 * the kind's own sections around them. A kind says how its values are made, checked and saved
 * ({@link PlanFormKind}).
 */

/** What both kinds' form values have. */
export interface PlanFormBase extends PlanFormValues {
  title: string;
  description: string;
  pointOfContact: string | null;
  pricePerPerson: { adult: number | null; child: number | null; infant: number | null };
}

type Saved = { _id: string };

export interface PlanFormKind<F extends PlanFormBase & FieldValues, D extends Saved & { pointOfContact: { _id: string; name: string } | null; currency: string }, I> {
  /** `personalized` or `group`: the form's test id and title id. */
  id: 'personalized' | 'group';
  module: 'personalizedTours' | 'groupTours';
  /** Its strings: `newTour`, `editTour`, `created`, `updated`, `back`. */
  section: 'personalizedTours' | 'groupTours';
  toForm: (tour?: D) => F;
  resolver: Resolver<F>;
  useOne: (id: string) => UseQueryResult<D>;
  useCreate: () => { mutateAsync(input: I): Promise<Saved> };
  /** The seed's `PUT` by `_id`: the whole form is sent (the server checks it merged with what is stored). */
  useUpdate: () => { mutateAsync(input: I & Saved): Promise<Saved> };
  /** The kind's own details, after the point of contact. */
  fields: (control: Control<F>, form: UseFormReturn<F>) => ReactNode;
  /** The kind's switches, after the places. */
  flags?: (control: Control<F>, tour?: D) => ReactNode;
  /** Sections before the days (a departure's seats) and after them (a personalized tour's lines), and after the prices. */
  beforeDays?: (form: UseFormReturn<F>, tour?: D) => ReactNode;
  afterDays?: (form: UseFormReturn<F>, currency: string) => ReactNode;
  afterPrices?: (control: Control<F>) => ReactNode;
  /** A departure's days are dated from it. */
  departure?: (form: UseFormReturn<F>) => string | null;
}

function PlanForm<F extends PlanFormBase & FieldValues, D extends Saved & { pointOfContact: { _id: string; name: string } | null; currency: string }, I>({ kind, tour }: { kind: PlanFormKind<F, D, I>; tour?: D }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const currency = tour?.currency ?? organization.currency;
  const create = kind.useCreate();
  const update = kind.useUpdate();
  const contacts = useContactOptions(tour?.pointOfContact);
  const form = useForm<F>({ resolver: kind.resolver, defaultValues: kind.toForm(tour) as DefaultValues<F> });
  const { formState } = form;
  const control = form.control as unknown as Control<PlanFormBase>;
  useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const regions = form.watch('regions' as never) as unknown as string[];
  const titleId = `${kind.id}-form-title`;

  // The resolver hands over the values as the contract parsed them.
  const submit = form.handleSubmit(async (values) => {
    const input = values as unknown as I;
    try {
      const saved = tour ? await update.mutateAsync({ ...input, _id: tour._id }) : await create.mutateAsync(input);
      toast.success(t(`${kind.section}.${tour ? 'updated' : 'created'}`));
      navigate(moduleRecordPath(kind.module, saved._id));
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby={titleId} data-testid={`${kind.id}-form`}>
      <div className="page-header">
        <h1 id={titleId}>{t(`${kind.section}.${tour ? 'editTour' : 'newTour'}`)}</h1>
      </div>
      <section className="card stack" aria-label={t('tourPlan.details')}>
        <div className="form-grid">
          <TextField control={control} name="title" label={t('tourPlan.title')} />
          <SelectField control={control} name="pointOfContact" label={t('tourPlan.pointOfContact')} options={contacts.options} filter placeholder={t('tourPlan.noContact')} />
          {kind.fields(form.control, form)}
          <RegionField control={control} name="regions" label={t('tourPlan.regions')} multiple />
          <DestinationField control={control} name="destinations" label={t('tourPlan.destinations')} multiple regions={regions} />
          {kind.flags?.(form.control, tour)}
        </div>
        <TextAreaField control={control} name="description" label={t('tourPlan.description')} />
      </section>
      {kind.beforeDays?.(form, tour)}
      <DayEditor form={planForm(form)} errors={formState.errors.days as never} departure={kind.departure?.(form)} />
      {kind.afterDays?.(form, currency)}
      <section className="card stack" aria-labelledby={`${kind.id}-prices-title`}>
        <h2 id={`${kind.id}-prices-title`} style={{ margin: 0 }}>
          {t('tourPlan.pricePerPerson')}
        </h2>
        <div className="form-grid">
          {TRAVELLER_TYPES.map((type) => (
            <MoneyField key={type} control={control} name={`pricePerPerson.${type}`} label={t(`tourPlan.${type}`)} currency={currency} />
          ))}
        </div>
      </section>
      {kind.afterPrices?.(form.control)}
      <FormError message={formState.errors.root?.message} />
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Link to={tour ? moduleRecordPath(kind.module, tour._id) : modulePath(kind.module)} className="p-button p-button-text button-link">
          {t('tourPlan.cancel')}
        </Link>
        <Button type="submit" icon="pi pi-check" label={t('tourPlan.save')} loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

/** `/…/new` and `/…/:id/edit` of a kind. */
export function planFormPages<F extends PlanFormBase & FieldValues, D extends Saved & { pointOfContact: { _id: string; name: string } | null; currency: string }, I>(kind: PlanFormKind<F, D, I>) {
  function NewPage() {
    return <PlanForm kind={kind} />;
  }
  function EditPage() {
    const { t } = useTranslation();
    const { id = '' } = useParams();
    const tour = kind.useOne(id);
    return (
      <RecordPage titleId={`${kind.id}-form-title`} back={{ to: modulePath(kind.module), label: t(`${kind.section}.back`) }} query={tour}>
        {(data) => <PlanForm kind={kind} tour={data} />}
      </RecordPage>
    );
  }
  return { NewPage, EditPage };
}

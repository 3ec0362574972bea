import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createPersonalizedTourInput, type CreatePersonalizedTourInput, type PersonalizedTourDetail } from '../../../api/tours/personalized/contract';
import { usePersonalizedTour } from '../../../api/tours/personalized/get-personalized-tours';
import { useCreatePersonalizedTour, useUpdatePersonalizedTour } from '../../../api/tours/personalized/save-personalized-tour';
import { PERSONALIZED_PARTY } from '../../../domain/tour-costing';
import { NumberField, SwitchField } from '../../../ui/form-fields';
import { TOUR_EDITORS } from '../../../api/permissions';
import { useCanAny } from '../../../ui/auth';
import { LineEditor } from '../shared/line-editor';
import { planFormPages, type PlanFormBase, type PlanFormKind } from '../shared/plan-form-page';
import { answeredLineFormValue, dayFormValue, daysToSend, linesToSend, missingDestinations, missingLineNumbers, missingPrices, planForm, textLinesToSend, type LineFormValue } from '../shared/plan-model';
import { planResolver } from '../shared/plan-resolver';
import { TextLinesField } from './personalized-parts';

/** The personalized tour form as typed: ids, numbers that may still be empty, text that may be blank. */
interface PersonalizedFormValues extends PlanFormBase {
  totalNights: number | null;
  lines: LineFormValue[];
  inclusions: string[];
  exclusions: string[];
  isPublished: boolean;
}

const toForm = (tour?: PersonalizedTourDetail): PersonalizedFormValues => ({
  title: tour?.title ?? '',
  description: tour?.description ?? '',
  regions: tour?.regions.map((r) => r._id) ?? [],
  destinations: tour?.destinations.map((d) => d._id) ?? [],
  totalNights: tour?.totalNights ?? null,
  pointOfContact: tour?.pointOfContact?._id ?? null,
  days: tour?.days.map(dayFormValue) ?? [],
  lines: tour?.lines.map(answeredLineFormValue) ?? [],
  inclusions: tour?.inclusions ?? [],
  exclusions: tour?.exclusions ?? [],
  pricePerPerson: tour?.pricePerPerson ?? { adult: null, child: null, infant: null },
  isPublished: tour?.isPublished ?? false,
});

/** The values as `POST /personalized-tours` takes them (what the contract's schema then checks). */
const toSend = (v: PersonalizedFormValues) => ({ ...v, days: daysToSend(v.days), lines: linesToSend(v.lines), inclusions: textLinesToSend(v.inclusions), exclusions: textLinesToSend(v.exclusions) });

function Lines({ form, currency }: { form: UseFormReturn<PersonalizedFormValues>; currency: string }) {
  const { t } = useTranslation();
  const chooseVendors = useCanAny(TOUR_EDITORS);
  return (
    <LineEditor
      chooseVendors={chooseVendors}
      form={planForm(form)}
      currency={currency}
      errors={form.formState.errors.lines}
      party={() => PERSONALIZED_PARTY}
      defaultMarkup={0}
      texts={{ hint: t('personalizedTours.lines.hint'), fromDays: t('personalizedTours.lines.fromDays'), fromDaysHint: t('personalizedTours.lines.fromDaysHint') }}
    />
  );
}

/** What a personalized tour's form has beside every plan form's: nights, a published flag, priced lines, inclusions and exclusions. */
const personalizedForm: PlanFormKind<PersonalizedFormValues, PersonalizedTourDetail, CreatePersonalizedTourInput> = {
  id: 'personalized',
  module: 'personalizedTours',
  section: 'personalizedTours',
  toForm,
  resolver: planResolver<PersonalizedFormValues>(createPersonalizedTourInput, toSend, (v) => [
    ...(v.totalNights === null || v.totalNights === undefined ? ['totalNights'] : []),
    ...missingDestinations(v.days),
    ...missingLineNumbers(v.lines),
    ...missingPrices(v.pricePerPerson),
  ]),
  useOne: usePersonalizedTour,
  useCreate: useCreatePersonalizedTour,
  useUpdate: useUpdatePersonalizedTour,
  fields: (control) => <NightsField control={control} />,
  flags: (control) => <PublishedField control={control} />,
  afterDays: (form, currency) => <Lines form={form} currency={currency} />,
  afterPrices: (control) => <InclusionsFields control={control} />,
};

type Control = Parameters<NonNullable<typeof personalizedForm.flags>>[0];

function NightsField({ control }: { control: Control }) {
  const { t } = useTranslation();
  return <NumberField control={control} name="totalNights" label={t('tourPlan.totalNights')} min={0} max={365} />;
}

function PublishedField({ control }: { control: Control }) {
  const { t } = useTranslation();
  return <SwitchField control={control} name="isPublished" label={t('personalizedTours.isPublished')} />;
}

function InclusionsFields({ control }: { control: Control }) {
  const { t } = useTranslation();
  return (
    <section className="card form-grid" aria-label={`${t('personalizedTours.inclusions')}, ${t('personalizedTours.exclusions')}`}>
      <TextLinesField control={control} name="inclusions" label={t('personalizedTours.inclusions')} hint={t('personalizedTours.listHint')} />
      <TextLinesField control={control} name="exclusions" label={t('personalizedTours.exclusions')} hint={t('personalizedTours.listHint')} />
    </section>
  );
}

const pages = planFormPages(personalizedForm);
/** `/personalized-tours/new` */
export const NewPersonalizedTourPage = pages.NewPage;
/** `/personalized-tours/:id/edit` */
export const EditPersonalizedTourPage = pages.EditPage;

import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createGroupTourInput, type CreateGroupTourInput, type GroupTourDetail } from '../../../api/tours/group/contract';
import { useGroupTour } from '../../../api/tours/group/get-group-tours';
import { useCreateGroupTour, useUpdateGroupTour } from '../../../api/tours/group/save-group-tour';
import { nightsBetween } from '../../../api/tours/tour-plan';
import { DateField, NumberField, SwitchField } from '../../../ui/form-fields';
import { planFormPages, type PlanFormBase, type PlanFormKind } from '../shared/plan-form-page';
import { dayFormValue, daysToSend, missingDestinations, missingPrices } from '../shared/plan-model';
import { planResolver } from '../shared/plan-resolver';
import { SeatsBar } from './seats-bar';

interface GroupFormValues extends PlanFormBase {
  departure: string | null;
  arrival: string | null;
  capacity: number | null;
  minimumToRun: number | null;
  salesClosed: boolean;
}

const toForm = (tour?: GroupTourDetail): GroupFormValues => ({
  title: tour?.title ?? '',
  description: tour?.description ?? '',
  regions: tour?.regions.map((r) => r._id) ?? [],
  destinations: tour?.destinations.map((d) => d._id) ?? [],
  departure: tour?.departure ?? null,
  arrival: tour?.arrival ?? null,
  pointOfContact: tour?.pointOfContact?._id ?? null,
  // A departure's days are dated by their place from its departure (the form's, as it changes).
  days: tour?.days.map(({ date: _date, ...d }) => dayFormValue(d)) ?? [],
  pricePerPerson: tour?.pricePerPerson ?? { adult: null, child: null, infant: null },
  capacity: tour?.capacity ?? null,
  minimumToRun: tour?.minimumToRun ?? null,
  salesClosed: tour?.salesClosed ?? false,
});

/** Departure and arrival, the nights between them said under the arrival. */
function DatesFields({ control }: { control: Control<GroupFormValues> }) {
  const { t } = useTranslation();
  const [departure, arrival] = useWatch({ control, name: ['departure', 'arrival'] });
  const nights = departure && arrival && arrival >= departure ? nightsBetween(departure, arrival) : undefined;
  return (
    <>
      <DateField control={control} name="departure" label={t('groupTours.departure')} />
      <DateField control={control} name="arrival" label={t('groupTours.arrival')} hint={nights === undefined ? undefined : t('tourPlan.nights', { count: nights })} />
    </>
  );
}

/** The seats: capacity and minimum to run; an existing departure's seats taken and its sales. */
function SeatsSection({ control, tour }: { control: Control<GroupFormValues>; tour?: GroupTourDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby="group-seats-title">
      <h2 id="group-seats-title" style={{ margin: 0 }}>
        {t('groupTours.seats')}
      </h2>
      {tour && <SeatsBar tour={tour} withStatus />}
      <div className="form-grid">
        <NumberField control={control} name="capacity" label={t('groupTours.capacity')} min={1} max={1000} hint={t('groupTours.capacityHint')} />
        <NumberField control={control} name="minimumToRun" label={t('groupTours.minimumToRun')} min={1} max={1000} />
        {tour && <SwitchField control={control} name="salesClosed" label={t('groupTours.salesClosed')} />}
      </div>
    </section>
  );
}

/** What a departure's form has beside every plan form's: dates (its days dated from them), seats. */
const groupForm: PlanFormKind<GroupFormValues, GroupTourDetail, CreateGroupTourInput> = {
  id: 'group',
  module: 'groupTours',
  section: 'groupTours',
  toForm,
  resolver: planResolver<GroupFormValues>(
    createGroupTourInput,
    (v) => ({ ...v, days: daysToSend(v.days) }),
    (v) => [
      ...(['departure', 'arrival', 'capacity', 'minimumToRun'] as const).filter((k) => v[k] === null || v[k] === undefined),
      ...missingDestinations(v.days),
      ...missingPrices(v.pricePerPerson),
    ],
  ),
  useOne: useGroupTour,
  useCreate: useCreateGroupTour,
  useUpdate: useUpdateGroupTour,
  fields: (control) => <DatesFields control={control} />,
  beforeDays: (form: UseFormReturn<GroupFormValues>, tour) => <SeatsSection control={form.control} tour={tour} />,
  departure: (form) => form.watch('departure'),
};

const pages = planFormPages(groupForm);
/** `/group-tours/new` */
export const NewGroupTourPage = pages.NewPage;
/** `/group-tours/:id/edit` */
export const EditGroupTourPage = pages.EditPage;

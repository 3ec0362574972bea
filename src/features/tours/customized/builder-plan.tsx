import { todayIn } from '../../../domain/calendar';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CustomizedTourDetail } from '../../../api/tours/customized/contract';
import { useTourSettings } from '../../../api/tours/customized/get-customized-tours';
import { roomsFor } from '../../../domain/tour-costing';
import { DayEditor, type DayEditorProps } from '../shared/day-editor';
import { TOUR_EDITORS } from '../../../api/permissions';
import { useCanAny } from '../../../ui/auth';
import { LineEditor, type LineEditorProps } from '../shared/line-editor';
import { planForm, type DayFormValue } from '../shared/plan-model';
import { PricedLines } from '../shared/plan-view';
import { LiveCustomerView, LiveTotals } from './builder-parts';
import type { TourFormValues } from './tour-form-model';

/** The party a customized tour is costed for: its adults and children (infants share their rooms and seats). */
const partyOf = (form: UseFormReturn<TourFormValues>) => () => {
  const [adults, children] = form.getValues(['adults', 'children']);
  return { adults: adults ?? 0, children: children ?? 0 };
};

/** The day editor as the builder has it: dated days (from the departure), rooms for the party, the trip as long as its days. */
export function useBuilderDays(form: UseFormReturn<TourFormValues>, booked = false): Omit<DayEditorProps, 'form'> {
  const { t } = useTranslation();
  const { formState, getValues, setValue } = form;
  const changed = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  return {
    errors: formState.errors.days,
    firstDate: () => getValues('departure') || todayIn('UTC'),
    onAdded: ({ date }: DayFormValue) => {
      // The trip lasts at least as long as its days.
      const arrival = getValues('arrival');
      if (date && (!arrival || arrival < date)) setValue('arrival', date, changed);
      if (date && !getValues('departure')) setValue('departure', date, changed);
    },
    rooms: () => roomsFor(partyOf(form)()),
    keepLines: booked,
    hint: t('tours.days.hint'),
  };
}

/** The line editor as the builder has it: lines for the tour's party, a new line at the organization's default markup. */
export function useBuilderLines(form: UseFormReturn<TourFormValues>): Omit<LineEditorProps, 'form' | 'currency'> {
  const { t } = useTranslation();
  const settings = useTourSettings();
  return {
    errors: form.formState.errors.lines,
    party: partyOf(form),
    defaultMarkup: settings.data?.defaultMarkupBasisPoints ?? 0,
    texts: { hint: t('tours.lines.hint'), fromDays: t('tours.lines.fromDays'), fromDaysHint: t('tours.lines.fromDaysHint') },
  };
}

/**
 * The builder's plan: the day cards and the priced lines (a booked tour's read-only: its price
 * stays), and beside them the live totals and the customer view.
 */
export function BuilderPlan({ form, tour, booked, currency }: { form: UseFormReturn<TourFormValues>; tour?: CustomizedTourDetail; booked: boolean; currency: string }) {
  const { t } = useTranslation();
  const days = useBuilderDays(form, booked);
  const lines = useBuilderLines(form);
  const chooseVendors = useCanAny(TOUR_EDITORS);
  return (
    <div className="builder-layout">
      <div className="stack builder-staff" aria-label={t('tours.staffView')}>
        <DayEditor {...days} form={planForm(form)} />
        {booked && tour ? (
          <section className="card stack" aria-labelledby="tour-lines-title">
            <h2 id="tour-lines-title" style={{ margin: 0 }}>
              {t('tourPlan.lines.title')}
            </h2>
            <p className="muted" style={{ margin: 0 }}>
              {t('tours.lines.bookedHint')}
            </p>
            <PricedLines lines={tour.lines} currency={currency} label={t('tours.staffView')} testId="staff-lines" />
          </section>
        ) : (
          <LineEditor {...lines} chooseVendors={chooseVendors} form={planForm(form)} currency={currency} />
        )}
      </div>
      <aside className="stack builder-customer" aria-label={t('tours.customer.title')}>
        <LiveTotals control={form.control} currency={currency} />
        <LiveCustomerView control={form.control} currency={currency} />
      </aside>
    </div>
  );
}

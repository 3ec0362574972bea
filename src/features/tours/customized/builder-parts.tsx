import { useMemo } from 'react';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { activitiesResource } from '../../../api/catalogue/activities/get-activities';
import { destinationsResource } from '../../../api/catalogue/destinations/get-destinations';
import { hotelsResource } from '../../../api/catalogue/hotels/get-hotels';
import type { LeadDetail } from '../../../api/leads/contract';
import { livePrice, liveTotals } from '../../../domain/tour-pricing';
import { FramedField } from '../../../ui/form-fields';
import { useFormatters } from '../../../ui/format';
import { CustomerView, type Itinerary } from './customer-view';
import { TotalsCard } from './totals-card';
import { paxOf, withDeparture, type TourFormValues } from './tour-form-model';

/**
 * The builder's live parts: the customer view and the totals of the form as typed (the pricing
 * function the server stores with), the departure that moves the whole trip, the lead's enquiries.
 */

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
export function LiveCustomerView({ control, currency }: { control: Control<TourFormValues>; currency: string }) {
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

export function LiveTotals({ control, currency }: { control: Control<TourFormValues>; currency: string }) {
  const [lines, adults, children, infants] = useWatch({ control, name: ['lines', 'adults', 'children', 'infants'] });
  const { totals, tooLarge } = useMemo(() => liveTotals(lines ?? [], paxOf({ adults, children, infants })), [lines, adults, children, infants]);
  return <TotalsCard totals={totals} currency={currency} tooLarge={tooLarge} live />;
}

/** The departure: moving it moves the whole trip (days and arrival) with it. */
export function DepartureField({ control, form }: { control: Control<TourFormValues>; form: UseFormReturn<TourFormValues> }) {
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
export function useQueryOptions(lead: LeadDetail | undefined) {
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

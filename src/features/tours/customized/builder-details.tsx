import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import type { CustomizedTourDetail } from '../../../api/tours/customized/contract';
import type { LeadDetail } from '../../../api/leads/contract';
import { leadsResource } from '../../../api/leads/get-leads';
import { useCan } from '../../../ui/auth';
import { DestinationField, RegionField } from '../../../ui/catalogue-pickers';
import { FieldFrame, NumberField, SelectField, TextAreaField, TextField } from '../../../ui/form-fields';
import { LeadField } from '../../../ui/lead-picker';
import { useContactOptions } from '../../../ui/point-of-contact';
import { daysBetween } from '../../../domain/calendar';
import { DepartureField, useQueryOptions } from './builder-parts';
import type { TourFormValues } from './tour-form-model';

/** The lead a tour is for, as the builder knows it (given, or read). */
export function useTourLead(form: UseFormReturn<TourFormValues>, lead?: LeadDetail) {
  const can = useCan();
  const leadId = useWatch({ control: form.control, name: 'leadId' });
  return useQuery({ ...leadsResource.detailQueryOptions(leadId ?? ''), enabled: !!leadId && can('leads', 'view'), initialData: lead && lead._id === leadId ? lead : undefined });
}

/**
 * The tour's details: its lead and enquiry, title, dates (moving the departure moves the whole
 * trip), travellers, point of contact, places and notes. A booked tour keeps them as booked.
 */
export function BuilderDetails({ form, tour, booked, lead }: { form: UseFormReturn<TourFormValues>; tour?: CustomizedTourDetail; booked: boolean; lead?: LeadDetail }) {
  const { t } = useTranslation();
  const { control } = form;
  const contacts = useContactOptions(tour?.pointOfContact);
  const [regions, departure, arrival] = useWatch({ control, name: ['regions', 'departure', 'arrival'] });
  const queryOptions = useQueryOptions(useTourLead(form, lead).data);
  const nights = departure && arrival && arrival >= departure ? daysBetween(departure, arrival) : null;
  return (
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
  );
}

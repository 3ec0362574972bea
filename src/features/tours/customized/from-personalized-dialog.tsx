import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import { personalizedToursResource, usePersonalizedTours } from '../../../api/tours/personalized/get-personalized-tours';
import { planFromPersonalized } from '../../../domain/tour-costing';
import { confirmAction } from '../../../ui/confirm';
import { DROPDOWN_PT, FieldFrame } from '../../../ui/form-fields';
import { lineFormValue } from '../shared/plan-model';
import { dayFromFields, type TourFormValues } from './tour-form-model';

/**
 * "Start from a personalized tour" (customers know it as a package): its days and lines
 * (`GET /personalized-tours/id/{id}`) for this tour's departure and travellers
 * (src/domain/tour-costing.ts `planFromPersonalized`), replacing the days and lines the form holds
 * (asked first).
 */
export function FromPersonalizedDialog({ form, onClose }: { form: UseFormReturn<TourFormValues>; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const published = usePersonalizedTours({ isPublished: true, limit: 200, sortBy: 'title', sortOrder: 'asc' });
  const [tourId, setTourId] = useState<string | null>(null);
  const [departure, setDeparture] = useState(form.getValues('departure'));
  const [busy, setBusy] = useState(false);
  const options = (published.data?.data ?? []).map((p) => ({ value: p._id, label: `${p.title} · ${t('tourPlan.nights', { count: p.totalNights })}` }));

  const apply = async () => {
    if (!tourId || !departure) return;
    const current = form.getValues();
    if ((current.days.length || current.lines.length) && !(await confirmAction({ message: t('tours.fromPersonalized.replace'), header: t('tours.fromPersonalized.title'), acceptLabel: t('tours.fromPersonalized.apply') }))) return;
    setBusy(true);
    try {
      const personalized = await queryClient.fetchQuery(personalizedToursResource.detailQueryOptions(tourId));
      const plan = planFromPersonalized(personalized, departure, { adults: current.adults ?? 1, children: current.children ?? 0 });
      form.setValue('departure', departure, { shouldDirty: true });
      form.setValue('arrival', plan.arrival, { shouldDirty: true });
      form.setValue('regions', [...new Set([...current.regions, ...plan.regions])], { shouldDirty: true });
      form.setValue('destinations', [...new Set([...current.destinations, ...plan.destinations])], { shouldDirty: true });
      form.setValue('days', plan.days.map(dayFromFields), { shouldDirty: true });
      form.setValue('lines', plan.lines.map(lineFormValue), { shouldDirty: true });
      if (!current.title) form.setValue('title', personalized.title, { shouldDirty: true });
      toast.success(t('tours.fromPersonalized.applied', { title: personalized.title }));
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
          <Button type="button" icon="pi pi-check" label={t('tours.fromPersonalized.apply')} disabled={!tourId || !departure} loading={busy} onClick={() => void apply()} />
        </div>
      }
    >
      <div className="stack">
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.fromPersonalized.hint')}
        </p>
        <FieldFrame id="personalized-choice" label={t('tours.fromPersonalized.choice')}>
          <Dropdown
            inputId="personalized-choice"
            value={tourId}
            options={options}
            optionLabel="label"
            optionValue="value"
            filter
            pt={DROPDOWN_PT}
            loading={published.isFetching}
            placeholder={t('tours.fromPersonalized.choose')}
            emptyMessage={t('tours.fromPersonalized.none')}
            onChange={(e) => setTourId(e.value as string)}
          />
        </FieldFrame>
        <FieldFrame id="personalized-departure" label={t('tours.fields.departure')}>
          <InputText id="personalized-departure" type="date" value={departure} onChange={(e) => setDeparture(e.target.value)} />
        </FieldFrame>
      </div>
    </Dialog>
  );
}

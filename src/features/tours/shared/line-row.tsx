import { useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { activitiesResource } from '../../../api/catalogue/activities/get-activities';
import { hotelsResource } from '../../../api/catalogue/hotels/get-hotels';
import type { Party } from '../../../domain/tour-costing';
import { livePrice } from '../../../domain/tour-pricing';
import { useFormatters } from '../../../ui/format';
import { DayCell, ItemCell, KindCell, MarkupCell, MoneyInput, QuantityCell, useLineWords, LineMessage } from './line-cells';
import type { LineFormValue, PlanForm } from './plan-model';

/**
 * One priced line of the line editor: its cells (kind, day, what it is, how many, unit cost, markup)
 * and the unit and line prices the pricing function gives as it is typed. Choosing a hotel room or
 * an activity brings its catalogue rate in as the cost (staff change it as they like).
 */
export interface LineRowProps {
  index: number;
  form: PlanForm;
  currency: string;
  errors?: FieldErrors<LineFormValue>;
  /** The party an activity is costed for. */
  party: () => Party;
  onRemove: () => void;
  /** Offer the vendor picker (the member may read vendors). */
  chooseVendors?: boolean;
}

export function LineRow({ index, form, currency, errors, party, onRemove, chooseVendors }: LineRowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fmt = useFormatters({ currency });
  const { label, named } = useLineWords(index);
  const line = useWatch({ control: form.control, name: `lines.${index}` }) as LineFormValue | undefined;
  const days = useWatch({ control: form.control, name: 'days' }) ?? [];
  // Once the form was sent, a change checks the line again (its messages go as it is fixed).
  const { isSubmitted } = useFormState({ control: form.control });
  if (!line) return null;
  const number = index + 1;
  const priced = livePrice(line);
  const destinationId = line.dayNumber ? (days[line.dayNumber - 1]?.destinationId ?? null) : null;
  const current = () => form.getValues(`lines.${index}`)!;
  const set = (patch: Partial<LineFormValue>) => form.setValue(`lines.${index}`, { ...current(), ...patch }, { shouldDirty: true, shouldValidate: isSubmitted });
  const cell = { index, line, control: form.control, errors, set };

  /** A room chosen: its nightly rate is the cost (and names the line, if it has no name yet). */
  const chooseRoom = async (roomType: string | null) => {
    set({ roomType });
    if (!roomType || !line.hotelId) return;
    const hotel = await queryClient.fetchQuery(hotelsResource.detailQueryOptions(line.hotelId));
    const room = hotel.roomTypes.find((r) => r.name === roomType);
    if (room) set({ roomType, unitCost: room.nightlyRate, unit: 'per-room-night', description: current().description || `${hotel.name}, ${room.name}` });
  };
  /** An activity chosen: its price per person is the cost, for every traveller of the party but infants. */
  const chooseActivity = async (activityId: string | null) => {
    set({ activityId });
    if (!activityId) return;
    const activity = await queryClient.fetchQuery(activitiesResource.detailQueryOptions(activityId));
    const { adults, children } = party();
    set({ activityId, unitCost: activity.pricePerPerson, unit: 'per-person', quantity: Math.max(1, adults + children), description: current().description || activity.name });
  };

  return (
    <tr data-line={number} data-kind={line.kind}>
      <KindCell {...cell} costOf={() => current().unitCost} />
      <DayCell {...cell} dayCount={days.length} />
      <ItemCell {...cell} chooseVendors={chooseVendors} destinationId={destinationId} onRoom={(room) => void chooseRoom(room)} onActivity={(id) => void chooseActivity(id)} />
      <QuantityCell {...cell} />
      <td data-label={label('unitCost')}>
        <MoneyInput index={index} control={form.control} errors={errors} name="unitCost" ariaLabel={named('unitCost')} currency={currency} />
        <LineMessage errors={errors} field="unitCost" label={label('unitCost')} value={line.unitCost} />
      </td>
      <MarkupCell {...cell} currency={currency} />
      <td data-label={t('tourPlan.lines.unitPrice')} className="money" data-testid="unit-price">
        {priced ? fmt.money(priced.unitPrice) : '—'}
      </td>
      <td data-label={t('tourPlan.lines.lineSell')} className="money" data-testid="line-sell">
        {priced ? fmt.money(priced.lineSell) : '—'}
      </td>
      <td>
        <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('tourPlan.lines.remove', { number })} onClick={onRemove} />
      </td>
    </tr>
  );
}

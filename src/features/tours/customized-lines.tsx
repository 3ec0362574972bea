import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { activitiesResource } from '../../api/catalogue/activities/get-activities';
import { hotelsResource } from '../../api/catalogue/hotels/get-hotels';
import { LINE_KINDS, LINE_UNITS, MARKUP_TYPES } from '../../api/tours/tour-plan';
import { useTourSettings } from '../../api/tours/customized/get-customized-tours';
import { DROPDOWN_PT, fieldMessage } from '../../ui/form-fields';
import { useFormatters } from '../../ui/format';
import { BCP47, isLocale } from '../../ui/i18n';
import { currencyDigits, fromMinorUnits, toMinorUnits } from '../../ui/money-field';
import { RoomTypePicker } from './package-day-editor';
import { ActivityPicker, HotelPicker } from './package-pickers';
import { emptyLine } from './personalized-lines-editor';
import { costDays } from '../../domain/tour-costing';
import { livePrice, MAX_MARKUP_BASIS_POINTS } from '../../domain/tour-pricing';
import type { LineFormValue, TourFormValues } from './customized-plan';

/**
 * The builder's priced lines: a table (a card per line on a narrow screen) of kind, day,
 * description with its catalogue item, quantity and unit, unit cost, markup, and the unit and line
 * prices the pricing function gives as they are typed. Choosing a hotel room or an activity brings
 * its catalogue rate in as the cost; staff change it as they like. "Price the days" adds the
 * lines the days' hotels and activities call for.
 */

const toBasisPoints = (percent: number | null | undefined) => (percent === null || percent === undefined ? null : Math.round(percent * 100));

function LineRow({
  index,
  control,
  setValue,
  getValues,
  currency,
  errors,
  onRemove,
}: {
  index: number;
  control: Control<TourFormValues>;
  setValue: UseFormSetValue<TourFormValues>;
  getValues: UseFormGetValues<TourFormValues>;
  currency: string;
  errors?: FieldErrors<LineFormValue>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const fmt = useFormatters({ currency });
  const base = useId();
  const line = useWatch({ control, name: `lines.${index}` }) as LineFormValue | undefined;
  const days = useWatch({ control, name: 'days' }) ?? [];
  if (!line) return null;
  const number = index + 1;
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  const digits = currencyDigits(currency);
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  const named = (key: string) => t('tourPlan.lines.cell', { label: label(key), number });
  const priced = livePrice(line);
  const destinationId = line.dayNumber ? (days[line.dayNumber - 1]?.destinationId ?? null) : null;
  const set = (patch: Partial<LineFormValue>) => setValue(`lines.${index}`, { ...getValues(`lines.${index}`), ...patch }, { shouldDirty: true });
  const message = (key: keyof LineFormValue, text: string) => {
    const m = fieldMessage(text, errors?.[key]?.message as string | undefined);
    return m ? (
      <small className="field-error" role="alert">
        {m}
      </small>
    ) : null;
  };
  const dayOptions = [{ value: null as number | null, label: label('wholeTour') }, ...days.map((_, i) => ({ value: (i + 1) as number | null, label: t('tourPlan.days.day', { number: i + 1 }) }))];
  const money = (name: 'unitCost' | 'markup', ariaLabel: string) => (
    <Controller
      control={control}
      name={`lines.${index}.${name}`}
      render={({ field }) => (
        <InputNumber
          aria-label={ariaLabel}
          mode="currency"
          currency={currency}
          locale={locale}
          minFractionDigits={digits}
          maxFractionDigits={digits}
          min={0}
          value={fromMinorUnits(field.value, digits)}
          // onChange on every key (the totals follow the typing), onValueChange on leaving the field.
          onChange={(e) => field.onChange(toMinorUnits(e.value, digits))}
          onValueChange={(e) => field.onChange(toMinorUnits(e.value, digits))}
          invalid={!!errors?.[name]}
        />
      )}
    />
  );

  /** A room chosen: its nightly rate is the cost (and names the line, if it has no name yet). */
  const chooseRoom = async (roomType: string | null) => {
    set({ roomType });
    if (!roomType || !line.hotelId) return;
    const hotel = await queryClient.fetchQuery(hotelsResource.detailQueryOptions(line.hotelId));
    const room = hotel.roomTypes.find((r) => r.name === roomType);
    if (room) set({ roomType, unitCost: room.nightlyRate, unit: 'per-room-night', description: getValues(`lines.${index}.description`) || `${hotel.name}, ${room.name}` });
  };
  /** An activity chosen: its price per person is the cost, for every traveller but infants. */
  const chooseActivity = async (activityId: string | null) => {
    set({ activityId });
    if (!activityId) return;
    const activity = await queryClient.fetchQuery(activitiesResource.detailQueryOptions(activityId));
    const [adults, children] = getValues(['adults', 'children']);
    set({ activityId, unitCost: activity.pricePerPerson, unit: 'per-person', quantity: Math.max(1, (adults ?? 0) + (children ?? 0)), description: getValues(`lines.${index}.description`) || activity.name });
  };

  return (
    <tr data-line={number} data-kind={line.kind}>
      <td data-label={label('kind')}>
        <Controller
          control={control}
          name={`lines.${index}.kind`}
          render={({ field }) => (
            <Dropdown
              aria-label={named('kind')}
              value={field.value}
              options={LINE_KINDS.map((k) => ({ value: k, label: t(`tourPlan.lines.kinds.${k}`) }))}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => {
                // A discount is an amount off (no cost); a line keeps a catalogue item only of its own kind.
                const kind = e.value as LineFormValue['kind'];
                set({
                  kind,
                  ...(kind === 'discount' ? { unitCost: 0, markupType: 'amount' as const } : {}),
                  // A fee is what the agency charges: it costs nothing unless said.
                  ...(kind === 'fee' && getValues(`lines.${index}.unitCost`) === null ? { unitCost: 0 } : {}),
                  ...(kind !== 'hotels' ? { hotelId: null, roomType: null } : {}),
                  ...(kind !== 'activities' ? { activityId: null } : {}),
                });
              }}
            />
          )}
        />
        {message('kind', label('kind'))}
      </td>
      <td data-label={label('day')}>
        <Controller
          control={control}
          name={`lines.${index}.dayNumber`}
          render={({ field }) => (
            <Dropdown
              aria-label={named('day')}
              value={field.value}
              options={dayOptions}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => {
                field.onChange(e.value ?? null);
                // Another day may be another destination: its catalogue item is chosen again.
                set({ dayNumber: e.value ?? null, hotelId: null, roomType: null, activityId: null });
              }}
            />
          )}
        />
        {message('dayNumber', label('day'))}
      </td>
      <td data-label={label('description')} className="line-description">
        <Controller
          control={control}
          name={`lines.${index}.description`}
          render={({ field }) => <InputText aria-label={named('description')} value={field.value} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} invalid={!!errors?.description} />}
        />
        {message('description', label('description'))}
        {(line.kind === 'hotels' || line.kind === 'activities') &&
          (destinationId ? (
            <div className="line-item">
              {line.kind === 'hotels' ? (
                <>
                  <HotelPicker ariaLabel={t('tourPlan.lines.hotelOf', { number })} destinationId={destinationId} value={line.hotelId} onChange={(hotelId) => set({ hotelId, roomType: null })} />
                  {line.hotelId && (
                    <>
                      <label htmlFor={`${base}-room`} className="visually-hidden">
                        {t('tourPlan.lines.roomOf', { number })}
                      </label>
                      <RoomTypePicker inputId={`${base}-room`} hotelId={line.hotelId} value={line.roomType} onChange={(room) => void chooseRoom(room)} />
                    </>
                  )}
                </>
              ) : (
                <ActivityPicker ariaLabel={t('tourPlan.lines.activityOf', { number })} destinationId={destinationId} value={line.activityId} onChange={(id) => void chooseActivity(id)} placeholder={t('tourPlan.lines.chooseActivity')} />
              )}
            </div>
          ) : (
            <small className="muted">{t('tourPlan.lines.pickDay')}</small>
          ))}
        {message('hotelId', t('tourPlan.days.hotel'))}
        {message('roomType', t('tourPlan.days.roomType'))}
        {message('activityId', t('tourPlan.days.activities'))}
      </td>
      <td data-label={label('quantity')}>
        <Controller
          control={control}
          name={`lines.${index}.quantity`}
          render={({ field }) => (
            <InputNumber aria-label={named('quantity')} value={field.value} min={1} useGrouping={false} onChange={(e) => field.onChange(e.value ?? null)} onValueChange={(e) => field.onChange(e.value ?? null)} invalid={!!errors?.quantity} />
          )}
        />
        <Controller
          control={control}
          name={`lines.${index}.unit`}
          render={({ field }) => (
            <Dropdown
              aria-label={named('unit')}
              value={field.value}
              options={LINE_UNITS.map((u) => ({ value: u, label: t(`tourPlan.lines.units.${u}`) }))}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => field.onChange(e.value)}
            />
          )}
        />
        {message('quantity', label('quantity'))}
      </td>
      <td data-label={label('unitCost')}>
        {money('unitCost', named('unitCost'))}
        {message('unitCost', label('unitCost'))}
      </td>
      <td data-label={label('markupType')}>
        <Controller
          control={control}
          name={`lines.${index}.markupType`}
          render={({ field }) => (
            <Dropdown
              aria-label={t('tourPlan.lines.cell', { label: t('tourPlan.lines.markupKind'), number })}
              value={field.value}
              options={MARKUP_TYPES.map((m) => ({ value: m, label: t(`tourPlan.lines.markupTypes.${m}`) }))}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => set({ markupType: e.value, markup: 0 })}
            />
          )}
        />
        {line.markupType === 'percent' ? (
          <Controller
            control={control}
            name={`lines.${index}.markup`}
            render={({ field }) => (
              <InputNumber
                aria-label={named('markupPercent')}
                value={field.value === null ? null : field.value / 100}
                min={0}
                max={MAX_MARKUP_BASIS_POINTS / 100}
                minFractionDigits={0}
                maxFractionDigits={2}
                locale={locale}
                suffix=" %"
                onChange={(e) => field.onChange(toBasisPoints(e.value))}
                onValueChange={(e) => field.onChange(toBasisPoints(e.value))}
                invalid={!!errors?.markup}
              />
            )}
          />
        ) : (
          money('markup', named('markupAmount'))
        )}
        {message('markup', label('markupType'))}
        {message('markupType', label('markupType'))}
      </td>
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

export function TourLinesTable({
  control,
  getValues,
  setValue,
  currency,
  errors,
}: {
  control: Control<TourFormValues>;
  getValues: UseFormGetValues<TourFormValues>;
  setValue: UseFormSetValue<TourFormValues>;
  currency: string;
  errors?: FieldErrors<TourFormValues>['lines'];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useTourSettings();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const days = useWatch({ control, name: 'days' }) ?? [];
  const [pricing, setPricing] = useState(false);
  const defaultMarkup = settings.data?.defaultMarkupBasisPoints ?? 0;
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;

  /** The days' hotels and activities at their catalogue rates (cached by the pickers, else fetched). */
  const priceTheDays = async () => {
    setPricing(true);
    try {
      const plan = getValues('days');
      const hotelIds = [...new Set(plan.flatMap((d) => (d.hotelId ? [d.hotelId] : [])))];
      const activityIds = [...new Set(plan.flatMap((d) => d.activityIds))];
      const hotels = await Promise.all(hotelIds.map((id) => queryClient.fetchQuery(hotelsResource.detailQueryOptions(id))));
      const activities = await Promise.all(activityIds.map((id) => queryClient.fetchQuery(activitiesResource.detailQueryOptions(id))));
      const [adults, children] = getValues(['adults', 'children']);
      append(costDays(plan, new Map(hotels.map((h) => [h._id, h])), new Map(activities.map((a) => [a._id, a])), { adults: adults ?? 0, children: children ?? 0 }, getValues('lines'), defaultMarkup));
    } catch {
      /* the client toasted why */
    } finally {
      setPricing(false);
    }
  };

  const headers = [label('kind'), label('day'), label('description'), label('quantity'), label('unitCost'), label('markupType'), t('tourPlan.lines.unitPrice'), t('tourPlan.lines.lineSell')];
  return (
    <section className="card stack" aria-labelledby="tour-lines-title">
      <h2 id="tour-lines-title" style={{ margin: 0 }}>
        {label('title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('tours.lines.hint')}
      </p>
      {rootError && (
        <small className="field-error" role="alert">
          {fieldMessage(label('title'), rootError)}
        </small>
      )}
      {fields.length === 0 ? (
        <p className="muted">{label('empty')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={label('title')}>
          <table className="lines-table lines-editor stacked-table" data-testid="lines-editor">
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('tourPlan.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => (
                <LineRow
                  key={field.id}
                  index={index}
                  control={control}
                  setValue={setValue}
                  getValues={getValues}
                  currency={currency}
                  errors={(errors as FieldErrors<LineFormValue>[] | undefined)?.[index]}
                  onRemove={() => remove(index)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row">
        <Button type="button" outlined icon="pi pi-plus" label={label('add')} onClick={() => append({ ...emptyLine(), markup: defaultMarkup })} />
        <Button type="button" outlined icon="pi pi-calculator" label={t('tours.lines.fromDays')} title={t('tours.lines.fromDaysHint')} loading={pricing} disabled={days.length === 0} onClick={() => void priceTheDays()} />
      </div>
    </section>
  );
}

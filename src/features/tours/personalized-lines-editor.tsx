import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormGetValues } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { activitiesResource } from '../../api/catalogue/activities/get-activities';
import { hotelsResource } from '../../api/catalogue/hotels/get-hotels';
import type { PersonalizedTourLine } from '../../api/tours/personalized/contract';
import { LINE_KINDS, LINE_UNITS, MARKUP_TYPES, type LineKind, type LineUnit, type MarkupType } from '../../api/tours/tour-plan';
import { MAX_MARKUP_BASIS_POINTS } from '../../domain/tour-pricing';
import { DROPDOWN_PT, fieldMessage } from '../../ui/form-fields';
import { currencyDigits, fromMinorUnits, toMinorUnits } from '../../ui/money-field';
import { BCP47, isLocale } from '../../ui/i18n';
import { costDays, PERSONALIZED_PARTY } from '../../domain/tour-costing';
import type { DayFormValue } from './package-day-editor';

/**
 * A package's priced lines, in the customized tour's shape: kind, day, description, catalogue item,
 * quantity and unit, unit cost, markup (percent or an amount per unit). "Cost the days" brings the
 * catalogue's rates in for the plan's hotel stays and activities; staff change them as they like.
 */

export interface LineFormValue {
  kind: LineKind;
  dayNumber: number | null;
  description: string;
  hotelId: string | null;
  roomType: string | null;
  activityId: string | null;
  vendorId: string | null;
  quantity: number | null;
  unit: LineUnit;
  unitCost: number | null;
  markupType: MarkupType;
  /** Basis points for a percent markup, minor units for an amount. */
  markup: number | null;
}

export interface LinesFormValues {
  days: DayFormValue[];
  lines: LineFormValue[];
}

export const emptyLine = (): LineFormValue => ({
  kind: 'others',
  dayNumber: null,
  description: '',
  hotelId: null,
  roomType: null,
  activityId: null,
  vendorId: null,
  quantity: 1,
  unit: 'per-unit',
  unitCost: null,
  markupType: 'percent',
  markup: 0,
});

/** A stored line as the form holds it. */
export const lineFormValue = (l: PersonalizedTourLine): LineFormValue => ({
  kind: l.kind,
  dayNumber: l.dayNumber,
  description: l.description,
  hotelId: l.hotel?._id ?? null,
  roomType: l.roomType,
  activityId: l.activity?._id ?? null,
  vendorId: l.vendor?._id ?? null,
  quantity: l.quantity,
  unit: l.unit,
  unitCost: l.unitCost,
  markupType: l.markupType,
  markup: l.markup,
});

/** A percent markup is typed as percent (15.5) and kept in basis points (1550). */
const toBasisPoints = (percent: number | null | undefined) => (percent === null || percent === undefined ? null : Math.round(percent * 100));

function LineRow({ index, control, currency, dayCount, errors, onRemove }: { index: number; control: Control<LinesFormValues>; currency: string; dayCount: number; errors?: FieldErrors<LineFormValue>; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const base = useId();
  const line = useWatch({ control, name: `lines.${index}` }) as LineFormValue | undefined;
  if (!line) return null;
  const number = index + 1;
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  const digits = currencyDigits(currency);
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  const message = (key: keyof LineFormValue, text: string) => {
    const m = fieldMessage(text, errors?.[key]?.message as string | undefined);
    return m ? (
      <small className="field-error" role="alert">
        {m}
      </small>
    ) : null;
  };
  const dayOptions = [{ value: null as number | null, label: label('wholeTour') }, ...Array.from({ length: dayCount }, (_, i) => ({ value: i + 1 as number | null, label: t('tourPlan.days.day', { number: i + 1 }) }))];
  const money = (name: 'unitCost' | 'markup', id: string) => (
    <Controller
      control={control}
      name={`lines.${index}.${name}`}
      render={({ field }) => (
        <InputNumber
          inputId={id}
          mode="currency"
          currency={currency}
          locale={locale}
          minFractionDigits={digits}
          maxFractionDigits={digits}
          min={0}
          value={fromMinorUnits(field.value, digits)}
          onValueChange={(e) => field.onChange(toMinorUnits(e.value, digits))}
          invalid={!!errors?.[name]}
        />
      )}
    />
  );

  return (
    <li className="line-row" aria-label={t('tourPlan.lines.line', { number })} data-line={number}>
      <div className="field">
        <label htmlFor={`${base}-kind`}>{label('kind')}</label>
        <Controller
          control={control}
          name={`lines.${index}.kind`}
          render={({ field }) => (
            <Dropdown inputId={`${base}-kind`} value={field.value} options={LINE_KINDS.map((k) => ({ value: k, label: t(`tourPlan.lines.kinds.${k}`) }))} optionLabel="label" optionValue="value" pt={DROPDOWN_PT} onChange={(e) => field.onChange(e.value)} />
          )}
        />
      </div>
      <div className="field">
        <label htmlFor={`${base}-day`}>{label('day')}</label>
        <Controller
          control={control}
          name={`lines.${index}.dayNumber`}
          render={({ field }) => <Dropdown inputId={`${base}-day`} value={field.value} options={dayOptions} optionLabel="label" optionValue="value" pt={DROPDOWN_PT} onChange={(e) => field.onChange(e.value ?? null)} />}
        />
        {message('dayNumber', label('day'))}
      </div>
      <div className="field line-row__wide">
        <label htmlFor={`${base}-description`}>{label('description')}</label>
        <Controller control={control} name={`lines.${index}.description`} render={({ field }) => <InputText id={`${base}-description`} value={field.value} onChange={(e) => field.onChange(e.target.value)} invalid={!!errors?.description} />} />
        {message('description', label('description'))}
      </div>
      <div className="field">
        <label htmlFor={`${base}-quantity`}>{label('quantity')}</label>
        <Controller
          control={control}
          name={`lines.${index}.quantity`}
          render={({ field }) => <InputNumber inputId={`${base}-quantity`} value={field.value} min={1} useGrouping={false} onValueChange={(e) => field.onChange(e.value ?? null)} invalid={!!errors?.quantity} />}
        />
        {message('quantity', label('quantity'))}
      </div>
      <div className="field">
        <label htmlFor={`${base}-unit`}>{label('unit')}</label>
        <Controller
          control={control}
          name={`lines.${index}.unit`}
          render={({ field }) => (
            <Dropdown inputId={`${base}-unit`} value={field.value} options={LINE_UNITS.map((u) => ({ value: u, label: t(`tourPlan.lines.units.${u}`) }))} optionLabel="label" optionValue="value" pt={DROPDOWN_PT} onChange={(e) => field.onChange(e.value)} />
          )}
        />
      </div>
      <div className="field">
        <label htmlFor={`${base}-cost`}>{label('unitCost')}</label>
        {money('unitCost', `${base}-cost`)}
        {message('unitCost', label('unitCost'))}
      </div>
      <div className="field">
        <label htmlFor={`${base}-markup-type`}>{label('markupType')}</label>
        <Controller
          control={control}
          name={`lines.${index}.markupType`}
          render={({ field }) => (
            <Dropdown inputId={`${base}-markup-type`} value={field.value} options={MARKUP_TYPES.map((m) => ({ value: m, label: t(`tourPlan.lines.markupTypes.${m}`) }))} optionLabel="label" optionValue="value" pt={DROPDOWN_PT} onChange={(e) => field.onChange(e.value)} />
          )}
        />
      </div>
      <div className="field">
        <label htmlFor={`${base}-markup`}>{line.markupType === 'percent' ? label('markupPercent') : label('markupAmount')}</label>
        {line.markupType === 'percent' ? (
          <Controller
            control={control}
            name={`lines.${index}.markup`}
            render={({ field }) => (
              <InputNumber
                inputId={`${base}-markup`}
                value={field.value === null ? null : field.value / 100}
                min={0}
                max={MAX_MARKUP_BASIS_POINTS / 100}
                minFractionDigits={0}
                maxFractionDigits={2}
                locale={locale}
                suffix=" %"
                onValueChange={(e) => field.onChange(toBasisPoints(e.value))}
                invalid={!!errors?.markup}
              />
            )}
          />
        ) : (
          money('markup', `${base}-markup`)
        )}
        {message('markup', label('markupType'))}
      </div>
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('tourPlan.lines.remove', { number })} onClick={onRemove} />
      </div>
    </li>
  );
}

export function PackageLinesEditor({ control, getValues, currency, errors }: { control: Control<LinesFormValues>; getValues: UseFormGetValues<LinesFormValues>; currency: string; errors?: FieldErrors<LinesFormValues>['lines'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const days = useWatch({ control, name: 'days' }) ?? [];
  const [costing, setCosting] = useState(false);

  /** The plan's hotels and activities with their catalogue rates (cached by the pickers, else fetched). */
  const costTheDays = async () => {
    setCosting(true);
    try {
      const plan = getValues('days');
      const hotelIds = [...new Set(plan.flatMap((d) => (d.hotelId ? [d.hotelId] : [])))];
      const activityIds = [...new Set(plan.flatMap((d) => d.activityIds))];
      const hotels = await Promise.all(hotelIds.map((id) => queryClient.fetchQuery(hotelsResource.detailQueryOptions(id))));
      const activities = await Promise.all(activityIds.map((id) => queryClient.fetchQuery(activitiesResource.detailQueryOptions(id))));
      append(costDays(plan, new Map(hotels.map((h) => [h._id, h])), new Map(activities.map((a) => [a._id, a])), PERSONALIZED_PARTY, getValues('lines'), 0));
    } catch {
      /* the client toasted why */
    } finally {
      setCosting(false);
    }
  };

  return (
    <section className="stack" aria-labelledby="package-lines-title">
      <div className="row">
        <h2 id="package-lines-title" style={{ margin: 0 }}>
          {t('tourPlan.lines.title')}
        </h2>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('personalizedTours.lines.hint')}
      </p>
      {fields.length === 0 ? (
        <p className="muted">{t('tourPlan.lines.empty')}</p>
      ) : (
        <ol className="line-list">
          {fields.map((field, index) => (
            <LineRow key={field.id} index={index} control={control} currency={currency} dayCount={days.length} errors={(errors as FieldErrors<LineFormValue>[] | undefined)?.[index]} onRemove={() => remove(index)} />
          ))}
        </ol>
      )}
      <div className="row">
        <Button type="button" outlined icon="pi pi-plus" label={t('tourPlan.lines.add')} onClick={() => append(emptyLine())} />
        <Button type="button" outlined icon="pi pi-calculator" label={t('personalizedTours.lines.fromDays')} title={t('personalizedTours.lines.fromDaysHint')} loading={costing} disabled={days.length === 0} onClick={() => void costTheDays()} />
      </div>
    </section>
  );
}

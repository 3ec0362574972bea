import { useId } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { issueMessage } from '../../../api/client';
import { LINE_KINDS, LINE_UNITS, MARKUP_TYPES, NEGATIVE_LINE_ISSUE } from '../../../api/tours/tour-plan';
import { VENDOR_SERVICES, type VendorService } from '../../../api/vendors/contract';
import { DISCOUNT_KIND } from '../../../domain/tour-pricing';
import { MAX_MARKUP_BASIS_POINTS } from '../../../domain/tour-pricing';
import { DROPDOWN_PT, fieldMessage } from '../../../ui/form-fields';
import { signedNumberLocale } from '../../../ui/i18n';
import { currencyDigits, fromMinorUnits } from '../../../domain/money';
import { typedMinorUnits } from '../../../ui/money-field';
import { RoomTypePicker } from './day-fields';
import { ActivityPicker, HotelPicker, VendorPicker } from './pickers';
import type { LineFormValue, PlanFormValues } from './plan-model';

/**
 * The cells of a priced line in the line editor, each named for a screen reader by its column and
 * line ("Unit cost, line 2"). Numbers are taken on every key, so the prices follow the typing.
 */

export interface CellProps {
  index: number;
  line: LineFormValue;
  control: Control<PlanFormValues>;
  errors?: FieldErrors<LineFormValue>;
  set: (patch: Partial<LineFormValue>) => void;
}

/** The column's words, and the cell's name: "{column}, line {n}". */
export function useLineWords(index: number) {
  const { t } = useTranslation();
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  return { t, label, named: (key: string) => t('tourPlan.lines.cell', { label: label(key), number: index + 1 }) };
}

/**
 * A field's message under it, if it has one. A number typed below zero is told at once what the
 * server would say (an amount off is a line of the kind Discount), before anything is sent.
 */
export function LineMessage({ errors, field, label, value }: { errors?: FieldErrors<LineFormValue>; field: keyof LineFormValue; label: string; value?: number | null }) {
  const negative = typeof value === 'number' && value < 0 ? issueMessage(NEGATIVE_LINE_ISSUE) : undefined;
  const m = fieldMessage(label, (errors?.[field]?.message as string | undefined) ?? negative);
  return m ? (
    <small className="field-error" role="alert">
      {m}
    </small>
  ) : null;
}

/** A line's amounts take a minus (to be refused with its reason): see signedNumberLocale. */
function useLocale() {
  const { i18n } = useTranslation();
  return signedNumberLocale(i18n.language);
}

/**
 * Money in the tour's currency, typed in major units and kept in minor units. A minus typed is kept
 * (and refused with its reason) rather than dropped, which would turn "-30" into 30 more; on a
 * discount's amount, where the line already takes it off, a minus means nothing and is not taken.
 */
export function MoneyInput({ index, control, errors, name, ariaLabel, currency, unsigned }: Pick<CellProps, 'index' | 'control' | 'errors'> & { name: 'unitCost' | 'markup'; ariaLabel: string; currency: string; unsigned?: boolean }) {
  const locale = useLocale();
  const digits = currencyDigits(currency);
  return (
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
          min={unsigned ? 0 : undefined}
          value={fromMinorUnits(field.value, digits)}
          // onChange on every key (the prices follow the typing), onValueChange on leaving the field.
          // A minus alone is not a number yet: the field waits for its digits (null would wipe the minus).
          onChange={(e) => (typeof e.value === 'number' || e.value === null ? field.onChange(typedMinorUnits(e.value, digits)) : undefined)}
          onValueChange={(e) => field.onChange(typedMinorUnits(e.value, digits))}
          invalid={!!errors?.[name] || (field.value ?? 0) < 0}
        />
      )}
    />
  );
}

/** A percent markup is typed as percent (15.5) and kept in basis points (1550). */
const toBasisPoints = (percent: number | null | undefined) => (percent === null || percent === undefined ? null : Math.round(percent * 100));

function PercentInput({ index, control, errors, ariaLabel }: Pick<CellProps, 'index' | 'control' | 'errors'> & { ariaLabel: string }) {
  const locale = useLocale();
  return (
    <Controller
      control={control}
      name={`lines.${index}.markup`}
      render={({ field }) => (
        <InputNumber
          aria-label={ariaLabel}
          value={field.value === null || field.value === undefined ? null : field.value / 100}
          max={MAX_MARKUP_BASIS_POINTS / 100}
          minFractionDigits={0}
          maxFractionDigits={2}
          locale={locale}
          suffix=" %"
          onChange={(e) => (typeof e.value === 'number' || e.value === null ? field.onChange(toBasisPoints(e.value)) : undefined)}
          onValueChange={(e) => field.onChange(toBasisPoints(e.value))}
          invalid={!!errors?.markup || (field.value ?? 0) < 0}
        />
      )}
    />
  );
}

/**
 * The line's kind: a discount is an amount off (no cost), starting at 0 (a markup kept would become
 * an amount off, and an amount off kept a markup); a line keeps a catalogue item only of its own kind.
 */
export function KindCell({ index, line, errors, set, costOf }: CellProps & { costOf: () => number | null }) {
  const { t, label, named } = useLineWords(index);
  return (
    <td data-label={label('kind')}>
      <Dropdown
        aria-label={named('kind')}
        value={line.kind}
        options={LINE_KINDS.map((k) => ({ value: k, label: t(`tourPlan.lines.kinds.${k}`) }))}
        optionLabel="label"
        optionValue="value"
        pt={DROPDOWN_PT}
        onChange={(e) => {
          const kind = e.value as LineFormValue['kind'];
          set({
            kind,
            ...(kind === DISCOUNT_KIND ? { unitCost: 0, markupType: 'amount' as const } : {}),
            ...((kind === DISCOUNT_KIND) !== (line.kind === DISCOUNT_KIND) ? { markup: 0 } : {}),
            // A fee is what the agency charges: it costs nothing unless said.
            ...(kind === 'fee' && costOf() === null ? { unitCost: 0 } : {}),
            ...(kind !== 'hotels' ? { hotelId: null, roomType: null } : {}),
            ...(kind !== 'activities' ? { activityId: null } : {}),
            // Another service: the vendor offered the old one (the picker offers those of the new one).
            ...(kind !== line.kind ? { vendorId: null } : {}),
          });
        }}
      />
      <LineMessage errors={errors} field="kind" label={label('kind')} />
    </td>
  );
}

/** The day the line belongs to, or the whole tour. Another day may be another destination: its catalogue item is chosen again. */
export function DayCell({ index, line, errors, set, dayCount }: CellProps & { dayCount: number }) {
  const { t, label, named } = useLineWords(index);
  const options = [{ value: null as number | null, label: label('wholeTour') }, ...Array.from({ length: dayCount }, (_, i) => ({ value: (i + 1) as number | null, label: t('tourPlan.days.day', { number: i + 1 }) }))];
  return (
    <td data-label={label('day')}>
      <Dropdown
        aria-label={named('day')}
        value={line.dayNumber}
        options={options}
        optionLabel="label"
        optionValue="value"
        pt={DROPDOWN_PT}
        onChange={(e) => set({ dayNumber: e.value ?? null, hotelId: null, roomType: null, activityId: null })}
      />
      <LineMessage errors={errors} field="dayNumber" label={label('day')} />
    </td>
  );
}

/** What the line is: its description, and a hotel room or an activity of its day's destination. */
export function ItemCell({ index, line, control, errors, set, destinationId, onRoom, onActivity, chooseVendors }: CellProps & { destinationId: string | null; onRoom: (room: string | null) => void; onActivity: (id: string | null) => void; chooseVendors?: boolean }) {
  const { t, label, named } = useLineWords(index);
  const roomId = useId();
  const vendorId = useId();
  const service = (VENDOR_SERVICES as readonly string[]).includes(line.kind) ? (line.kind as VendorService) : null;
  const number = index + 1;
  return (
    <td data-label={label('description')} className="line-description">
      <Controller
        control={control}
        name={`lines.${index}.description`}
        render={({ field }) => <InputText aria-label={named('description')} value={field.value} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} invalid={!!errors?.description} />}
      />
      <LineMessage errors={errors} field="description" label={label('description')} />
      {(line.kind === 'hotels' || line.kind === 'activities') &&
        (destinationId ? (
          <div className="line-item">
            {line.kind === 'hotels' ? (
              <>
                <HotelPicker ariaLabel={t('tourPlan.lines.hotelOf', { number })} destinationId={destinationId} value={line.hotelId} onChange={(hotelId) => set({ hotelId, roomType: null })} />
                {line.hotelId && (
                  <>
                    <label htmlFor={roomId} className="visually-hidden">
                      {t('tourPlan.lines.roomOf', { number })}
                    </label>
                    <RoomTypePicker inputId={roomId} hotelId={line.hotelId} value={line.roomType} onChange={onRoom} />
                  </>
                )}
              </>
            ) : (
              <ActivityPicker ariaLabel={t('tourPlan.lines.activityOf', { number })} destinationId={destinationId} value={line.activityId} onChange={onActivity} placeholder={t('tourPlan.lines.chooseActivity')} />
            )}
          </div>
        ) : (
          <small className="muted">{t('tourPlan.lines.pickDay')}</small>
        ))}
      {chooseVendors && service && (
        <div className="line-vendor">
          <label htmlFor={vendorId} className="line-vendor-label">
            {t('tourPlan.lines.vendor')}
          </label>
          <VendorPicker inputId={vendorId} ariaLabel={t('tourPlan.lines.vendorOf', { number })} service={service} value={line.vendorId} onChange={(id) => set({ vendorId: id })} invalid={!!errors?.vendorId} />
          <LineMessage errors={errors} field="vendorId" label={t('tourPlan.lines.vendor')} />
        </div>
      )}
      <LineMessage errors={errors} field="hotelId" label={t('tourPlan.days.hotel')} />
      <LineMessage errors={errors} field="roomType" label={t('tourPlan.days.roomType')} />
      <LineMessage errors={errors} field="activityId" label={t('tourPlan.days.activities')} />
    </td>
  );
}

/** How many of what: the quantity and its unit (persons, room-nights, units). */
export function QuantityCell({ index, control, errors }: CellProps) {
  const { t, label, named } = useLineWords(index);
  return (
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
      <LineMessage errors={errors} field="quantity" label={label('quantity')} />
    </td>
  );
}

/** The markup: a percentage of the unit cost, or an amount per unit (changing the kind starts it again at 0). */
export function MarkupCell({ index, line, control, errors, set, currency }: CellProps & { currency: string }) {
  const { t, label, named } = useLineWords(index);
  return (
    <td data-label={label('markupType')}>
      <Dropdown
        aria-label={t('tourPlan.lines.cell', { label: t('tourPlan.lines.markupKind'), number: index + 1 })}
        value={line.markupType}
        options={MARKUP_TYPES.map((m) => ({ value: m, label: t(`tourPlan.lines.markupTypes.${m}`) }))}
        optionLabel="label"
        optionValue="value"
        pt={DROPDOWN_PT}
        onChange={(e) => set({ markupType: e.value, markup: 0 })}
      />
      {line.markupType === 'percent' ? (
        <PercentInput index={index} control={control} errors={errors} ariaLabel={named('markupPercent')} />
      ) : (
        <MoneyInput index={index} control={control} errors={errors} name="markup" ariaLabel={named('markupAmount')} currency={currency} unsigned={line.kind === DISCOUNT_KIND} />
      )}
      <LineMessage errors={errors} field="markup" label={label('markupType')} value={line.markup} />
      <LineMessage errors={errors} field="markupType" label={label('markupType')} />
    </td>
  );
}

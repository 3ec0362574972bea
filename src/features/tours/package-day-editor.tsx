import { useEffect, useId, useRef } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type UseFormGetValues, type UseFormSetValue, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MEALS, dateOfDay, type Meal } from '../../api/tours/tour-plan';
import { DestinationPicker } from '../../ui/catalogue-pickers';
import { DROPDOWN_PT, fieldMessage } from '../../ui/form-fields';
import { useFormatters } from '../../ui/format';
import { ActivitiesPicker, HotelPicker, useHotel } from './package-pickers';

/**
 * The day-by-day plan of a package or a departure: day cards in order, each with its destination,
 * hotel and room type, activities (both offered within the day's destination), transfers, meals and
 * notes. Days are numbered by their place (day 1 is the departure day); they are added, removed and
 * moved by buttons, so the keyboard does all of it.
 */

/** A day as the form holds it: ids, and text that may be blank. */
export interface DayFormValue {
  dayNumber: number;
  destinationId: string | null;
  hotelId: string | null;
  roomType: string | null;
  activityIds: string[];
  transfers: string;
  meals: Meal[];
  notes: string;
}

/** What the editor needs of the form it sits in. */
export interface PlanFormValues {
  regions: string[];
  destinations: string[];
  days: DayFormValue[];
}

/** A new day after `previous`: the same place and stay, since a plan usually stays put a few nights. */
export function nextDay(dayNumber: number, previous?: DayFormValue): DayFormValue {
  return {
    dayNumber,
    destinationId: previous?.destinationId ?? null,
    hotelId: previous?.hotelId ?? null,
    roomType: previous?.roomType ?? null,
    activityIds: [],
    transfers: '',
    meals: previous?.meals ?? ['breakfast'],
    notes: '',
  };
}

/**
 * A day moved to another destination: its hotel, room and activities belonged to the old one, so
 * they go; the tour's destinations gain the new one (a day is always in one of them).
 */
export function withDestination(day: DayFormValue, destinationId: string | null, tourDestinations: string[]): { day: DayFormValue; destinations: string[] } {
  const same = day.destinationId === destinationId;
  return {
    day: same ? day : { ...day, destinationId, hotelId: null, roomType: null, activityIds: [] },
    destinations: destinationId && !tourDestinations.includes(destinationId) ? [...tourDestinations, destinationId] : tourDestinations,
  };
}

export function MealChoices({ value, onChange, legend }: { value: Meal[]; onChange: (meals: Meal[]) => void; legend: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="meal-choices">
      <legend>{legend}</legend>
      {MEALS.map((meal) => (
        <span key={meal} className="meal-choice">
          <input
            id={`${id}-${meal}`}
            type="checkbox"
            checked={value.includes(meal)}
            onChange={(e) => onChange(e.target.checked ? MEALS.filter((m) => m === meal || value.includes(m)) : value.filter((m) => m !== meal))}
          />
          <label htmlFor={`${id}-${meal}`}>{t(`tourPlan.meals.${meal}`)}</label>
        </span>
      ))}
    </fieldset>
  );
}

export function RoomTypePicker({ hotelId, value, onChange, inputId }: { hotelId: string | null; value: string | null; onChange: (room: string | null) => void; inputId: string }) {
  const { t } = useTranslation();
  const hotel = useHotel(hotelId);
  const options = (hotel.data?.roomTypes ?? []).map((r) => ({ value: r.name, label: r.name }));
  if (value && !options.some((o) => o.value.toLowerCase() === value.toLowerCase())) options.unshift({ value, label: value });
  return (
    <Dropdown
      inputId={inputId}
      value={value}
      options={options}
      optionLabel="label"
      optionValue="value"
      disabled={!hotelId}
      showClear={!!value}
      placeholder={t('tourPlan.days.chooseRoom')}
      pt={DROPDOWN_PT}
      loading={hotel.isFetching}
      onChange={(e) => onChange((e.value as string | undefined) ?? null)}
    />
  );
}

/** A field's message under it (the contract's words after the field's label). */
function Message({ text, id }: { text?: string; id?: string }) {
  return text ? (
    <small className="field-error" role="alert" id={id}>
      {text}
    </small>
  ) : null;
}

interface DayCardProps {
  index: number;
  count: number;
  fieldId: string;
  control: Control<PlanFormValues>;
  getValues: UseFormGetValues<PlanFormValues>;
  setValue: UseFormSetValue<PlanFormValues>;
  errors?: FieldErrors<DayFormValue>;
  date?: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function DayCard({ index, count, fieldId, control, getValues, setValue, errors, date, onMove, onRemove }: DayCardProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const base = useId();
  const regions = useWatch({ control, name: 'regions' });
  const day = useWatch({ control, name: `days.${index}` }) as DayFormValue | undefined;
  if (!day) return null;
  const number = index + 1;
  const heading = date ? t('tourPlan.days.dayOn', { number, date: fmt.date(date) }) : t('tourPlan.days.day', { number });
  const error = (key: keyof DayFormValue, label: string) => fieldMessage(label, errors?.[key]?.message as string | undefined);
  const ids = { destination: `${base}-destination`, hotel: `${base}-hotel`, room: `${base}-room`, activities: `${base}-activities`, transfers: `${base}-transfers`, notes: `${base}-notes` };
  const setDestination = (destinationId: string | null) => {
    const next = withDestination(getValues(`days.${index}`), destinationId, getValues('destinations') ?? []);
    setValue(`days.${index}`, next.day, { shouldDirty: true });
    setValue('destinations', next.destinations, { shouldDirty: true });
  };
  return (
    <li className="card day-card" aria-labelledby={`${base}-title`} data-day={number}>
      <div className="day-card__head">
        <h3 id={`${base}-title`}>{heading}</h3>
        <span className="grow" />
        <Button
          id={`${fieldId}-up`}
          type="button"
          text
          rounded
          icon="pi pi-arrow-up"
          aria-label={t('tourPlan.days.moveUp', { number })}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <Button
          id={`${fieldId}-down`}
          type="button"
          text
          rounded
          icon="pi pi-arrow-down"
          aria-label={t('tourPlan.days.moveDown', { number })}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
        <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('tourPlan.days.remove', { number })} onClick={() => onRemove(index)} />
      </div>
      <Message text={fieldMessage(heading, errors?.dayNumber?.message as string | undefined)} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.destination}>{t('tourPlan.days.destination')}</label>
          <DestinationPicker
            inputId={ids.destination}
            regions={regions}
            value={day.destinationId}
            invalid={!!errors?.destinationId}
            ariaDescribedBy={errors?.destinationId ? `${ids.destination}-error` : undefined}
            onChange={setDestination}
          />
          <Message id={`${ids.destination}-error`} text={error('destinationId', t('tourPlan.days.destination'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.hotel}>{t('tourPlan.days.hotel')}</label>
          {day.destinationId ? (
            <HotelPicker
              inputId={ids.hotel}
              destinationId={day.destinationId}
              value={day.hotelId}
              invalid={!!errors?.hotelId}
              onChange={(hotelId) => {
                setValue(`days.${index}.hotelId`, hotelId, { shouldDirty: true });
                setValue(`days.${index}.roomType`, null, { shouldDirty: true });
              }}
            />
          ) : (
            <InputText id={ids.hotel} disabled value="" placeholder={t('tourPlan.days.pickDestinationFirst')} />
          )}
          <Message text={error('hotelId', t('tourPlan.days.hotel'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.room}>{t('tourPlan.days.roomType')}</label>
          <Controller
            control={control}
            name={`days.${index}.roomType`}
            render={({ field }) => <RoomTypePicker inputId={ids.room} hotelId={day.hotelId} value={field.value} onChange={field.onChange} />}
          />
          <Message text={error('roomType', t('tourPlan.days.roomType'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.activities}>{t('tourPlan.days.activities')}</label>
          {day.destinationId ? (
            <Controller
              control={control}
              name={`days.${index}.activityIds`}
              render={({ field }) => <ActivitiesPicker inputId={ids.activities} destinationId={day.destinationId!} value={field.value ?? []} onChange={field.onChange} invalid={!!errors?.activityIds} />}
            />
          ) : (
            <InputText id={ids.activities} disabled value="" placeholder={t('tourPlan.days.pickDestinationFirst')} />
          )}
          <Message text={error('activityIds', t('tourPlan.days.activities'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.transfers}>{t('tourPlan.days.transfers')}</label>
          <Controller control={control} name={`days.${index}.transfers`} render={({ field }) => <InputText id={ids.transfers} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />} />
          <Message text={error('transfers', t('tourPlan.days.transfers'))} />
        </div>
        <Controller control={control} name={`days.${index}.meals`} render={({ field }) => <MealChoices legend={t('tourPlan.days.meals')} value={field.value ?? []} onChange={field.onChange} />} />
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>{t('tourPlan.days.notes')}</label>
        <Controller control={control} name={`days.${index}.notes`} render={({ field }) => <InputTextarea id={ids.notes} rows={2} autoResize value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />} />
        <Message text={error('notes', t('tourPlan.days.notes'))} />
      </div>
    </li>
  );
}

/**
 * The plan's days in a react-hook-form form whose values have `regions`, `destinations` and `days`.
 * `departure` (a departure's) shows each day's date.
 */
export function DayPlanEditor({
  control,
  getValues,
  setValue,
  errors,
  departure,
}: {
  control: Control<PlanFormValues>;
  getValues: UseFormGetValues<PlanFormValues>;
  setValue: UseFormSetValue<PlanFormValues>;
  errors?: FieldErrors<PlanFormValues>['days'];
  departure?: string | null;
}) {
  const { t } = useTranslation();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'days' });
  // After a move by keyboard the moved day's button keeps the focus (the day's own id goes with it).
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    const [id, direction] = focusAfter.current.split('|');
    focusAfter.current = null;
    const wanted = document.getElementById(`${id}-${direction}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : document.getElementById(`${id}-${direction === 'up' ? 'down' : 'up'}`))?.focus();
  });
  const renumber = () => getValues('days').forEach((_, i) => setValue(`days.${i}.dayNumber`, i + 1));
  const onMove = (from: number, to: number) => {
    focusAfter.current = `${fields[from]!.id}|${to < from ? 'up' : 'down'}`;
    move(from, to);
    renumber();
  };
  const onRemove = (index: number) => {
    remove(index);
    renumber();
  };
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <section className="stack" aria-labelledby="plan-days-title">
      <div className="row">
        <h2 id="plan-days-title" style={{ margin: 0 }}>
          {t('tourPlan.days.title')}
        </h2>
        <span className="muted">{t('tourPlan.days.count', { count: fields.length })}</span>
      </div>
      {rootError && (
        <small className="field-error" role="alert">
          {fieldMessage(t('tourPlan.days.title'), rootError)}
        </small>
      )}
      {fields.length === 0 ? (
        <p className="muted">{t('tourPlan.days.empty')}</p>
      ) : (
        <ol className="day-list">
          {fields.map((field, index) => (
            <DayCard
              key={field.id}
              fieldId={field.id}
              index={index}
              count={fields.length}
              control={control}
              getValues={getValues}
              setValue={setValue}
              errors={(errors as FieldErrors<DayFormValue>[] | undefined)?.[index]}
              date={departure ? dateOfDay(departure, index + 1) : undefined}
              onMove={onMove}
              onRemove={onRemove}
            />
          ))}
        </ol>
      )}
      <div>
        <Button type="button" outlined icon="pi pi-plus" label={t('tourPlan.days.add')} onClick={() => append(nextDay(fields.length + 1, getValues('days').at(-1)))} />
      </div>
    </section>
  );
}

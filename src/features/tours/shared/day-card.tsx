import { useId, useState, type DragEvent } from 'react';
import { Controller, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { DestinationPicker } from '../../../ui/catalogue-pickers';
import { fieldMessage } from '../../../ui/form-fields';
import { useFormatters } from '../../../ui/format';
import { FieldMessage, MealChoices, RoomTypePicker } from './day-fields';
import { ActivitiesPicker, HotelPicker } from './pickers';
import { withDestination, type DayFormValue, type PlanForm } from './plan-model';

/**
 * One day of a plan, as a card: its heading (number, and date when the plan has dates) with the
 * buttons that move and remove it and the handle that drags it, then where the day is (destination,
 * hotel of that destination with its room type, and rooms for a customized tour's party), what the
 * day does (activities of that destination, transfers, meals) and notes.
 */

/** What a dragged day carries: its number (a type of its own, so a text drop elsewhere is not taken for a day). */
const DAY_DRAG = 'application/x-tour-day';

export interface DayCardProps {
  index: number;
  count: number;
  /** A stable id of the day while days move: its buttons' ids, so the focus can follow it. */
  fieldKey: string;
  form: PlanForm;
  errors?: FieldErrors<DayFormValue>;
  /** The day's date, for its heading. */
  date?: string;
  /** Days book rooms: the party's rooms when a hotel is first chosen. */
  rooms?: () => number;
  /** Once the form was sent, a change checks the day again (its messages go as it is fixed). */
  revalidate: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function DayCardHead({ index, count, fieldKey, heading, titleId, onMove, onRemove }: Pick<DayCardProps, 'index' | 'count' | 'fieldKey' | 'onMove' | 'onRemove'> & { heading: string; titleId: string }) {
  const { t } = useTranslation();
  const number = index + 1;
  return (
    <div className="day-card__head">
      {/* The pointer's way to move a day; the arrow buttons are the keyboard's. */}
      <span
        className="drag-handle"
        draggable
        title={t('tourPlan.days.drag')}
        aria-hidden="true"
        data-testid="day-drag"
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData(DAY_DRAG, String(number));
        }}
      >
        <i className="pi pi-bars" />
      </span>
      <h3 id={titleId}>{heading}</h3>
      <span className="grow" />
      <Button id={`${fieldKey}-up`} type="button" text rounded icon="pi pi-arrow-up" aria-label={t('tourPlan.days.moveUp', { number })} disabled={index === 0} onClick={() => onMove(index, index - 1)} />
      <Button id={`${fieldKey}-down`} type="button" text rounded icon="pi pi-arrow-down" aria-label={t('tourPlan.days.moveDown', { number })} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} />
      <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('tourPlan.days.remove', { number })} onClick={() => onRemove(index)} />
    </div>
  );
}

/** Where the day is: its destination (within the tour's regions), hotel, room type and rooms. */
function DayPlaceFields({ index, day, form, errors, rooms, set, baseId }: Pick<DayCardProps, 'index' | 'form' | 'errors' | 'rooms'> & { day: DayFormValue; set: (patch: Partial<DayFormValue>) => void; baseId: string }) {
  const { t } = useTranslation();
  const regions = useWatch({ control: form.control, name: 'regions' });
  const error = (key: keyof DayFormValue, label: string) => fieldMessage(label, errors?.[key]?.message as string | undefined);
  const ids = { destination: `${baseId}-destination`, hotel: `${baseId}-hotel`, room: `${baseId}-room`, rooms: `${baseId}-rooms` };
  const setDestination = (destinationId: string | null) => {
    const next = withDestination(form.getValues(`days.${index}`), destinationId, form.getValues('destinations') ?? []);
    set(next.day);
    form.setValue('destinations', next.destinations, { shouldDirty: true });
  };
  return (
    <>
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
        <FieldMessage id={`${ids.destination}-error`} text={error('destinationId', t('tourPlan.days.destination'))} />
      </div>
      <div className="field">
        <label htmlFor={ids.hotel}>{t('tourPlan.days.hotel')}</label>
        {day.destinationId ? (
          <HotelPicker
            inputId={ids.hotel}
            destinationId={day.destinationId}
            value={day.hotelId}
            invalid={!!errors?.hotelId}
            onChange={(hotelId) => set({ hotelId, roomType: null, ...(rooms ? { rooms: hotelId ? (form.getValues(`days.${index}.rooms`) ?? rooms()) : null } : {}) })}
          />
        ) : (
          <InputText id={ids.hotel} disabled value="" placeholder={t('tourPlan.days.pickDestinationFirst')} />
        )}
        <FieldMessage text={error('hotelId', t('tourPlan.days.hotel'))} />
      </div>
      <div className="field">
        <label htmlFor={ids.room}>{t('tourPlan.days.roomType')}</label>
        {day.hotelId ? (
          <RoomTypePicker inputId={ids.room} hotelId={day.hotelId} value={day.roomType} onChange={(roomType) => set({ roomType })} />
        ) : (
          <InputText id={ids.room} disabled value="" placeholder={t('tourPlan.days.pickHotelFirst')} />
        )}
        <FieldMessage text={error('roomType', t('tourPlan.days.roomType'))} />
      </div>
      {rooms && (
        <div className="field">
          <label htmlFor={ids.rooms}>{t('tourPlan.days.rooms')}</label>
          <InputNumber inputId={ids.rooms} value={day.rooms ?? null} min={1} max={50} useGrouping={false} disabled={!day.hotelId} onValueChange={(e) => set({ rooms: e.value ?? null })} invalid={!!errors?.rooms} />
          <FieldMessage text={error('rooms', t('tourPlan.days.rooms'))} />
        </div>
      )}
    </>
  );
}

/** What the day does: activities of its destination, transfers, meals; and its notes. */
function DayDoings({ index, day, form, errors, set, baseId }: Pick<DayCardProps, 'index' | 'form' | 'errors'> & { day: DayFormValue; set: (patch: Partial<DayFormValue>) => void; baseId: string }) {
  const { t } = useTranslation();
  const { control } = form;
  const error = (key: keyof DayFormValue, label: string) => fieldMessage(label, errors?.[key]?.message as string | undefined);
  const ids = { activities: `${baseId}-activities`, transfers: `${baseId}-transfers`, notes: `${baseId}-notes` };
  return (
    <>
      <div className="field">
        <label htmlFor={ids.activities}>{t('tourPlan.days.activities')}</label>
        {day.destinationId ? (
          <ActivitiesPicker inputId={ids.activities} destinationId={day.destinationId} value={day.activityIds} onChange={(activityIds) => set({ activityIds })} invalid={!!errors?.activityIds} />
        ) : (
          <InputText id={ids.activities} disabled value="" placeholder={t('tourPlan.days.pickDestinationFirst')} />
        )}
        <FieldMessage text={error('activityIds', t('tourPlan.days.activities'))} />
      </div>
      <div className="field">
        <label htmlFor={ids.transfers}>{t('tourPlan.days.transfers')}</label>
        <Controller control={control} name={`days.${index}.transfers`} render={({ field }) => <InputText id={ids.transfers} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />} />
        <FieldMessage text={error('transfers', t('tourPlan.days.transfers'))} />
      </div>
      <Controller control={control} name={`days.${index}.meals`} render={({ field }) => <MealChoices legend={t('tourPlan.days.meals')} value={field.value ?? []} onChange={field.onChange} />} />
    </>
  );
}

/** The day's card; a day dragged onto it takes its place. */
export function DayCard(props: DayCardProps) {
  const { index, form, errors, date, revalidate, onMove } = props;
  const { t } = useTranslation();
  const fmt = useFormatters();
  const base = useId();
  const day = useWatch({ control: form.control, name: `days.${index}` }) as DayFormValue | undefined;
  const [over, setOver] = useState(false);
  if (!day) return null;
  const number = index + 1;
  const heading = date ? t('tourPlan.days.dayOn', { number, date: fmt.date(date) }) : t('tourPlan.days.day', { number });
  const set = (patch: Partial<DayFormValue>) => form.setValue(`days.${index}`, { ...form.getValues(`days.${index}`), ...patch }, { shouldDirty: true, shouldValidate: revalidate });
  const isDay = (e: DragEvent) => e.dataTransfer.types.includes(DAY_DRAG);
  // A misplaced day says why on its date (a customized tour's) or on its number (a personalized tour's).
  const placed = fieldMessage(errors?.date ? t('tourPlan.days.date') : heading, (errors?.date ?? (errors as { dayNumber?: { message?: string } } | undefined)?.dayNumber)?.message as string | undefined);

  return (
    <li
      className={`card day-card${over ? ' day-card--drop' : ''}`}
      aria-labelledby={`${base}-title`}
      data-day={number}
      onDragOver={(e) => {
        if (!isDay(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(DAY_DRAG));
        setOver(false);
        if (!isDay(e)) return;
        e.preventDefault();
        if (from >= 1 && from - 1 !== index) onMove(from - 1, index);
      }}
    >
      <DayCardHead {...props} heading={heading} titleId={`${base}-title`} />
      <FieldMessage text={placed} />
      <div className="form-grid">
        <DayPlaceFields {...props} day={day} set={set} baseId={base} />
        <DayDoings {...props} day={day} set={set} baseId={base} />
      </div>
      <div className="field">
        <label htmlFor={`${base}-notes`}>{t('tourPlan.days.notes')}</label>
        <Controller
          control={form.control}
          name={`days.${index}.notes`}
          render={({ field }) => <InputTextarea id={`${base}-notes`} rows={2} autoResize value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />}
        />
        <FieldMessage text={fieldMessage(t('tourPlan.days.notes'), errors?.notes?.message as string | undefined)} />
      </div>
    </li>
  );
}

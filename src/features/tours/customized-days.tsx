import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFormState, useWatch, type Control, type FieldErrors, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { roomsFor } from '../../domain/tour-costing';
import { DestinationPicker } from '../../ui/catalogue-pickers';
import { confirmAction } from '../../ui/confirm';
import { fieldMessage } from '../../ui/form-fields';
import { useFormatters } from '../../ui/format';
import { MealChoices, RoomTypePicker } from './package-day-editor';
import { ActivitiesPicker, HotelPicker } from './package-pickers';
import { moveDay, nextTourDay, removeDay, withDayDestination, type TourDayFormValue, type TourFormValues } from './customized-plan';

/**
 * The builder's day cards, in date order: each day's destination, hotel (of that destination) with
 * its room type and rooms, activities (of that destination), transfers, meals and notes. A day is
 * added after the last (the next date, the same place and stay), removed with its priced lines,
 * and moved by its arrow buttons (keyboard) or by dragging it onto another day (pointer): its
 * content and priced lines move, the dates stay in order.
 */

/** What a dragged day carries: its number (a type of its own, so a text drop elsewhere is not taken for a day). */
const DAY_DRAG = 'application/x-tour-day';

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
  fieldKey: string;
  control: Control<TourFormValues>;
  setValue: UseFormSetValue<TourFormValues>;
  getValues: UseFormGetValues<TourFormValues>;
  errors?: FieldErrors<TourDayFormValue>;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function DayCard({ index, count, fieldKey, control, setValue, getValues, errors, onMove, onRemove }: DayCardProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const base = useId();
  const regions = useWatch({ control, name: 'regions' });
  const day = useWatch({ control, name: `days.${index}` }) as TourDayFormValue | undefined;
  // Once the form was sent, a change checks the day again (its messages go as it is fixed).
  const { isSubmitted } = useFormState({ control });
  const changed = { shouldDirty: true, shouldValidate: isSubmitted };
  const [over, setOver] = useState(false);
  if (!day) return null;
  const number = index + 1;
  const heading = t('tourPlan.days.dayOn', { number, date: fmt.date(day.date) });
  const error = (key: keyof TourDayFormValue, label: string) => fieldMessage(label, errors?.[key]?.message as string | undefined);
  const ids = { destination: `${base}-destination`, hotel: `${base}-hotel`, room: `${base}-room`, rooms: `${base}-rooms`, activities: `${base}-activities`, transfers: `${base}-transfers`, notes: `${base}-notes` };
  const set = (patch: Partial<TourDayFormValue>) => setValue(`days.${index}`, { ...getValues(`days.${index}`), ...patch }, changed);

  return (
    <li
      className={`card day-card${over ? ' day-card--drop' : ''}`}
      aria-labelledby={`${base}-title`}
      data-day={number}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DAY_DRAG)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(DAY_DRAG));
        setOver(false);
        if (!e.dataTransfer.types.includes(DAY_DRAG)) return;
        e.preventDefault();
        if (from >= 1 && from - 1 !== index) onMove(from - 1, index);
      }}
    >
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
        <h3 id={`${base}-title`}>{heading}</h3>
        <span className="grow" />
        <Button id={`${fieldKey}-up`} type="button" text rounded icon="pi pi-arrow-up" aria-label={t('tourPlan.days.moveUp', { number })} disabled={index === 0} onClick={() => onMove(index, index - 1)} />
        <Button id={`${fieldKey}-down`} type="button" text rounded icon="pi pi-arrow-down" aria-label={t('tourPlan.days.moveDown', { number })} disabled={index === count - 1} onClick={() => onMove(index, index + 1)} />
        <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('tourPlan.days.remove', { number })} onClick={() => onRemove(index)} />
      </div>
      <Message text={fieldMessage(t('tourPlan.days.date'), errors?.date?.message as string | undefined)} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.destination}>{t('tourPlan.days.destination')}</label>
          <DestinationPicker
            inputId={ids.destination}
            regions={regions?.length ? regions : undefined}
            value={day.destinationId}
            invalid={!!errors?.destinationId}
            ariaDescribedBy={errors?.destinationId ? `${ids.destination}-error` : undefined}
            onChange={(id) => setValue(`days.${index}`, withDayDestination(getValues(`days.${index}`), id), changed)}
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
                const pax = getValues(['adults', 'children']);
                set({ hotelId, roomType: null, rooms: hotelId ? (getValues(`days.${index}.rooms`) ?? roomsFor({ adults: pax[0] ?? 0, children: pax[1] ?? 0 })) : null });
              }}
            />
          ) : (
            <InputText id={ids.hotel} disabled value="" placeholder={t('tourPlan.days.pickDestinationFirst')} />
          )}
          <Message text={error('hotelId', t('tourPlan.days.hotel'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.room}>{t('tourPlan.days.roomType')}</label>
          {day.hotelId ? (
            <RoomTypePicker inputId={ids.room} hotelId={day.hotelId} value={day.roomType} onChange={(roomType) => set({ roomType })} />
          ) : (
            <InputText id={ids.room} disabled value="" placeholder={t('tourPlan.days.pickHotelFirst')} />
          )}
          <Message text={error('roomType', t('tourPlan.days.roomType'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.rooms}>{t('tourPlan.days.rooms')}</label>
          <InputNumber inputId={ids.rooms} value={day.rooms} min={1} max={50} useGrouping={false} disabled={!day.hotelId} onValueChange={(e) => set({ rooms: e.value ?? null })} invalid={!!errors?.rooms} />
          <Message text={error('rooms', t('tourPlan.days.rooms'))} />
        </div>
        <div className="field">
          <label htmlFor={ids.activities}>{t('tourPlan.days.activities')}</label>
          {day.destinationId ? (
            <ActivitiesPicker inputId={ids.activities} destinationId={day.destinationId} value={day.activityIds} onChange={(activityIds) => set({ activityIds })} invalid={!!errors?.activityIds} />
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
 * The day cards of the builder's form. `lines` move with their days, so the editor owns both
 * (through `setValue`), and keys the cards by a stable id of its own.
 */
export function TourDayEditor({
  control,
  getValues,
  setValue,
  errors,
  keepLines,
}: {
  control: Control<TourFormValues>;
  getValues: UseFormGetValues<TourFormValues>;
  setValue: UseFormSetValue<TourFormValues>;
  errors?: FieldErrors<TourFormValues>['days'];
  /** A booked tour's lines stay as they are (its price does not change): removing a day they name is refused. */
  keepLines?: boolean;
}) {
  const { t } = useTranslation();
  const days = useWatch({ control, name: 'days' }) ?? [];
  const { isSubmitted } = useFormState({ control });
  const changed = { shouldDirty: true, shouldValidate: isSubmitted };
  // Stable keys for the cards while days move (react-hook-form's field ids would need useFieldArray,
  // which cannot move the lines along).
  const keys = useRef<string[]>([]);
  const counter = useRef(0);
  while (keys.current.length < days.length) keys.current.push(`day-${++counter.current}`);
  keys.current.length = days.length;

  // After a move by keyboard the moved day's button keeps the focus.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    const [key, direction] = focusAfter.current.split('|');
    focusAfter.current = null;
    const wanted = document.getElementById(`${key}-${direction}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : document.getElementById(`${key}-${direction === 'up' ? 'down' : 'up'}`))?.focus();
  });

  const apply = (next: { days: TourDayFormValue[]; lines: TourFormValues['lines'] }) => {
    setValue('days', next.days, changed);
    if (!keepLines) setValue('lines', next.lines, changed);
  };
  const onMove = (from: number, to: number) => {
    if (to < 0 || to >= days.length) return;
    const [key] = keys.current.splice(from, 1);
    keys.current.splice(to, 0, key!);
    focusAfter.current = `${key}|${to < from ? 'up' : 'down'}`;
    apply(moveDay(getValues('days'), getValues('lines'), from, to));
  };
  const onRemove = async (index: number) => {
    const lines = getValues('lines');
    if (keepLines) {
      // The booked price names days by their place: the plan keeps at least as many days.
      const named = Math.max(0, ...lines.map((l) => l.dayNumber ?? 0));
      if (getValues('days').length <= named) {
        await confirmAction({ message: t('tourPlan.days.keepsLines', { count: named }), header: t('tourPlan.days.remove', { number: index + 1 }), acceptLabel: t('tourPlan.days.understood') });
        return;
      }
    }
    const priced = keepLines ? 0 : lines.filter((l) => l.dayNumber === index + 1).length;
    if (priced && !(await confirmAction({ message: t('tourPlan.days.removeWithLines', { number: index + 1, count: priced }), header: t('tourPlan.days.remove', { number: index + 1 }), acceptLabel: t('tourPlan.days.removeConfirm'), danger: true }))) return;
    keys.current.splice(index, 1);
    apply(removeDay(getValues('days'), getValues('lines'), index));
  };
  const onAdd = () => {
    const current = getValues('days');
    const departure = getValues('departure');
    const day = nextTourDay(current.at(-1), departure || new Date().toISOString().slice(0, 10));
    setValue('days', [...current, day], changed);
    // The trip lasts at least as long as its days.
    const arrival = getValues('arrival');
    if (!arrival || arrival < day.date) setValue('arrival', day.date, changed);
    if (!departure) setValue('departure', day.date, changed);
  };
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <section className="stack" aria-labelledby="tour-days-title">
      <div className="row">
        <h2 id="tour-days-title" style={{ margin: 0 }}>
          {t('tourPlan.days.title')}
        </h2>
        <span className="muted">{t('tourPlan.days.count', { count: days.length })}</span>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('tours.days.hint')}
      </p>
      {rootError && (
        <small className="field-error" role="alert">
          {fieldMessage(t('tourPlan.days.title'), rootError)}
        </small>
      )}
      {days.length === 0 ? (
        <p className="muted">{t('tourPlan.days.empty')}</p>
      ) : (
        <ol className="day-list">
          {days.map((_, index) => (
            <DayCard
              key={keys.current[index]}
              fieldKey={keys.current[index]!}
              index={index}
              count={days.length}
              control={control}
              getValues={getValues}
              setValue={setValue}
              errors={(errors as FieldErrors<TourDayFormValue>[] | undefined)?.[index]}
              onMove={onMove}
              onRemove={(i) => void onRemove(i)}
            />
          ))}
        </ol>
      )}
      <div>
        <Button type="button" outlined icon="pi pi-plus" label={t('tourPlan.days.add')} onClick={onAdd} />
      </div>
    </section>
  );
}

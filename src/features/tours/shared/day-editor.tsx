import { useEffect, useId, useRef } from 'react';
import { useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { dateOfDay } from '../../../api/tours/tour-plan';
import { confirmAction } from '../../../ui/confirm';
import { fieldMessage } from '../../../ui/form-fields';
import { DayCard } from './day-card';
import { moveDay, nextDay, removeDay, type DayFormValue, type PlanForm, type PlanFormValues } from './plan-model';

/**
 * The day editor of every tour form (the customized tour builder, the personalized and group tour
 * forms): day cards in order, added after the last (the same place and stay), removed with their
 * priced lines (asked first), and moved by their arrow buttons (keyboard: the focus stays on the
 * moved day) or by dragging a day onto another (pointer). A day's content and its priced lines move;
 * its number is its place, and a plan's dates stay in order.
 */
export interface DayEditorProps {
  form: PlanForm;
  errors?: FieldErrors<PlanFormValues>['days'];
  /** A dated plan (a customized tour's): the first day's date when the plan has none yet. */
  firstDate?: () => string;
  /** After a day is added (a customized tour's trip lasts at least as long as its days). */
  onAdded?: (day: DayFormValue) => void;
  /** A departure's days are dated by their place from it. */
  departure?: string | null;
  /** Days book rooms: the party's rooms for a day whose hotel is chosen. */
  rooms?: () => number;
  /** A booked tour's lines stay as they are (its price does not change): removing a day they name is refused. */
  keepLines?: boolean;
  hint?: string;
}

/** Stable keys for the cards while days move (react-hook-form's field ids would need useFieldArray, which cannot move the lines along). */
function useDayKeys(count: number) {
  const keys = useRef<string[]>([]);
  const counter = useRef(0);
  while (keys.current.length < count) keys.current.push(`day-${++counter.current}`);
  keys.current.length = count;
  return keys.current;
}

/** After a move by keyboard the moved day's button keeps the focus (the other one when it reached an end). */
function useFocusAfterMove() {
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    const [key, direction] = focusAfter.current.split('|');
    focusAfter.current = null;
    const wanted = document.getElementById(`${key}-${direction}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : document.getElementById(`${key}-${direction === 'up' ? 'down' : 'up'}`))?.focus();
  });
  return (key: string, direction: 'up' | 'down') => (focusAfter.current = `${key}|${direction}`);
}

export function DayEditor({ form, errors, firstDate, onAdded, departure, rooms, keepLines, hint }: DayEditorProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { getValues, setValue } = form;
  const days = useWatch({ control: form.control, name: 'days' }) ?? [];
  const { isSubmitted } = useFormState({ control: form.control });
  const changed = { shouldDirty: true, shouldValidate: isSubmitted };
  const keys = useDayKeys(days.length);
  const focusAfter = useFocusAfterMove();

  const apply = (next: { days: DayFormValue[]; lines: PlanFormValues['lines'] }) => {
    setValue('days', next.days, changed);
    if (!keepLines && getValues('lines')) setValue('lines', next.lines, changed);
  };
  const onMove = (from: number, to: number) => {
    if (to < 0 || to >= days.length) return;
    const [key] = keys.splice(from, 1);
    keys.splice(to, 0, key!);
    focusAfter(key!, to < from ? 'up' : 'down');
    apply(moveDay(getValues('days'), getValues('lines') ?? [], from, to));
  };
  const onRemove = async (index: number) => {
    const lines = getValues('lines') ?? [];
    const header = t('tourPlan.days.remove', { number: index + 1 });
    if (keepLines) {
      // The booked price names days by their place: the plan keeps at least as many days.
      const named = Math.max(0, ...lines.map((l) => l.dayNumber ?? 0));
      if (getValues('days').length <= named) return void (await confirmAction({ message: t('tourPlan.days.keepsLines', { count: named }), header, acceptLabel: t('tourPlan.days.understood') }));
    }
    const priced = keepLines ? 0 : lines.filter((l) => l.dayNumber === index + 1).length;
    if (priced && !(await confirmAction({ message: t('tourPlan.days.removeWithLines', { number: index + 1, count: priced }), header, acceptLabel: t('tourPlan.days.removeConfirm'), danger: true }))) return;
    keys.splice(index, 1);
    apply(removeDay(getValues('days'), lines, index));
  };
  const onAdd = () => {
    const current = getValues('days');
    const day = nextDay(current.at(-1), { first: firstDate?.(), rooms: !!rooms });
    setValue('days', [...current, day], changed);
    onAdded?.(day);
  };
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <section className="stack" aria-labelledby={titleId}>
      <div className="row">
        <h2 id={titleId} style={{ margin: 0 }}>
          {t('tourPlan.days.title')}
        </h2>
        <span className="muted">{t('tourPlan.days.count', { count: days.length })}</span>
      </div>
      {hint && (
        <p className="muted" style={{ margin: 0 }}>
          {hint}
        </p>
      )}
      {rootError && (
        <small className="field-error" role="alert">
          {fieldMessage(t('tourPlan.days.title'), rootError)}
        </small>
      )}
      {days.length === 0 ? (
        <p className="muted">{t('tourPlan.days.empty')}</p>
      ) : (
        <ol className="day-list">
          {days.map((day, index) => (
            <DayCard
              key={keys[index]}
              fieldKey={keys[index]!}
              index={index}
              count={days.length}
              form={form}
              errors={(errors as FieldErrors<DayFormValue>[] | undefined)?.[index]}
              date={day.date ?? (departure ? dateOfDay(departure, index + 1) : undefined)}
              rooms={rooms}
              revalidate={isSubmitted}
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

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { MEALS, type Meal } from '../../../api/tours/tour-plan';
import { DROPDOWN_PT } from '../../../ui/form-fields';
import { useHotel } from './pickers';

/** Small fields of a day (and of a line): its meals, a hotel's room type, a field's message. */

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

/** One of the hotel's room types (a stored one the hotel no longer has stays on offer, to be changed). */
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
export function FieldMessage({ text, id }: { text?: string; id?: string }) {
  return text ? (
    <small className="field-error" role="alert" id={id}>
      {text}
    </small>
  ) : null;
}

import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FramedField, type BaseProps } from './form-fields';

/**
 * A rating of 1 to `max` stars for a react-hook-form field: native radio buttons drawn as stars,
 * so Tab reaches the group once, arrows choose, and each star is announced ("4 of 5 stars").
 */
export function RatingField<T extends FieldValues>({ disabled, max = 5, ...props }: BaseProps<T> & { max?: number }) {
  const { t } = useTranslation();
  const stars = Array.from({ length: max }, (_, i) => i + 1);
  return (
    <FramedField
      {...props}
      bare
      render={({ id, field, error, describedBy }) => (
        <fieldset className="field rating-input" aria-describedby={describedBy}>
          <legend>{props.label}</legend>
          <div className="rating-input__stars">
            {stars.map((n) => (
              <span key={n}>
                <input
                  type="radio"
                  id={`${id}-${n}`}
                  name={`${id}-rating`}
                  value={n}
                  checked={Number(field.value) === n}
                  disabled={disabled}
                  onChange={() => field.onChange(n)}
                  onBlur={field.onBlur}
                  ref={n === 1 ? field.ref : undefined}
                />
                <label htmlFor={`${id}-${n}`} className={n <= Number(field.value) ? 'on' : undefined} title={t('catalogue.starsLabel', { count: n, max })}>
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{t('catalogue.starsLabel', { count: n, max })}</span>
                </label>
              </span>
            ))}
          </div>
          {props.hint && (
            <small id={`${id}-hint`} className="muted">
              {props.hint}
            </small>
          )}
          {error && (
            <small id={`${id}-error`} className="field-error" role="alert">
              {error}
            </small>
          )}
        </fieldset>
      )}
    />
  );
}

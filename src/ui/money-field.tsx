import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { MAX_MONEY } from '../api/common/schemas';
import { currencyDigits, fromMinorUnits, toMinorUnits } from '../domain/money';
import { FramedField, type BaseProps } from './form-fields';
import { BCP47, isLocale } from './i18n';

/**
 * What a money input holds for the major units typed: the exact minor units, null for nothing
 * typed, and for an amount beyond what JavaScript counts exactly the first amount past the
 * contract's largest, so the form refuses it as too large instead of keeping a rounded one.
 */
export function typedMinorUnits(major: number | null | undefined, digits: number): number | null {
  try {
    return toMinorUnits(major, digits);
  } catch (e) {
    if (e instanceof RangeError) return MAX_MONEY + 1;
    throw e;
  }
}

/**
 * An amount typed in major units of `currency`, in the person's language's separators and symbol,
 * given and taken as integer minor units (each key as well as the commit on blur: see NumberField).
 */
export function MinorUnitsInput({ inputId, currency, value, onValue, onBlur, disabled, invalid, describedBy }: { inputId: string; currency: string; value: number | null | undefined; onValue: (minor: number | null) => void; onBlur?: () => void; disabled?: boolean; invalid?: boolean; describedBy?: string }) {
  const { i18n } = useTranslation();
  const digits = currencyDigits(currency);
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  return (
    <InputNumber
      inputId={inputId}
      mode="currency"
      currency={currency}
      locale={locale}
      minFractionDigits={digits}
      maxFractionDigits={digits}
      min={0}
      disabled={disabled}
      value={fromMinorUnits(value, digits)}
      onChange={(e) => onValue(typedMinorUnits(e.value, digits))}
      onValueChange={(e) => onValue(typedMinorUnits(e.value, digits))}
      onBlur={onBlur}
      invalid={invalid}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/**
 * An amount of money: typed in major units of `currency` (the organization's), shown with the
 * locale's separators and symbol, kept in the form as integer minor units (what the API takes).
 * `check`: an issue the amount earns as it is typed (more than is owed: src/ui/owed-amount.tsx).
 */
export function MoneyField<T extends FieldValues>({ disabled, currency, check, ...props }: BaseProps<T> & { currency: string; check?: (value: unknown) => string | undefined }) {
  return (
    <FramedField
      {...props}
      check={check}
      render={({ id, field, error, describedBy }) => (
        <MinorUnitsInput inputId={id} currency={currency} disabled={disabled} value={field.value as number | null | undefined} onValue={(minor) => field.onChange(minor ?? undefined)} onBlur={field.onBlur} invalid={!!error} describedBy={describedBy} />
      )}
    />
  );
}

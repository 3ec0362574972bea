import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { FramedField, type BaseProps } from './form-fields';
import { BCP47, isLocale } from './i18n';

/** Minor units per major unit of a currency: 2 for EUR, 0 for JPY, 3 for KWD (Intl knows). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Major units as typed (`19.99`) → integer minor units (`1999`), exactly: through the decimal
 * text, not a floating-point multiplication (19.99 × 100 is 1998.9999999999998). Null stays null.
 */
export function toMinorUnits(major: number | null | undefined, digits: number): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  const [whole, fraction = ''] = major.toFixed(digits).split('.');
  return Number(`${whole}${fraction}`);
}

/** Integer minor units → major units for an input (`1999` → `19.99`). */
export function fromMinorUnits(minor: number | null | undefined, digits: number): number | null {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return null;
  return minor / 10 ** digits;
}

/**
 * An amount of money: typed in major units of `currency` (the organization's), shown with the
 * locale's separators and symbol, kept in the form as integer minor units (what the API takes).
 */
export function MoneyField<T extends FieldValues>({ disabled, currency, ...props }: BaseProps<T> & { currency: string }) {
  const { i18n } = useTranslation();
  const digits = currencyDigits(currency);
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  return (
    <FramedField
      {...props}
      render={({ id, field, error, describedBy }) => (
        <InputNumber
          inputId={id}
          mode="currency"
          currency={currency}
          locale={locale}
          minFractionDigits={digits}
          maxFractionDigits={digits}
          min={0}
          disabled={disabled}
          value={fromMinorUnits(field.value as number | null | undefined, digits)}
          // Each key (onChange) as well as the commit on blur (onValueChange): see NumberField.
          onChange={(e) => field.onChange(toMinorUnits(e.value, digits) ?? undefined)}
          onValueChange={(e) => field.onChange(toMinorUnits(e.value, digits) ?? undefined)}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../api/client';
import { currencyDigits, fromMinorUnits } from '../../domain/money';
import { useAuth } from '../../ui/auth';
import type { FilterValue } from '../../ui/list-page';
import { BCP47, isLocale } from '../../ui/i18n';
import { typedMinorUnits } from '../../ui/money-field';
import { modulePath } from '../../ui/module-paths';
import { ScreenTabs } from '../../ui/screen-tabs';
import './finance.css';

/** The account module's screens, as tabs over them. */
export const ACCOUNT_SCREENS = [
  { path: modulePath('account'), label: 'finance.chart.title' },
  { path: `${modulePath('account')}/journal`, label: 'finance.journal.title' },
  { path: `${modulePath('account')}/statement`, label: 'statement.title' },
  { path: `${modulePath('account')}/summary`, label: 'accountSummary.title' },
  { path: `${modulePath('account')}/aging`, label: 'aging.title' },
  { path: `${modulePath('account')}/period-lock`, label: 'periodLock.title' },
] as const;

export { ScreenTabs };

export function AccountTabs() {
  const { t } = useTranslation();
  return <ScreenTabs label={t('finance.tabs')} screens={ACCOUNT_SCREENS.map((s) => ({ path: s.path, label: t(s.label) }))} />;
}

/** The i18n key of an account's name (`money:cash` → `finance.accounts.money.cash`; see locales/en/finance.ts). */
export const accountNameKey = (key: string) => `finance.accounts.${key.replace(':', '.')}`;

/**
 * A refusal of a money call in the person's language, said once (those calls do not toast
 * themselves): the finance codes in finance's words, another code as the client says it, a failure
 * without an answer (the network) by its own message. Field issues go under their fields (the form
 * does that); a 401 is the client's (the sign-in page).
 */
export function useMoneyRefusal() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return;
    if (error instanceof ApiError && error.status === 400 && error.issues?.length) return;
    const said = errorMessage(error);
    toast.error(error instanceof ApiError && error.code ? t(`finance.codes.${error.code}`, { defaultValue: said }) : said);
  };
}

// The organization's formatters and its amounts, written once in src/ui; the area's screens take them from here.
export { Money, useOrgFormatters } from '../../ui/org-format';

/** A percentage from basis points (10 000 = 100 %), in the member's language. */
export function usePercent() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const tag = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
    const format = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
    // Basis points are whole numbers: divided here only to be shown.
    return (bp: number) => format.format(bp / 10_000);
  }, [i18n.language]);
}

/**
 * A from/to amount filter of a list (`minAmount`, `maxAmount`, minor units in the address), typed in
 * major units of the organization's currency as the money fields are.
 */
export function MoneyRangeFilter({ label, min, max, onChange }: { label: string; min: FilterValue; max: FilterValue; onChange: (range: { min?: string; max?: string }) => void }) {
  const { t, i18n } = useTranslation();
  const { organization } = useAuth();
  const digits = currencyDigits(organization.currency);
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  const asMinor = (v: FilterValue) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
  const input = (value: FilterValue, part: 'min' | 'max', name: string) => (
    <InputNumber
      mode="currency"
      currency={organization.currency}
      locale={locale}
      minFractionDigits={digits}
      maxFractionDigits={digits}
      min={0}
      aria-label={`${label}: ${name}`}
      placeholder={name}
      value={fromMinorUnits(asMinor(value), digits)}
      onValueChange={(e) => {
        const minor = typedMinorUnits(e.value, digits);
        onChange({ min: asMinor(min)?.toString(), max: asMinor(max)?.toString(), [part]: minor === null ? undefined : String(minor) });
      }}
    />
  );
  return (
    <fieldset className="field range-field">
      <legend>{label}</legend>
      <div className="range-field__inputs money-range">
        {input(min, 'min', t('list.from'))}
        {input(max, 'max', t('list.to'))}
      </div>
    </fieldset>
  );
}

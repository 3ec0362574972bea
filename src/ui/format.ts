import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../domain/money';
import type { MemoCode } from '../api/finance/contract';
import { BCP47, isLocale } from './i18n';

/**
 * Calendar dates, money, numbers, shares and lists in the member's language: nothing here depends on
 * a time zone. An instant (a moment something happened) needs one: `createZonedFormatters`.
 */
export function createFormatters(locale: string, options: { currency?: string } = {}) {
  const tag = isLocale(locale) ? BCP47[locale] : locale;
  const dateFmt = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const listFmt = new Intl.ListFormat(tag, { type: 'unit', style: 'short' });
  const namesFmt = new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' });
  return {
    /** A calendar date `YYYY-MM-DD`: no time zone shift. */
    date(value: string | null | undefined) {
      if (!value) return '';
      const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? value : dateFmt.format(d);
    },
    /** Money is integer minor units in the API (SPEC conventions). */
    money(minor: number, currency = options.currency ?? 'USD') {
      return formatMoney(minor, currency, tag);
    },
    number(value: number) {
      return new Intl.NumberFormat(tag).format(value);
    },
    /** A share in basis points (10 000 = 100 %), as the language writes a percentage. */
    basisPoints(bp: number) {
      return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
    },
    /** Counted parts read as one phrase in the language: "2 adults, 1 child", "بالغان وطفل". */
    list(parts: string[]) {
      return listFmt.format(parts);
    },
    /**
     * People's names as one phrase ("Ana, Ben, and Cleo"), each isolated (FSI … PDI): a Latin name
     * in an Arabic sentence keeps its place instead of taking the "و" or the comma with it.
     */
    names(names: string[]) {
      return namesFmt.format(names.map((n) => `\u2068${n}\u2069`));
    },
  };
}
export type Formatters = ReturnType<typeof createFormatters>;

/**
 * The formatters with instants (`dateTime`) written in `timeZone`, which is required: the browser's
 * own zone is never a default (docs/decisions.md, issue 27: one zone everywhere). In the app that
 * zone is the organization's (`useOrgFormatters`, src/ui/org-format.tsx).
 */
export function createZonedFormatters(locale: string, options: { currency?: string; timeZone: string }) {
  const tag = isLocale(locale) ? BCP47[locale] : locale;
  const dateTimeFmt = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone });
  return {
    ...createFormatters(locale, options),
    /** An instant, shown in the zone the formatters were made for. */
    dateTime(value: string | null | undefined) {
      if (!value) return '';
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : dateTimeFmt.format(d);
    },
  };
}
export type ZonedFormatters = ReturnType<typeof createZonedFormatters>;

/** Calendar dates, money and numbers in the member's language; no instants (`useOrgFormatters` has them). */
export function useFormatters(options: { currency?: string } = {}): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => createFormatters(i18n.language, options), [i18n.language, options.currency]);
}

/** The formatters with instants in `timeZone` (the app: `useOrgFormatters`; the platform console names its own). */
export function useZonedFormatters(options: { currency?: string; timeZone: string }): ZonedFormatters {
  const { i18n } = useTranslation();
  return useMemo(() => createZonedFormatters(i18n.language, options), [i18n.language, options.currency, options.timeZone]);
}

/** "March 2031" in the member's language. */
export function useMonthName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const tag = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
    const format = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    // A month alone takes its standalone form where a language has one (Russian "март", not "марта").
    const alone = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
    const year = new Intl.NumberFormat(tag, { useGrouping: false });
    const at = (month: string) => new Date(`${month}-01T00:00:00Z`);
    return {
      long: (month: string) => format.format(at(month)),
      short: (month: string) => short.format(at(month)),
      monthOnly: (month: string) => alone.format(at(month)),
      year: (y: number) => year.format(y),
    };
  }, [i18n.language]);
}

/**
 * What the system wrote on a journal entry or a vendor's transaction, in the reader's language
 * (`finance.memos.<key>`, a salary's month named); a person's own words as they wrote them.
 */
export function useSystemMemo() {
  const { t } = useTranslation();
  const months = useMonthName();
  return useCallback(
    (text: string | null, code: MemoCode) => {
      if (!code) return text ?? '';
      const params = code.key === 'salary' && /^\d{4}-(0[1-9]|1[0-2])$/.test(code.params.month ?? '') ? { ...code.params, month: months.long(code.params.month) } : code.params;
      return t(`finance.memos.${code.key}`, params);
    },
    [t, months],
  );
}

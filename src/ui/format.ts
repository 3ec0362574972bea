import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../domain/money';
import { BCP47, isLocale } from './i18n';

export function createFormatters(locale: string, options: { currency?: string; timeZone?: string } = {}) {
  const tag = isLocale(locale) ? BCP47[locale] : locale;
  const dateFmt = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTimeFmt = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone });
  const listFmt = new Intl.ListFormat(tag, { type: 'unit', style: 'short' });
  const namesFmt = new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' });
  return {
    /** A calendar date `YYYY-MM-DD`: no time zone shift. */
    date(value: string | null | undefined) {
      if (!value) return '';
      const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? value : dateFmt.format(d);
    },
    /** An instant, shown in the organization's time zone. */
    dateTime(value: string | null | undefined) {
      if (!value) return '';
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : dateTimeFmt.format(d);
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

export function useFormatters(options: { currency?: string; timeZone?: string } = {}) {
  const { i18n } = useTranslation();
  return useMemo(() => createFormatters(i18n.language, options), [i18n.language, options.currency, options.timeZone]);
}

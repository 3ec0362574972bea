import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale } from '../../api/admin/members/contract';
import enCore from './locales/en/core';
import { formatMoney } from '../../domain/money';

/** The seed's language names (section 1), in English, as the seed lists them. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ae: 'Arabic',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  es: 'Spanish',
  fr: 'French',
  hu: 'Hungarian',
  it: 'Italian',
  ja: 'Japanese',
  pl: 'Polish',
  pt: 'Portuguese',
  ru: 'Russian',
  sv: 'Swedish',
  tr: 'Turkish',
  zh: 'Chinese',
};

/** Each language's name in its own script (its endonym): a reader finds 日本語 without reading English. */
export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ae: 'العربية',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  es: 'Español',
  fr: 'Français',
  hu: 'Magyar',
  it: 'Italiano',
  ja: '日本語',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  sv: 'Svenska',
  tr: 'Türkçe',
  zh: '中文',
};

/** What a language is offered as: its own name, then the seed's English one ("Deutsch (German)"; English alone). */
export const languageLabel = (locale: Locale) => (NATIVE_LANGUAGE_NAMES[locale] === LANGUAGE_NAMES[locale] ? LANGUAGE_NAMES[locale] : `${NATIVE_LANGUAGE_NAMES[locale]} (${LANGUAGE_NAMES[locale]})`);

/** The seed's codes are not all BCP 47 (`ae` is Arabic): this is what Intl and `<html lang>` get. */
export const BCP47: Record<Locale, string> = {
  en: 'en', ae: 'ar', da: 'da', de: 'de', el: 'el', es: 'es', fr: 'fr', hu: 'hu',
  it: 'it', ja: 'ja', pl: 'pl', pt: 'pt', ru: 'ru', sv: 'sv', tr: 'tr', zh: 'zh-CN',
};

/**
 * The locale of a number field that takes a minus (PrimeReact's InputNumber). PrimeReact learns
 * the minus from the locale's -1, and Arabic's comes with a direction mark (U+200E "‎-1"): the
 * field then reads the mark as a second minus ("--30", no number), so no negative could be typed
 * in Arabic. Where a language's -1 carries such a mark, the field takes English number writing,
 * which is Arabic's here too (Latin digits, "." and ","), the currency sign before the amount.
 */
export function signedNumberLocale(language: string): string {
  const tag = isLocale(language) ? BCP47[language] : language;
  return /^[-\u2212]\p{Nd}$/u.test(new Intl.NumberFormat(tag).format(-1)) ? tag : 'en';
}

export const RTL_LOCALES: readonly Locale[] = ['ae'];
export { isLocale };

export const LANGUAGE_COOKIE = 'i18nextLng';

export function readLanguageCookie(): Locale {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = match ? decodeURIComponent(match.slice(LANGUAGE_COOKIE.length + 1)) : undefined;
  return isLocale(value) ? value : 'en';
}

export const hasLanguageCookie = () => document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));

export function writeLanguageCookie(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; SameSite=Lax`;
}

// Other languages are separate chunks (one folder each, a file per area), loaded when chosen.
const loaders = import.meta.glob<{ default: object }>(['./locales/*/index.ts', '!./locales/en/index.ts']);

export async function loadLocale(locale: Locale) {
  if (locale === 'en' || i18next.hasResourceBundle(locale, 'translation')) return;
  const load = loaders[`./locales/${locale}/index.ts`];
  if (!load) return;
  const mod = await load();
  i18next.addResourceBundle(locale, 'translation', mod.default, true, true);
}

/**
 * i18next picks a plural form (`_one`, `_few`…) with `Intl.PluralRules(<language code>)`, and Intl
 * does not know the seed's `ae`: it silently uses the runtime's default locale (English: one and
 * other), so "11 records" would take the Arabic form for 3 to 10. i18next has no option to map a
 * code for its plural rules, so its resolver is given the BCP 47 code of every seed code.
 */
export function pluralRulesByBcp47(instance: typeof i18next) {
  const resolver = instance.services.pluralResolver as { getRule: (code: string, options?: object) => Intl.PluralRules | undefined; clearCache?: () => void };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLocale(code) ? BCP47[code] : code, options);
  resolver.clearCache?.();
}

let areaStrings: Promise<void> | undefined;

/**
 * The English of the signed-in areas (locales/en/areas.ts), added once: the sign-in page does without
 * it, so it is not part of the first page's JS. Whatever renders inside the shell waits for it
 * (src/app/router.tsx); other languages load whole (`loadLocale`) and fall back to it.
 */
export function loadAreaStrings(): Promise<void> {
  areaStrings ??= import('./locales/en/areas').then((m) => {
    i18next.addResourceBundle('en', 'translation', m.default, true, false);
  });
  return areaStrings;
}

/** Starts i18next in `locale`; with `strings: 'signedOut'` (the app's first page) without the areas' English, which the shell loads. */
export async function initI18n(locale: Locale = readLanguageCookie(), strings: 'all' | 'signedOut' = 'all') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: enCore } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    pluralRulesByBcp47(i18next);
  }
  if (strings === 'all') await loadAreaStrings();
  await changeLanguage(locale);
  return i18next;
}

/**
 * Japanese and Chinese need CJK glyphs a reader's machine may not have (a bare Linux shows boxes):
 * Noto Sans JP and SC (SIL OFL 1.1, @fontsource), split by unicode-range, so a page downloads only
 * the slices of the characters it shows, and only in these two languages. app.css puts the face
 * after the theme's Latin one for `:lang(ja)` / `:lang(zh)`. docs/decisions.md "CJK fonts".
 */
const CJK_FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  ja: () => import('@fontsource/noto-sans-jp/400.css'),
  zh: () => import('@fontsource/noto-sans-sc/400.css'),
};

/** Loads the language (and its font, when it needs one), switches to it, and remembers it in the seed's cookie. */
export async function changeLanguage(locale: Locale) {
  void CJK_FONTS[locale]?.().catch(() => undefined);
  await loadLocale(locale);
  await i18next.changeLanguage(locale);
  writeLanguageCookie(locale);
  document.documentElement.lang = BCP47[locale];
}

/**
 * The API client's translator (`configureApiClient({ translate })`): its own messages and the
 * server's codes with their parameters, the English text when the key is unknown.
 */
export const translateApi = (key: string, fallback: string, params?: Record<string, unknown>) => i18next.t(key, { ...params, defaultValue: fallback });
/** The member's language, for the API client (`configureApiClient({ language })`). */
export const currentLanguage = () => i18next.language;
/** Money as the member reads it, for the API client (`configureApiClient({ money })`). */
export const moneyInLanguage = (minor: number, currency: string) => formatMoney(minor, currency, isLocale(i18next.language) ? BCP47[i18next.language] : i18next.language);

export { i18next };

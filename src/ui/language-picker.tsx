import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../api/admin/members/contract';
import { BCP47, RTL_LOCALES, changeLanguage, isLocale, languageLabel } from './i18n';
import { preferencesStore } from './preferences/store';

/** Switches the language: the cookie `i18nextLng`, the preferences, and Arabic turns the page right-to-left. */
export async function chooseLanguage(locale: Locale) {
  const previous = preferencesStore.get();
  const wasRtl = RTL_LOCALES.includes(previous.locale);
  const isRtl = RTL_LOCALES.includes(locale);
  await changeLanguage(locale);
  preferencesStore.update({
    locale,
    direction: isRtl ? 'rtl' : wasRtl ? 'ltr' : previous.direction,
  });
}

/** A native select: keyboard and screen-reader friendly, and light enough for the sign-in page; each language named in its own script. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="row" style={{ gap: '0.35rem' }}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {compact ? t('shell.language') : <><i className="pi pi-language" aria-hidden="true" /> {t('shell.language')}</>}
      </label>
      <select
        id={id}
        className="p-inputtext p-component"
        style={{ padding: '0.4rem 0.5rem' }}
        data-testid="language-picker"
        value={i18n.language}
        onChange={(e) => isLocale(e.target.value) && void chooseLanguage(e.target.value)}
      >
        {LOCALES.map((l) => (
          // Each name in its own script, marked with its language (fonts, screen readers), the seed's English name beside it.
          <option key={l} value={l} lang={BCP47[l]} dir="auto">
            {languageLabel(l)}
          </option>
        ))}
      </select>
    </span>
  );
}

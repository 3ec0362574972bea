import { useId } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../api/admin/members/contract';
import { BCP47, RTL_LOCALES, changeLanguage, isLocale, languageLabel } from './i18n';
import { preferencesStore } from './preferences/store';
import { DROPDOWN_PT } from './form-fields';

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

/** The sixteen languages as options, each named as the language picker names it: "Deutsch (German)". */
export const LANGUAGE_OPTIONS: { value: Locale; label: string }[] = LOCALES.map((l) => ({ value: l, label: languageLabel(l) }));

/** An option's name marked with its language, so it is read and drawn as that language. */
const languageItem = (option: { value: Locale; label: string }) => (
  <span lang={BCP47[option.value]} dir="auto">
    {option.label}
  </span>
);

/** The language a document is previewed, opened or sent in (itinerary, brochure, booking documents): a filterable dropdown of {@link LANGUAGE_OPTIONS}. */
export function DocumentLanguageDropdown({ inputId, value, onChange }: { inputId: string; value: Locale; onChange: (locale: Locale) => void }) {
  return <Dropdown inputId={inputId} value={value} options={LANGUAGE_OPTIONS} itemTemplate={languageItem} onChange={(e) => isLocale(e.value) && onChange(e.value)} filter pt={DROPDOWN_PT} />;
}

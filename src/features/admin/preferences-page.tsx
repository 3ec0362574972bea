import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectButton } from 'primereact/selectbutton';
import { InputSwitch } from 'primereact/inputswitch';
import { ANIMATIONS, DIRECTIONS, LAYOUTS, MENUS, NAVBARS, THEMES, type Preferences } from '../../api/admin/members/contract';
import { LanguagePicker } from '../../ui/language-picker';
import { preferencesStore, usePreferences } from '../../ui/preferences/store';

type ChoiceKey = 'theme' | 'menu' | 'layout' | 'direction' | 'navbar' | 'animation';
const CHOICES: [ChoiceKey, readonly string[]][] = [
  ['theme', THEMES],
  ['menu', MENUS],
  ['layout', LAYOUTS],
  ['direction', DIRECTIONS],
  ['navbar', NAVBARS],
  ['animation', ANIMATIONS],
];

function Choice({ name, values }: { name: ChoiceKey; values: readonly string[] }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const id = useId();
  const label = (v: string) =>
    name === 'theme' ? t(`shell.theme${v[0]!.toUpperCase()}${v.slice(1)}`) : t(`preferences.values.${v}`);
  return (
    <div className="field" role="group" aria-labelledby={id}>
      <span id={id} style={{ fontWeight: 500 }}>
        {t(`preferences.${name}`)}
      </span>
      <SelectButton
        value={prefs[name]}
        allowEmpty={false}
        data-testid={`pref-${name}`}
        options={values.map((v) => ({ value: v, label: label(v) }))}
        onChange={(e) => e.value && preferencesStore.update({ [name]: e.value } as Partial<Preferences>)}
      />
    </div>
  );
}

function Toggle({ name }: { name: 'semidark' | 'sidebarOpen' }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const id = useId();
  return (
    <div className="field field--inline">
      <InputSwitch inputId={id} checked={prefs[name]} onChange={(e) => preferencesStore.update({ [name]: !!e.value })} />
      <label htmlFor={id}>{t(`preferences.${name}`)}</label>
    </div>
  );
}

/** The seed's UI preferences: applied at once, kept on this device and in the member's account. */
export function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('preferences.title')}</h1>
      </div>
      <p className="muted">{t('preferences.hint')}</p>
      <div className="card stack">
        <LanguagePicker />
        {CHOICES.map(([name, values]) => (
          <Choice key={name} name={name} values={values} />
        ))}
        <Toggle name="semidark" />
        <Toggle name="sidebarOpen" />
      </div>
    </section>
  );
}

import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../api/admin/members/contract';
import { preferencesStore, usePreferences } from './preferences/store';

const ICONS = { light: 'pi pi-sun', dark: 'pi pi-moon', system: 'pi pi-desktop' } as const;
const LABELS = { light: 'shell.themeLight', dark: 'shell.themeDark', system: 'shell.themeSystem' } as const;

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const menu = useRef<Menu>(null);
  return (
    <>
      <Button
        type="button"
        icon={ICONS[theme]}
        rounded
        text
        aria-label={`${t('shell.theme')}: ${t(LABELS[theme])}`}
        aria-haspopup="menu"
        data-testid="theme-switch"
        onClick={(e) => menu.current?.toggle(e)}
      />
      <Menu
        ref={menu}
        popup
        aria-label={t('shell.theme')}
        model={THEMES.map((value) => ({
          label: t(LABELS[value]),
          icon: ICONS[value],
          className: value === theme ? 'menu-item--current' : undefined,
          command: () => preferencesStore.update({ theme: value }),
        }))}
      />
    </>
  );
}

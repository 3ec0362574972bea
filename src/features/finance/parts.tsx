import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { modulePath } from '../../ui/module-paths';
import './finance.css';

/** The account module's screens, as tabs over them (statement and summary join here later). */
export const ACCOUNT_SCREENS = [
  { path: modulePath('account'), label: 'finance.chart.title' },
  { path: `${modulePath('account')}/journal`, label: 'finance.journal.title' },
] as const;

export function AccountTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('finance.tabs')} className="account-tabs">
      {ACCOUNT_SCREENS.map((s) => (
        <NavLink key={s.path} to={s.path} end className={({ isActive }) => `p-button p-button-sm ${isActive ? '' : 'p-button-text'}`}>
          {t(s.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The i18n key of an account's name (`money:cash` → `finance.accounts.money.cash`; see locales/en/finance.ts). */
export const accountNameKey = (key: string) => `finance.accounts.${key.replace(':', '.')}`;

/**
 * A refusal of a money call in the person's language: the finance codes are translated, anything
 * else shows the server's message. Field issues go under their fields (the form does that); this
 * toasts the rest.
 */
export function useMoneyRefusal() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 401) return;
    if (error.status === 400 && error.issues?.length) return;
    toast.error(error.code ? t(`finance.codes.${error.code}`, { defaultValue: error.message || t('errors.unexpected') }) : error.message || t('errors.unexpected'));
  };
}

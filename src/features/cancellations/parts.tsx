import { useTranslation } from 'react-i18next';
import type { Cancellation } from '../../api/cancellations/contract';
import { useAuth } from '../../ui/auth';
import { useFormatters } from '../../ui/format';
import { modulePath } from '../../ui/module-paths';
import { ScreenTabs } from '../../ui/screen-tabs';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import './cancellations.css';

/** The requests waiting for a decision, the decided, and what the decisions gave back (credit notes, refunds). */
export const CANCELLATION_SCREENS = {
  requests: `${modulePath('cancellations')}/requests`,
  decided: modulePath('cancellations'),
  creditNotes: '/credit-notes',
  refunds: '/refunds',
} as const;

export function CancellationTabs() {
  const { t } = useTranslation();
  return (
    <ScreenTabs
      label={t('cancellations.tabs')}
      screens={[
        { path: CANCELLATION_SCREENS.requests, label: t('cancellations.requestsTitle') },
        { path: CANCELLATION_SCREENS.decided, label: t('cancellations.decidedTitle') },
        { path: CANCELLATION_SCREENS.creditNotes, label: t('creditNotes.title') },
        { path: CANCELLATION_SCREENS.refunds, label: t('refunds.title') },
      ]}
    />
  );
}

/** Money in the organization's currency, dates as calendar dates, instants in its time zone, in the member's language. */
export function useOrgFormatters() {
  const { organization } = useAuth();
  return useFormatters({ currency: organization.currency, timeZone: organization.timeZone });
}

/** An amount in a table, a card or a summary: its digits left to right in either direction. */
export function Money({ minor, currency }: { minor: number; currency?: string }) {
  const fmt = useOrgFormatters();
  return (
    <span className="money" data-negative={minor < 0 || undefined}>
      {fmt.money(minor, currency)}
    </span>
  );
}

const CANCELLATION_TONES: Record<Cancellation['status'], StatusTone> = { requested: 'warning', approved: 'success', rejected: 'danger' };

export function CancellationStatus({ status }: { status: Cancellation['status'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={CANCELLATION_TONES[status]} label={t(`cancellations.states.${status}`)} />;
}

/** The i18n key of a money account's name (`money:bank-transfer` → `finance.accounts.money.bank-transfer`). */
export const moneyAccountKey = (key: string) => `finance.accounts.${key.replace(':', '.')}`;

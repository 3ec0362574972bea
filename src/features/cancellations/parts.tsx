import { useTranslation } from 'react-i18next';
import type { Cancellation } from '../../api/cancellations/contract';
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

// The organization's formatters and its amounts, written once in src/ui; the area's screens take them from here.
export { Money, useOrgFormatters } from '../../ui/org-format';

const CANCELLATION_TONES: Record<Cancellation['status'], StatusTone> = { requested: 'warning', approved: 'success', rejected: 'danger' };

export function CancellationStatus({ status }: { status: Cancellation['status'] }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={CANCELLATION_TONES[status]} label={t(`cancellations.states.${status}`)} />;
}

/** The i18n key of a money account's name (`money:bank-transfer` → `finance.accounts.money.bank-transfer`). */
export const moneyAccountKey = (key: string) => `finance.accounts.${key.replace(':', '.')}`;

import { useTranslation } from 'react-i18next';

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** The tone of every status the product knows; unknown ones are neutral. */
const TONES: Record<string, StatusTone> = {
  active: 'success',
  completed: 'success',
  approved: 'success',
  paid: 'success',
  created: 'success',
  updated: 'info',
  inactive: 'neutral',
  exited: 'neutral',
  canceled: 'neutral',
  onLeave: 'warning',
  pending: 'warning',
  requested: 'info',
  rejected: 'danger',
  overdue: 'danger',
  // Subscriptions.
  trial: 'info',
  pastDue: 'warning',
  expired: 'danger',
  cancelled: 'neutral',
  pendingVerification: 'warning',
  verified: 'success',
  invoiced: 'info',
  submitted: 'warning',
  failed: 'danger',
  unpaid: 'neutral',
  partiallyPaid: 'warning',
};

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A status name, translated (`status.*`), with a colour that also reads in dark mode. */
export function StatusTag({ status, tone, label }: { status: string; tone?: StatusTone; /** Text of its own (a value that is not a status). */ label?: string }) {
  const { t } = useTranslation();
  const key = camel(status);
  const resolved = tone ?? TONES[key] ?? 'neutral';
  return (
    <span className={`status-tag status-tag--${resolved}`} data-status={status}>
      {label ?? t(`status.${key}`, { defaultValue: status })}
    </span>
  );
}

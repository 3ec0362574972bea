/**
 * An organization's subscription (SPEC "People and platform"): sold by the platform operator, read
 * by every member. The rules here are the one copy the server enforces and the web app shows.
 */
export const PLANS = ['starter', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'pastDue', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The most seats one subscription sells. */
export const MAX_SEATS = 10_000;

/** Members are warned this many days before the period ends. */
export const RENEWAL_WARNING_DAYS = 14;

/**
 * Why the organization may only read, or null when it may write: a cancelled subscription, an
 * expired one, or a period that ended. `today` is the organization's own date (its time zone), so
 * the last day of the period is a working day until midnight where the organization is.
 */
export function readOnlyReason(status: string, periodEnd: string, today: string): 'cancelled' | 'expired' | null {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'expired' || periodEnd < today) return 'expired';
  return null;
}

/**
 * Website leads keep coming this many days after an expired subscription's period ended (the
 * organization is read-only meanwhile, but its customers' enquiries are not lost while it renews);
 * after that, and at once for a cancelled one, the public lead capture refuses (docs/decisions.md).
 */
export const LEAD_CAPTURE_GRACE_DAYS = 30;

/** Why the website lead capture refuses an organization's leads, or null when it takes them. */
export function leadCaptureRefusal(status: string, periodEnd: string, today: string): 'cancelled' | 'expired' | null {
  if (status === 'cancelled') return 'cancelled';
  if (readOnlyReason(status, periodEnd, today) === null) return null;
  return daysUntil(today, periodEnd) < -LEAD_CAPTURE_GRACE_DAYS ? 'expired' : null;
}

/** Whole calendar days from `today` to `periodEnd` (`YYYY-MM-DD`); negative once it has passed. */
export function daysUntil(today: string, periodEnd: string): number {
  return Math.round((Date.parse(`${periodEnd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Members see the renewal warning from 14 days before the period ends, while they may still write. */
export const renewalDue = (s: { daysLeft: number; readOnly: boolean }) => !s.readOnly && s.daysLeft >= 0 && s.daysLeft <= RENEWAL_WARNING_DAYS;

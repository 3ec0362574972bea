import * as v from 'valibot';
import { pageQuery } from '../common/schemas';

export const NOTIFICATION_TYPES = [
  'lead-assigned',
  'follow-up-due',
  'payment-submitted',
  'installment-overdue',
  'cancellation-requested',
  'system',
] as const;

export interface Notification {
  _id: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  title: string;
  body: string | null;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export const unreadNotificationsQuery = v.strictObject({ page: pageQuery().page, limit: pageQuery().limit });
export type UnreadNotificationsQuery = v.InferOutput<typeof unreadNotificationsQuery>;

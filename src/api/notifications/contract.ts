import * as v from 'valibot';
import { pageQuery, timestamp, uuid } from '../common/schemas';

export const NOTIFICATION_TYPES = [
  'lead-assigned',
  'follow-up-due',
  'payment-submitted',
  'installment-overdue',
  'cancellation-requested',
  'system',
] as const;

export const notificationSchema = v.object({
  _id: uuid,
  type: v.picklist(NOTIFICATION_TYPES),
  title: v.string(),
  body: v.nullable(v.string()),
  link: v.nullable(v.string()),
  readAt: v.nullable(timestamp),
  createdAt: timestamp,
});
export type Notification = v.InferOutput<typeof notificationSchema>;

export const unreadNotificationsQuery = v.strictObject({ page: pageQuery().page, limit: pageQuery().limit });
export type UnreadNotificationsQuery = v.InferOutput<typeof unreadNotificationsQuery>;

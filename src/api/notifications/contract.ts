import { endpoint } from '../common/endpoint';
import { idParams, itemAnswer, listAnswerOf } from '../common/schemas';
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

/**
 * What a notification says, as a key and its values, so each member reads it in their own
 * language (`notifications.messages.<key>` in the locales). `title` and `body` keep the English
 * wording for API callers and for notifications written before messages had keys. Values named
 * `amount` (minor units, with `currency`), `date` (YYYY-MM-DD) and `method` (a payment method's
 * code) are formatted by the reader; the rest are names, shown as they are.
 */
export const NOTIFICATION_MESSAGES = ['leadAssignedNew', 'leadAssigned', 'leadsImported', 'leadEnquiry', 'followUpDue', 'paymentToVerify', 'installmentOverdue', 'cancellationRequested', 'welcome'] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGES)[number];

export const notificationMessageSchema = v.object({
  key: v.picklist(NOTIFICATION_MESSAGES),
  params: v.record(v.string(), v.union([v.string(), v.number()])),
});
export type NotificationMessage = v.InferOutput<typeof notificationMessageSchema>;

export const notificationSchema = v.object({
  _id: uuid,
  type: v.picklist(NOTIFICATION_TYPES),
  title: v.string(),
  body: v.nullable(v.string()),
  message: v.nullable(notificationMessageSchema),
  link: v.nullable(v.string()),
  readAt: v.nullable(timestamp),
  createdAt: timestamp,
});
export type Notification = v.InferOutput<typeof notificationSchema>;

export const unreadNotificationsQuery = v.strictObject({ page: pageQuery().page, limit: pageQuery().limit });
export type UnreadNotificationsQuery = v.InferOutput<typeof unreadNotificationsQuery>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const notificationEndpoints = {
  unread: endpoint({ method: 'GET', path: '/notifications/unread', query: unreadNotificationsQuery, answer: v.object({ ...listAnswerOf(notificationSchema).entries, stats: v.object({ unread: v.number() }) }) }),
  /** Marks every notification read. */
  readAll: endpoint({ method: 'PUT', path: '/notifications/read', answer: itemAnswer(v.object({ updated: v.number() })) }),
  read: endpoint({ method: 'PUT', path: '/notifications/:id/read', params: idParams, answer: itemAnswer(notificationSchema) }),
};

import * as v from 'valibot';
import { LOCALES, type Locale } from '../admin/members/contract';
import { emailSchema, noNul, pageQuery, sortBy } from '../common/schemas';

/**
 * Documents and email (docs/documents.md): a record's PDF in a chosen language, sent by email
 * through the organization's mail server from a job queue, or kept in the outbox when no mail
 * server is set. Every send is recorded on its record.
 */

/**
 * `queued` waits for (or retries) the mail server; `sent` was accepted by it; `failed` was given up
 * after the retries, with the server's reason; `outbox` was kept in the app because no mail server
 * is set.
 */
export const SEND_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** Largest single attachment a person may add to a send, and all of them together (413 beyond). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_BYTES = 20 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
/** What a person may attach: the type the file says it is must match what its bytes are. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'] as const;

export const languageSchema = v.picklist(LOCALES, `must be one of ${LOCALES.join(', ')}`);
export const documentLanguageQuery = v.strictObject({ lang: v.optional(languageSchema, 'en') });

const MAX_RECIPIENTS = 20;
/** One address, a comma-separated list, or a repeated field (multipart). */
const recipients = (required: boolean) =>
  v.pipe(
    v.union([v.string('must be an email address'), v.array(v.string('must be an email address'))], 'must be an email address or a list of them'),
    v.transform((x) => (Array.isArray(x) ? x : [x]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)),
    v.check((list) => !required || list.length > 0, 'needs at least one recipient'),
    v.maxLength(MAX_RECIPIENTS, `must have at most ${MAX_RECIPIENTS} addresses`),
    v.array(emailSchema),
  );

/**
 * `POST …/send` (multipart/form-data, or JSON without files): `to`, `cc`, `subject`, `message`,
 * `lang`; files in `attachments`. Subject and message default to the document's standard text in
 * the chosen language.
 */
export const sendDocumentInput = v.strictObject({
  to: recipients(true),
  cc: v.optional(recipients(false), []),
  subject: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(200, 'must be at most 200 characters'), noNul)),
  message: v.optional(v.pipe(v.string('must be text'), v.maxLength(10_000, 'must be at most 10000 characters'), noNul)),
  lang: v.optional(languageSchema),
});
export type SendDocumentInput = v.InferOutput<typeof sendDocumentInput>;

export interface SendAttachment {
  _id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** One email of a document: what was sent, to whom, by whom, and what became of it. */
export interface DocumentSend {
  _id: string;
  recordType: string;
  recordId: string | null;
  /** How people name the record (`RCT-2026-0001`). */
  recordLabel: string;
  document: string;
  /** The version of the record that was sent, when the record has versions (a customized tour). */
  version: number | null;
  language: Locale;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  status: SendStatus;
  attempts: number;
  /** The mail server's last refusal or the connection's error, while retrying and once failed. */
  lastError: string | null;
  /** The mail server's answer when it accepted the message. */
  serverResponse: string | null;
  sentBy: { _id: string; name: string } | null;
  attachments: SendAttachment[];
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

/** `GET /outbox`: every email of the organization, newest first; filtered by status. */
export const outboxQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(['createdAt'], 'createdAt'),
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'desc'),
  status: v.optional(v.picklist(SEND_STATUSES, `must be one of ${SEND_STATUSES.join(', ')}`)),
});
export type OutboxQuery = v.InferOutput<typeof outboxQuery>;

/** `POST /configurations/email-services/test`: a test email through the saved settings. */
export const testEmailInput = v.strictObject({ to: emailSchema, lang: v.optional(languageSchema, 'en') });
export interface TestEmailAnswer {
  delivered: boolean;
  /** The mail server's answer (`250 2.0.0 Ok: queued`) or why it could not be reached. */
  response: string;
}

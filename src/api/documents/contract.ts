import * as v from 'valibot';
import { LOCALES } from '../admin/members/contract';
import { coded } from '../common/issues';
import { emailSchema, idParams, idSchema, itemAnswer, listAnswerOf, oneOf, optionalText, multiline, pageQuery, sortBy, sortOrder, timestamp, uuid } from '../common/schemas';
import { endpoint, fileAnswer } from '../common/endpoint';
import { routePath, type PathParams } from '../common/paths';

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

export const languageSchema = oneOf(LOCALES, 'must be a supported language');
/** A document's language: the one asked for, else the record's own (a booking's), else English. */
export const documentLanguageQuery = v.strictObject({ lang: v.optional(languageSchema) });

const MAX_RECIPIENTS = 20;
/** One address, a comma-separated list, or a repeated field (multipart). */
const recipients = (required: boolean) =>
  v.pipe(
    v.union([v.string(), v.array(v.string())], coded('invalidType', 'must be an email address or a list of them', { expected: 'list' })),
    v.transform((x) => (Array.isArray(x) ? x : [x]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)),
    v.check((list) => !required || list.length > 0, coded('required', 'needs at least one recipient')),
    v.maxLength(MAX_RECIPIENTS, coded('tooManyItems', `must have at most ${MAX_RECIPIENTS} addresses`, { max: MAX_RECIPIENTS })),
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
  subject: optionalText(200),
  message: optionalText(10_000, multiline),
  lang: v.optional(languageSchema),
});
export type SendDocumentInput = v.InferOutput<typeof sendDocumentInput>;
export type SendDocumentFields = v.InferInput<typeof sendDocumentInput>;

export const sendAttachmentSchema = v.object({
  _id: uuid,
  fileName: v.string(),
  contentType: v.string(),
  size: v.number(),
});
export type SendAttachment = v.InferOutput<typeof sendAttachmentSchema>;

/** One email of a document: what was sent, to whom, by whom, and what became of it. */
export const documentSendSchema = v.object({
  _id: uuid,
  recordType: v.string(),
  recordId: v.nullable(uuid),
  /** How people name the record (`RCT-2026-0001`). */
  recordLabel: v.string(),
  document: v.string(),
  /** The version of the record that was sent, when the record has versions (a customized tour). */
  version: v.nullable(v.number()),
  language: v.picklist(LOCALES),
  to: v.array(v.string()),
  cc: v.array(v.string()),
  subject: v.string(),
  message: v.string(),
  status: v.picklist(SEND_STATUSES),
  attempts: v.number(),
  /** The mail server's last refusal or the connection's error, while retrying and once failed. */
  lastError: v.nullable(v.string()),
  /** The mail server's answer when it accepted the message. */
  serverResponse: v.nullable(v.string()),
  /** The member who sent it; null for what the product sends by itself (reminders, overdue notices). */
  sentBy: v.nullable(v.object({ _id: uuid, name: v.string() })),
  /** Who the email is from, as it goes out: the email settings' sender name (else the organization's name) and address (null until one is set). */
  from: v.object({ name: v.string(), address: v.nullable(v.string()) }),
  attachments: v.array(sendAttachmentSchema),
  createdAt: timestamp,
  sentAt: v.nullable(timestamp),
  failedAt: v.nullable(timestamp),
});
export type DocumentSend = v.InferOutput<typeof documentSendSchema>;
export const documentSendAnswer = itemAnswer(documentSendSchema);
/** `GET {record}/sends`: the record's sends, newest first. */
export const documentSendsAnswer = itemAnswer(v.array(documentSendSchema));
export const outboxAnswer = listAnswerOf(documentSendSchema);

/** `GET /outbox`: every email of the organization, newest first; filtered by status. */
export const outboxQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(['createdAt'], 'createdAt'),
  sortOrder: sortOrder('desc'),
  status: v.optional(oneOf(SEND_STATUSES)),
});
export type OutboxQuery = v.InferOutput<typeof outboxQuery>;

/** `POST /configurations/email-services/test`: a test email through the saved settings. */
export const testEmailInput = v.strictObject({ to: emailSchema, lang: v.optional(languageSchema, 'en') });
export const testEmailSchema = v.object({
  delivered: v.boolean(),
  /** The mail server's answer (`250 2.0.0 Ok: queued`) or why it could not be reached. */
  response: v.string(),
});
export type TestEmailAnswer = v.InferOutput<typeof testEmailSchema>;

// ---------- the organization's logo (the header of its documents) ----------

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_LOGO_BYTES = 1024 * 1024;
/** A logo is printed about 2 cm high: wider or taller images only cost memory. */
export const MAX_LOGO_PIXELS = 2048;

/** `PUT /members/organization/logo` (multipart, the image in `logo`) and `DELETE`: the logo now, or null. */
export const organizationLogoSchema = v.object({
  contentType: v.picklist(LOGO_TYPES),
  size: v.number(),
  updatedAt: timestamp,
});
export type OrganizationLogo = v.InferOutput<typeof organizationLogoSchema>;
export const organizationLogoAnswer = itemAnswer(v.nullable(organizationLogoSchema));

// ---------- a record's documents, for any area ----------

/**
 * A record's PDF (`GET /credit-notes/:id/pdf?lang=`): in the language asked for, else the record's
 * own, else English. The server's `documentPdfRoute` registers it; a browser link is
 * `documentFileUrl(endpoint, params, lang)` (src/api/documents/get-documents.ts).
 */
export const pdfEndpoint = <const P extends `${string}/pdf`, PS extends v.GenericSchema>(path: P, params: PS) =>
  endpoint({ method: 'GET', path, params, query: documentLanguageQuery, answer: fileAnswer('application/pdf') });

/**
 * `POST {path}` (multipart: to, cc, subject, message, lang, attachments): a record's document sent
 * by email, answered 202 with the send. The server's `documentSendRoute` registers it.
 */
export const sendEndpoint = <const P extends string, PS extends v.GenericSchema>(path: P, params: PS) =>
  endpoint({ method: 'POST', path, params, body: sendDocumentInput, answer: documentSendAnswer, status: 202 });

/**
 * The three calls of a record's document, declared by the record's area (`documentEndpoints('/bookings/:id', idParams)`):
 * `pdf` (`GET …/pdf?lang=`), `sends` (`GET …/sends`, newest first) and `send` (`POST …/send`); the
 * server's `documentRoutes` registers them, and `of(id)` names the record to the documents client
 * (`documentPdfUrl`, `useSends`, `useSendDocument`): `/bookings/42`.
 */
export function documentEndpoints<const P extends string, PS extends v.GenericSchema>(record: P, params: PS) {
  const of = routePath(record);
  return {
    pdf: pdfEndpoint(`${record}/pdf`, params),
    sends: endpoint({ method: 'GET', path: `${record}/sends`, params, answer: documentSendsAnswer }),
    send: sendEndpoint(`${record}/send`, params),
    of: (...values: PathParams<P>) => of(...values),
  };
}
export type DocumentEndpoints = ReturnType<typeof documentEndpoints<string, v.GenericSchema>>;

/** The documents area's own calls (the outbox, the logo, the email settings' test), declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const documentsEndpoints = {
  testEmail: endpoint({ method: 'POST', path: '/configurations/email-services/test', body: testEmailInput, answer: itemAnswer(testEmailSchema) }),
  logo: endpoint({ method: 'GET', path: '/members/organization/logo', answer: fileAnswer(...LOGO_TYPES) }),
  /** Multipart, the image in `logo`. */
  updateLogo: endpoint({ method: 'PUT', path: '/members/organization/logo', body: v.optional(v.strictObject({}), {}), answer: organizationLogoAnswer }),
  removeLogo: endpoint({ method: 'DELETE', path: '/members/organization/logo', answer: organizationLogoAnswer }),
  outbox: endpoint({ method: 'GET', path: '/outbox', query: outboxQuery, answer: outboxAnswer }),
  message: endpoint({ method: 'GET', path: '/outbox/:id', params: idParams, answer: documentSendAnswer }),
  eml: endpoint({ method: 'GET', path: '/outbox/:id/eml', params: idParams, answer: fileAnswer('message/rfc822') }),
  attachment: endpoint({ method: 'GET', path: '/outbox/:id/attachments/:attachmentId', params: v.object({ id: idSchema, attachmentId: idSchema }), answer: fileAnswer(...ATTACHMENT_TYPES) }),
};

import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/api/admin/members/contract';
import type { ListAnswer } from '../../src/api/common/schemas';
import { cleanFileName } from '../../src/api/common/file-name';
import type { DocumentSend, OutboxQuery, SendStatus } from '../../src/api/documents/contract';
import { currentOrganization, moduleSettings } from '../admin';
import type { Tx } from '../db/client';
import type { AuthContext } from '../auth/session';
import { ownRecordsOf } from '../auth/visibility';
import { notFound } from '../http/errors';
import { containsPattern, listPage } from '../http/list';
import { enqueueBossJob } from '../jobs/boss';
import { smtpConfigured, type OutgoingMessage } from './mailer';
import { organizationLogos } from './schema';
import { renderDocument, type DocumentOrganization, type DocumentTemplate, type RenderedDocument } from './render';
import { DOCUMENT_STRINGS, type DocumentStrings } from './strings';

/**
 * What other areas call: render a record's document, send it (queued for the mail server, or kept
 * in the outbox), and list a record's sends for its timeline. docs/documents.md.
 */
export const DOCUMENT_SEND_QUEUE = 'document-send';
export const DOCUMENT_SEND_FAILED_QUEUE = 'document-send-failed';

/** A record's document: which record, its template and data, and the email's standard words. */
export interface RecordDocument<D> {
  recordType: string;
  recordId: string | null;
  /** How people name the record: `RCT-2026-0001`. */
  recordLabel: string;
  /** The record's version that is sent, when it has versions. */
  version?: number | null;
  template: DocumentTemplate<D>;
  data: D;
  /** The record's own language (a booking's): its PDF's and its send's when the caller names none. */
  lang?: Locale;
  /** Further documents sent with it, each rendered in the send's language and attached after it (a cancellation's credit note). */
  also?: { template: DocumentTemplate<any>; data: unknown }[];
  /** Subject and message when the sender leaves them empty, in the document's language. */
  email(s: DocumentStrings, organization: string): { subject: string; message: string };
}

/** The caller's organization as its documents show it: name, colours, address, logo, currency, time zone, terms. */
export async function documentOrganization(tx: Tx): Promise<DocumentOrganization> {
  const org = await currentOrganization(tx);
  const [logo] = await tx.select({ content: organizationLogos.content }).from(organizationLogos);
  return {
    name: org.name,
    currency: org.currency,
    timeZone: org.timeZone,
    colorPrimary: org.colorPrimary,
    colorSecondary: org.colorSecondary,
    terms: org.terms,
    address: org.address,
    logo: logo?.content ?? null,
  };
}

/** The record's PDF in a language, with the caller's organization's page. */
export async function renderRecordDocument<D>(tx: Tx, doc: RecordDocument<D>, lang: Locale): Promise<RenderedDocument> {
  return renderDocument(doc.template, doc.data, await documentOrganization(tx), lang);
}

export interface Attachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface SendRequest {
  to: string[];
  cc: string[];
  subject?: string;
  message?: string;
  lang: Locale;
  /** Files the sender added, checked already (server/documents/send-route.ts). */
  attachments: Attachment[];
  sentBy: string | null;
}

/**
 * Renders the document and records the send, in the caller's transaction: with a mail server set,
 * the send is queued (the job exists only if the transaction commits, and the request never waits
 * for the mail server); without one, the message is kept in the outbox.
 */
export async function sendRecordDocument<D>(tx: Tx, doc: RecordDocument<D>, request: SendRequest): Promise<DocumentSend> {
  const organization = await documentOrganization(tx);
  const rendered = [await renderDocument(doc.template, doc.data, organization, request.lang)];
  for (const other of doc.also ?? []) rendered.push(await renderDocument(other.template, other.data, organization, request.lang));
  const standard = doc.email(DOCUMENT_STRINGS[request.lang], organization.name);
  return sendEmail(tx, {
    recordType: doc.recordType,
    recordId: doc.recordId,
    recordLabel: doc.recordLabel,
    document: doc.template.kind,
    version: doc.version ?? null,
    lang: request.lang,
    to: request.to,
    cc: request.cc,
    subject: request.subject || standard.subject,
    message: request.message || standard.message,
    attachments: [...rendered.map((r) => ({ fileName: r.fileName, contentType: 'application/pdf', content: r.pdf })), ...request.attachments],
    sentBy: request.sentBy,
  });
}

/** An email about a record, written in full by the caller: a document's send, or a message without one (a payment reminder). */
export interface EmailRequest {
  recordType: string;
  recordId: string | null;
  recordLabel: string;
  /** What the email is: the document's kind, or the message's (`payment-reminder`); the web app's documents.kinds.<kind>. */
  document: string;
  version?: number | null;
  lang: Locale;
  to: string[];
  cc?: string[];
  subject: string;
  message: string;
  attachments: Attachment[];
  sentBy: string | null;
}

/**
 * Records an email in the caller's transaction: with a mail server set it is queued (the job
 * exists only if the transaction commits, and the request never waits for the mail server);
 * without one, it is kept in the outbox.
 */
export async function sendEmail(tx: Tx, email: EmailRequest): Promise<DocumentSend> {
  const settings = await moduleSettings(tx, 'emailConfig');
  const id = crypto.randomUUID();
  const domain = settings.fromEmail.split('@')[1] || 'outbox.invalid';
  const status: SendStatus = smtpConfigured(settings) ? 'queued' : 'outbox';
  await tx.execute(sql`
    insert into document_sends (id, record_type, record_id, record_label, document, version, language, "to", cc, subject, message, message_id, status, sent_by)
    values (${id}, ${email.recordType}, ${email.recordId}, ${email.recordLabel}, ${email.document}, ${email.version ?? null}, ${email.lang},
            ${sql.param(email.to)}::text[], ${sql.param(email.cc ?? [])}::text[], ${email.subject}, ${email.message},
            ${`<${id}@${domain}>`}, ${status}, ${email.sentBy})`);
  for (const [position, file] of email.attachments.entries()) {
    await tx.execute(sql`
      insert into document_send_attachments (send_id, position, file_name, content_type, size, content)
      values (${id}, ${position}, ${file.fileName}, ${file.contentType}, ${file.content.length}, ${file.content})`);
  }
  if (status === 'queued') await enqueueBossJob(tx, DOCUMENT_SEND_QUEUE, { sendId: id });
  return sendById(tx, id);
}

interface SendRow extends Record<string, unknown> {
  id: string;
  record_type: string;
  record_id: string | null;
  record_label: string;
  document: string;
  version: number | null;
  language: Locale;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  status: SendStatus;
  attempts: number;
  last_error: string | null;
  server_response: string | null;
  sent_by: string | null;
  sent_by_name: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
  attachments: { _id: string; fileName: string; contentType: string; size: number }[];
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * Who an email is from, as it goes out: the email settings' sender name (else the organization's
 * name) and address. A send no member made (a reminder, an overdue notice) is the organization's.
 */
export async function senderOf(tx: Tx): Promise<DocumentSend['from']> {
  const settings = await moduleSettings(tx, 'emailConfig');
  const organization = await currentOrganization(tx);
  return { name: settings.fromName || organization.name, address: settings.fromEmail || null };
}

const toSendFrom = (from: DocumentSend['from']) => (r: SendRow) => toSend(r, from);

function toSend(r: SendRow, from: DocumentSend['from']): DocumentSend {
  return {
    from,
    _id: r.id,
    recordType: r.record_type,
    recordId: r.record_id,
    recordLabel: r.record_label,
    document: r.document,
    version: r.version,
    language: r.language,
    to: r.to,
    cc: r.cc,
    subject: r.subject,
    message: r.message,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    serverResponse: r.server_response,
    sentBy: r.sent_by ? { _id: r.sent_by, name: r.sent_by_name ?? '' } : null,
    // Cleaned as they are shown: a name stored before names were cleaned keeps no override.
    attachments: (r.attachments ?? []).map((a) => ({ ...a, fileName: cleanFileName(a.fileName) })),
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    failedAt: iso(r.failed_at),
  };
}

const selectSends = (where: SQL, tail: SQL = sql``) => sql`
  select s.id, s.record_type, s.record_id, s.record_label, s.document, s.version, s.language, s."to", s.cc, s.subject, s.message,
         s.status, s.attempts, s.last_error, s.server_response, s.sent_by, m.name as sent_by_name, s.created_at, s.sent_at, s.failed_at,
         (select coalesce(json_agg(json_build_object('_id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'size', a.size) order by a.position), '[]')
          from document_send_attachments a where a.send_id = s.id) as attachments
  from document_sends s left join members m on m.id = s.sent_by
  where ${where} ${tail}`;

export async function sendById(tx: Tx, id: string): Promise<DocumentSend> {
  const { rows } = await tx.execute<SendRow>(selectSends(sql`s.id = ${id}`));
  if (!rows[0]) throw notFound('Email');
  return toSend(rows[0], await senderOf(tx));
}

/** A record's sends, newest first: what its page shows on its timeline. */
export async function sendsOf(tx: Tx, recordType: string, recordId: string): Promise<DocumentSend[]> {
  const { rows } = await tx.execute<SendRow>(selectSends(sql`s.record_type = ${recordType} and s.record_id = ${recordId}`, sql`order by s.created_at desc limit 100`));
  return rows.map(toSendFrom(await senderOf(tx)));
}

/** `GET /outbox`: the organization's emails, newest first. */
/**
 * The sends the caller may see in the outbox (issue 26): under "own" booking visibility, a send
 * that names a booking (its confirmation and reminders, a payment's receipt, its invoice, a
 * voucher of its operation) only when the booking is the caller's; under "own" lead visibility, a
 * customized tour's only when its lead is. The record types are the sending areas' (bookings,
 * operations, tours) and so are the tables named here: written in SQL, as those areas import this one.
 */
export function visibleSends(auth: Pick<AuthContext, 'role' | 'memberId'>): SQL {
  const conditions: SQL[] = [];
  const bookingsOf = ownRecordsOf(auth, 'bookings');
  if (bookingsOf) {
    conditions.push(sql`(s.record_type not in ('booking', 'booking-payment', 'booking-invoice', 'voucher')
      or exists (select 1 from bookings vb where vb.converted_by = ${bookingsOf} and vb.id = case s.record_type
        when 'booking' then s.record_id
        when 'booking-payment' then (select p.booking_id from booking_payments p where p.id = s.record_id)
        when 'booking-invoice' then (select i.booking_id from booking_invoices i where i.id = s.record_id)
        else (select o.booking_id from vouchers v join booking_operations o on o.id = v.operation_id where v.id = s.record_id) end))`);
  }
  const leadsOf = ownRecordsOf(auth, 'leads');
  if (leadsOf) {
    conditions.push(sql`(s.record_type <> 'customized-tour' or exists (select 1 from customized_tours t join leads l on l.id = t.lead_id where t.id = s.record_id and l.assigned_to = ${leadsOf}))`);
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** 404 for a send the caller may not see in the outbox ({@link visibleSends}). */
export async function assertVisibleSend(tx: Tx, auth: Pick<AuthContext, 'role' | 'memberId'>, id: string): Promise<void> {
  const { rows } = await tx.execute(sql`select 1 from document_sends s where s.id = ${id} and ${visibleSends(auth)}`);
  if (!rows.length) throw notFound('Email');
}

export async function outboxPage(tx: Tx, q: OutboxQuery, auth: Pick<AuthContext, 'role' | 'memberId'>): Promise<ListAnswer<DocumentSend>> {
  const where = sql`${q.status ? sql`s.status = ${q.status}` : sql`true`} and ${visibleSends(auth)}`;
  const pattern = q.search ? containsPattern(q.search) : '';
  const search = pattern ? sql` and (s.subject ilike ${pattern} or s.record_label ilike ${pattern} or array_to_string(s."to", ' ') ilike ${pattern})` : sql``;
  const order = q.sortOrder === 'asc' ? sql`s.created_at asc, s.id asc` : sql`s.created_at desc, s.id desc`;
  const from = await senderOf(tx);
  return listPage(q, {
    rows: async (limit, offset) => (await tx.execute<SendRow>(selectSends(sql`${where}${search}`, sql`order by ${order} limit ${limit} offset ${offset}`))).rows,
    toItem: toSendFrom(from),
    count: async () => {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from document_sends s where ${where}${search}`);
      return rows[0].n;
    },
  });
}

/** The message of a send as it goes out (or would): for the mail server and for the outbox's `.eml`. */
export async function outgoingMessage(tx: Tx, id: string): Promise<OutgoingMessage> {
  const { rows } = await tx.execute<{ to: string[]; cc: string[]; subject: string; message: string; message_id: string }>(
    sql`select "to", cc, subject, message, message_id from document_sends where id = ${id}`,
  );
  const send = rows[0];
  if (!send) throw notFound('Email');
  const { rows: files } = await tx.execute<{ file_name: string; content_type: string; content: Buffer }>(
    sql`select file_name, content_type, content from document_send_attachments where send_id = ${id} order by position`,
  );
  const from = await senderOf(tx);
  return {
    messageId: send.message_id,
    from: { name: from.name, address: from.address ?? 'outbox@outbox.invalid' },
    to: send.to,
    cc: send.cc,
    subject: send.subject,
    text: send.message,
    attachments: files.map((f) => ({ fileName: cleanFileName(f.file_name), contentType: f.content_type, content: f.content })),
  };
}

/** One attachment's bytes (the outbox shows them). */
export async function attachmentOf(tx: Tx, sendId: string, attachmentId: string) {
  const { rows } = await tx.execute<{ file_name: string; content_type: string; content: Buffer }>(
    sql`select file_name, content_type, content from document_send_attachments where send_id = ${sendId} and id = ${attachmentId}`,
  );
  if (!rows[0]) throw notFound('Attachment');
  return { fileName: rows[0].file_name, contentType: rows[0].content_type, content: rows[0].content };
}

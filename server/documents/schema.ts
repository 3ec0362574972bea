import { sql } from 'drizzle-orm';
import { check, customType, foreignKey, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { members } from '../auth/schema';
import { createdAt, id, instant, tenantId, updatedAt } from '../db/tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every email of a document (docs/documents.md): the message as it was written and rendered,
 * whose record it belongs to (any area's: `record_type` + `record_id`), who sent it, and what the
 * mail server made of it. `queued` → `sent` | `failed`, or `outbox` when no mail server is set.
 * The message keeps its Message-ID from the start, so a retry is the same message.
 */
export const documentSends = pgTable(
  'document_sends',
  {
    id: id(),
    organizationId: tenantId(),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id'),
    recordLabel: text('record_label').notNull(),
    document: text('document').notNull(),
    version: integer('version'),
    language: text('language').notNull(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'`),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    serverResponse: text('server_response'),
    sentBy: uuid('sent_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: instant('sent_at'),
    failedAt: instant('failed_at'),
  },
  (t) => [
    unique('document_sends_org_id_uq').on(t.organizationId, t.id),
    index('document_sends_record_idx').on(t.organizationId, t.recordType, t.recordId, t.createdAt),
    index('document_sends_org_created_idx').on(t.organizationId, t.createdAt),
    index('document_sends_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    check('document_sends_status_ck', sql`${t.status} in ('queued', 'sent', 'failed', 'outbox')`),
    check('document_sends_to_ck', sql`cardinality(${t.to}) between 1 and 20`),
    // A message leaves the queue once: sent or failed, each with its moment.
    check('document_sends_sent_ck', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    check('document_sends_failed_ck', sql`(${t.status} = 'failed') = (${t.failedAt} is not null)`),
  ],
);

/** The files of a send: the document first, then what the person attached. */
export const documentSendAttachments = pgTable(
  'document_send_attachments',
  {
    id: id(),
    organizationId: tenantId(),
    sendId: uuid('send_id').notNull(),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    foreignKey({ name: 'document_send_attachments_send_fk', columns: [t.organizationId, t.sendId], foreignColumns: [documentSends.organizationId, documentSends.id] }).onDelete('cascade'),
    unique('document_send_attachments_position_uq').on(t.sendId, t.position),
    check('document_send_attachments_size_ck', sql`${t.size} = octet_length(${t.content})`),
  ],
);

/**
 * The organization's logo, printed in the header of its documents (one per organization). Kept
 * apart from `organizations`, which every request reads whole, so its bytes are read only by a
 * document and by the logo's own calls.
 */
export const organizationLogos = pgTable(
  'organization_logos',
  {
    organizationId: tenantId().primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organization_logos_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('organization_logos_size_ck', sql`${t.size} = octet_length(${t.content}) and ${t.size} <= 1048576`),
  ],
);

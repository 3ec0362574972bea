import * as v from 'valibot';
import { cleanFileName } from '../../src/api/common/file-name';
import type { Locale } from '../../src/api/admin/members/contract';
import type { Endpoint, FileAnswer } from '../../src/api/common/endpoint';
import { ATTACHMENT_TYPES, MAX_ATTACHMENTS, MAX_ATTACHMENTS_BYTES, MAX_ATTACHMENT_BYTES, type documentLanguageQuery, type documentSendAnswer, type documentSendsAnswer, type sendDocumentInput, type DocumentSend } from '../../src/api/documents/contract';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { ApiError, invalidField, issue } from '../http/errors';
import { checkFile } from '../http/files';
import { route, type MemberAccess, type RouteDef, type UploadedFile } from '../http/route';
import { renderRecordDocument, sendRecordDocument, sendsOf, type Attachment, type RecordDocument } from './store';

/**
 * The three routes of a record's document, for any area: `GET {path}/pdf?lang=` (the PDF),
 * `POST {path}/send` (multipart: to, cc, subject, message, lang, attachments; queued or kept in the
 * outbox, answered 202 with the send) and `GET {path}/sends` (the record's sends, newest first).
 * An area gives its endpoints (`documentEndpoints` in its contract), who may read and who may send, and how to load the record's document.
 */
export interface DocumentRoutes<P extends v.GenericSchema> {
  endpoints: { pdf: PdfEndpoint<P>; sends: Endpoint<'GET', string, P, undefined, undefined, typeof documentSendsAnswer>; send: SendEndpoint<P> };
  read: MemberAccess;
  send: MemberAccess;
  /** The record's document; throws 404 (or 409) when there is none to give. */
  load(tx: Tx, params: v.InferOutput<P>, auth: AuthContext): Promise<RecordDocument<any>>;
  /**
   * Runs first in a send, before the PDF is rendered: lock the record and refuse (409) a send its
   * state does not allow, so concurrent sends queue on the lock instead of each rendering a PDF
   * that will be thrown away, and `load` then reads the record as it is sent.
   */
  beforeSend?(tx: Tx, params: v.InferOutput<P>, auth: AuthContext): Promise<void>;
  /** What sending changes on the record (a tour moves to `sent`), in the same transaction. */
  afterSend?(tx: Tx, params: v.InferOutput<P>, send: DocumentSend, auth: AuthContext): Promise<void>;
}


/**
 * The files a person attached, checked: at most 10, each within 10 MiB and all within 20 MiB (413),
 * of a type the product accepts, and really of that type (a renamed executable is not a PDF
 * because it says so).
 */
export function checkAttachments(files: UploadedFile[]): Attachment[] {
  if (files.length > MAX_ATTACHMENTS) throw invalidField('attachments', 'tooManyItems', `must have at most ${MAX_ATTACHMENTS} files`, { max: MAX_ATTACHMENTS });
  let total = 0;
  return files.map((file, i) => {
    const contentType = checkFile(`attachments.${i}`, file, ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES);
    total += file.bytes.length;
    if (total > MAX_ATTACHMENTS_BYTES) {
      const megabytes = MAX_ATTACHMENTS_BYTES / 1024 / 1024;
      throw new ApiError(413, 'ATTACHMENT_TOO_LARGE', `The attachments are larger than ${megabytes} MB together`, [issue('attachments', 'filesTooLarge', `must be at most ${megabytes} MB together`, { megabytes })], undefined, { megabytes });
    }
    return { fileName: cleanFileName(file.name, 'attachment'), contentType, content: file.bytes };
  });
}

/** `Content-Disposition` with the file's name, also when it is not ASCII (cleaned again: a name stored before names were cleaned). */
export function disposition(kind: 'inline' | 'attachment', name: string) {
  const fileName = cleanFileName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A record's PDF and its send, as the contract's `pdfEndpoint` and `sendEndpoint` declare them. */
type PdfEndpoint<P extends v.GenericSchema> = Endpoint<'GET', string, P, typeof documentLanguageQuery, undefined, FileAnswer>;
type SendEndpoint<P extends v.GenericSchema> = Endpoint<'POST', string, P, undefined, typeof sendDocumentInput, typeof documentSendAnswer>;

/** What every document route needs: its endpoint (the contract's), who may call it, and how to load the record's document. */
interface DocumentRoute<P extends v.GenericSchema, E> {
  endpoint: E;
  access: MemberAccess;
  load(tx: Tx, params: v.InferOutput<P>, auth: AuthContext): Promise<RecordDocument<any>>;
}

/** `GET …/pdf?lang=` (the contract's `pdfEndpoint`): the record's PDF, in the language asked for, else the record's own ({@link RecordDocument.lang}), else English. */
export function documentPdfRoute<P extends v.GenericSchema>(def: DocumentRoute<P, PdfEndpoint<P>>): RouteDef {
  return route({
    endpoint: def.endpoint,
    access: def.access,
    async handler({ tx, params, query, auth }) {
      const doc = await def.load(tx, params as v.InferOutput<P>, auth);
      const rendered = await renderRecordDocument(tx, doc, query.lang ?? doc.lang ?? 'en');
      return new Response(new Uint8Array(rendered.pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition('inline', rendered.fileName), 'Cache-Control': 'no-store' },
      });
    },
  });
}

/**
 * `POST …/send` (the contract's `sendEndpoint`; multipart: to, cc, subject, message, lang, attachments): the record's document (and
 * the documents it carries along, {@link RecordDocument.also}) with the files the sender added,
 * queued or kept in the outbox; answered 202 with the send. `lang` defaults to the record's own.
 */
export function documentSendRoute<P extends v.GenericSchema>(def: DocumentRoute<P, SendEndpoint<P>> & Pick<DocumentRoutes<P>, 'beforeSend' | 'afterSend'>): RouteDef {
  return route({
    endpoint: def.endpoint,
    access: def.access,
    multipart: { files: 'attachments' },
    maxBodyBytes: MAX_ATTACHMENTS_BYTES + 1024 * 1024,
    async handler({ tx, params, body, files, auth }) {
      const attachments = checkAttachments(files);
      await def.beforeSend?.(tx, params as v.InferOutput<P>, auth);
      const doc = await def.load(tx, params as v.InferOutput<P>, auth);
      const send = await sendRecordDocument(tx, doc, {
        to: body.to,
        cc: body.cc,
        subject: body.subject,
        message: body.message,
        lang: (body.lang ?? doc.lang ?? 'en') as Locale,
        attachments,
        sentBy: auth.memberId,
      });
      await def.afterSend?.(tx, params as v.InferOutput<P>, send, auth);
      return { data: send };
    },
  });
}

export function documentRoutes<P extends v.GenericSchema>(def: DocumentRoutes<P>): RouteDef[] {
  return [
    documentPdfRoute({ endpoint: def.endpoints.pdf, access: def.read, load: def.load }),
    route({
      endpoint: def.endpoints.sends,
      access: def.read,
      async handler({ tx, params, auth }) {
        const doc = await def.load(tx, params as v.InferOutput<P>, auth);
        return { data: doc.recordId ? await sendsOf(tx, doc.recordType, doc.recordId) : [] };
      },
    }),
    documentSendRoute({ endpoint: def.endpoints.send, access: def.send, load: def.load, beforeSend: def.beforeSend, afterSend: def.afterSend }),
  ];
}

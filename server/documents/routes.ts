import crypto from 'node:crypto';
import * as v from 'valibot';
import { idParams, idSchema } from '../../src/api/common/schemas';
import { ATTACHMENT_TYPES, documentSendAnswer, outboxAnswer, outboxQuery, testEmailInput, testEmailSchema, type TestEmailAnswer } from '../../src/api/documents/contract';
import { itemAnswer } from '../../src/api/common/schemas';
import { currentOrganization, moduleSettings } from '../admin/store';
import { conflict } from '../http/errors';
import { allow, fileAnswer, route, type RouteDef } from '../http/route';
import { deliver, smtpConfigured, smtpError, toEml } from './mailer';
import { disposition } from './send-route';
import { attachmentOf, outboxPage, outgoingMessage, sendById } from './store';
import { DOCUMENT_STRINGS, fill } from './strings';

/**
 * The outbox (every email of the organization, with what became of it; the ones kept because no
 * mail server is set among them) and the email settings' test. Both belong to whoever manages
 * Configurations, where the mail server is set (docs/documents.md).
 */
export const documentRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/configurations/email-services/test',
    access: allow('configurations', 'update'),
    body: testEmailInput,
    answers: itemAnswer(testEmailSchema),
    async handler({ tx, body, services }): Promise<{ data: TestEmailAnswer }> {
      const settings = await moduleSettings(tx, 'emailConfig');
      if (!smtpConfigured(settings)) throw conflict('Set the mail server (host and sender address) first', 'MAIL_SERVER_NOT_SET');
      const organization = (await currentOrganization(tx)).name;
      const s = DOCUMENT_STRINGS[body.lang];
      // The person waits for this one on purpose: the point is to see the server's answer.
      try {
        const response = await deliver(
          settings,
          {
            messageId: `<test-${crypto.randomUUID()}@${settings.fromEmail.split('@')[1]}>`,
            from: { name: settings.fromName || organization, address: settings.fromEmail },
            to: [body.to],
            cc: [],
            subject: fill(s.email.testSubject, { organization }),
            text: fill(s.email.testMessage, { organization }),
            attachments: [],
          },
          Math.min(services.config.mail.timeoutSeconds, 20),
        );
        return { data: { delivered: true, response } };
      } catch (err) {
        return { data: { delivered: false, response: smtpError(err) } };
      }
    },
  }),
  route({
    method: 'GET',
    path: '/outbox',
    access: allow('configurations', 'view'),
    query: outboxQuery,
    answers: outboxAnswer,
    handler: ({ tx, query }) => outboxPage(tx, query),
  }),
  route({
    method: 'GET',
    path: '/outbox/:id',
    access: allow('configurations', 'view'),
    params: idParams,
    answers: documentSendAnswer,
    handler: async ({ tx, params }) => ({ data: await sendById(tx, params.id) }),
  }),
  route({
    method: 'GET',
    path: '/outbox/:id/eml',
    access: allow('configurations', 'view'),
    params: idParams,
    answers: fileAnswer('message/rfc822'),
    async handler({ tx, params }) {
      const send = await sendById(tx, params.id);
      const eml = await toEml(await outgoingMessage(tx, params.id));
      return new Response(new Uint8Array(eml), {
        headers: { 'Content-Type': 'message/rfc822', 'Content-Disposition': disposition('attachment', `${send.recordLabel || 'email'}.eml`), 'Cache-Control': 'no-store' },
      });
    },
  }),
  route({
    method: 'GET',
    path: '/outbox/:id/attachments/:attachmentId',
    access: allow('configurations', 'view'),
    params: v.object({ id: idSchema, attachmentId: idSchema }),
    // The document's PDF and what the sender attached (checked on the way in: server/documents/send-route.ts).
    answers: fileAnswer(...ATTACHMENT_TYPES),
    async handler({ tx, params }) {
      const file = await attachmentOf(tx, params.id, params.attachmentId);
      return new Response(new Uint8Array(file.content), {
        headers: { 'Content-Type': file.contentType, 'Content-Disposition': disposition('attachment', file.fileName), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
      });
    },
  }),
];

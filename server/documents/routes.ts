import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { documentsEndpoints, LOGO_TYPES, MAX_LOGO_BYTES, MAX_LOGO_PIXELS, type TestEmailAnswer } from '../../src/api/documents/contract';
import { currentOrganization, moduleSettings } from '../admin';
import { conflict, invalidField, notFound } from '../http/errors';
import { checkFile } from '../http/files';
import { allow, route, type RouteDef } from '../http/route';
import { deliver, smtpConfigured, smtpFailure, toEml } from './mailer';
import { outboundPolicy } from '../http/outbound';
import { disposition } from './send-route';
import { logoProblem } from './render';
import { organizationLogos } from './schema';
import { assertVisibleSend, attachmentOf, outboxPage, outgoingMessage, sendById } from './store';
import { DOCUMENT_STRINGS, fill } from './strings';

const logoInfo = (row: { contentType: string; size: number; updatedAt: string }) => ({
  contentType: row.contentType as (typeof LOGO_TYPES)[number],
  size: row.size,
  updatedAt: row.updatedAt,
});

/**
 * The outbox (every email of the organization, with what became of it; the ones kept because no
 * mail server is set among them) and the email settings' test, which belong to whoever manages
 * Configurations, where the mail server is set; and the organization's logo, printed in the header
 * of its documents, which belongs to whoever manages the organization (docs/documents.md).
 */
export const outboxRoutes: RouteDef[] = [
  route({
    endpoint: documentsEndpoints.testEmail,
    access: allow('configurations', 'update'),
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
          outboundPolicy(services.config.outboundAllowedRanges),
        );
        return { data: { delivered: true, response } };
      } catch (err) {
        return { data: { delivered: false, response: smtpFailure(err) } };
      }
    },
  }),
  route({
    endpoint: documentsEndpoints.logo,
    access: allow('organization', 'view'),
    async handler({ tx }) {
      const [logo] = await tx.select().from(organizationLogos);
      if (!logo) throw notFound('Logo');
      return new Response(new Uint8Array(logo.content), {
        headers: { 'Content-Type': logo.contentType, 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' },
      });
    },
  }),
  route({
    endpoint: documentsEndpoints.updateLogo,
    access: allow('organization', 'update'),
    // The image comes as the form's `logo` file; the form has no other field.
    multipart: { files: 'logo' },
    maxBodyBytes: MAX_LOGO_BYTES + 64 * 1024,
    async handler({ tx, files }) {
      const [file, another] = files;
      if (!file) throw invalidField('logo', 'required', 'is required');
      if (another) throw invalidField('logo', 'tooManyItems', 'must be one image', { max: 1 });
      const type = checkFile('logo', file, LOGO_TYPES, MAX_LOGO_BYTES);
      const problem = await logoProblem(file.bytes, MAX_LOGO_PIXELS);
      if (problem) throw invalidField('logo', problem.code, problem.message, { max: MAX_LOGO_PIXELS });
      const [row] = await tx
        .insert(organizationLogos)
        .values({ contentType: type, size: file.bytes.length, content: file.bytes })
        .onConflictDoUpdate({ target: organizationLogos.organizationId, set: { contentType: type, size: file.bytes.length, content: file.bytes, updatedAt: sql`now()` } })
        .returning();
      return { data: logoInfo(row) };
    },
  }),
  route({
    endpoint: documentsEndpoints.removeLogo,
    access: allow('organization', 'update'),
    async handler({ tx }) {
      await tx.delete(organizationLogos);
      return { data: null };
    },
  }),
  route({
    endpoint: documentsEndpoints.outbox,
    access: allow('configurations', 'view'),
    handler: ({ tx, query, auth }) => outboxPage(tx, query, auth),
  }),
  route({
    endpoint: documentsEndpoints.message,
    access: allow('configurations', 'view'),
    async handler({ tx, params, auth }) {
      await assertVisibleSend(tx, auth, params.id);
      return { data: await sendById(tx, params.id) };
    },
  }),
  route({
    endpoint: documentsEndpoints.eml,
    access: allow('configurations', 'view'),
    async handler({ tx, params, auth }) {
      await assertVisibleSend(tx, auth, params.id);
      const send = await sendById(tx, params.id);
      const eml = await toEml(await outgoingMessage(tx, params.id));
      return new Response(new Uint8Array(eml), {
        headers: { 'Content-Type': 'message/rfc822', 'Content-Disposition': disposition('attachment', `${send.recordLabel || 'email'}.eml`), 'Cache-Control': 'no-store' },
      });
    },
  }),
  route({
    endpoint: documentsEndpoints.attachment,
    access: allow('configurations', 'view'),
    // The document's PDF and what the sender attached (checked on the way in: server/documents/send-route.ts).
    async handler({ tx, params, auth }) {
      await assertVisibleSend(tx, auth, params.id);
      const file = await attachmentOf(tx, params.id, params.attachmentId);
      return new Response(new Uint8Array(file.content), {
        headers: { 'Content-Type': file.contentType, 'Content-Disposition': disposition('attachment', file.fileName), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
      });
    },
  }),
];

import crypto from 'node:crypto';
import { findInvitation } from '../admin';
import type { Tx } from '../db/client';
import type { Locale } from '../../src/api/admin/members/contract';
import { deliver, DOCUMENT_STRINGS, documentFormatters, fill, smtpError, type EmailSettings, type OutgoingMessage } from '../documents';
import { ApiError } from '../http/errors';
import { enqueueBossJob, type BossQueue } from '../jobs/boss';
import type { AppServices } from '../services';

/**
 * The onboarded owner's invitation by e-mail, through the platform's own mail server
 * (PLATFORM_SMTP_URL: a new organization has no mail settings of its own). The same mailer and the
 * same pg-boss queue machinery as the documents' mail: enqueued in the onboarding's transaction, so
 * it goes out only for an organization that was committed, and sent by a worker outside any
 * request, claimed once across instances, retried with back-off. docs/decisions.md (platform).
 */
export const INVITATION_MAIL_QUEUE = 'platform-invitation-mail';

export interface InvitationMail {
  to: string;
  name: string;
  organization: string;
  /** The one-time link itself: only the job carries it (the database keeps its hash), until the mail is sent. */
  url: string;
  expiresAt: string;
  /** The owner's language and the organization's time zone (absent in jobs queued before they were: English, UTC). */
  locale?: Locale;
  timeZone?: string;
}

/** Queues the invitation when the platform has a mail server; answers whether it did. Run inside the owner's organization (`asTenant`). */
export async function queueInvitationEmail(tx: Tx, smtp: EmailSettings | null, mail: InvitationMail): Promise<boolean> {
  if (!smtp) return false;
  await enqueueBossJob(tx, INVITATION_MAIL_QUEUE, { ...mail });
  return true;
}

/** The message in the owner's language (the operator picks it at onboarding), the link's end in the organization's time zone. */
export function invitationMessage(smtp: EmailSettings, mail: InvitationMail): OutgoingMessage {
  const locale = mail.locale ?? 'en';
  const words = DOCUMENT_STRINGS[locale].email;
  const expires = documentFormatters(locale, { currency: 'USD', timeZone: mail.timeZone ?? 'UTC' }).dateTime(mail.expiresAt);
  return {
    messageId: `<${crypto.randomUUID()}@${smtp.fromEmail.split('@')[1]}>`,
    from: { name: smtp.fromName, address: smtp.fromEmail },
    to: [mail.to],
    cc: [],
    subject: fill(words.invitationSubject, { organization: mail.organization }),
    text: fill(words.invitationMessage, { name: mail.name, organization: mail.organization, url: mail.url, date: expires }),
    attachments: [],
  };
}

/**
 * Sends one invitation. A link already used or expired is not sent (the owner got in some other
 * way, or it is too late to help). A refusal or a time-out is thrown, so pg-boss retries it; once
 * the retries are spent the job stays `failed` in the queue with the reason, and the organization
 * is untouched: the operator still has the link.
 */
export async function sendInvitationEmail({ database, config }: AppServices, mail: InvitationMail) {
  const smtp = config.platformSmtp;
  if (!smtp) throw new Error('PLATFORM_SMTP_URL was removed after this invitation was queued');
  try {
    await findInvitation(database.db, mail.url.slice(mail.url.indexOf('#') + 1));
  } catch (err) {
    if (err instanceof ApiError) return;
    throw err;
  }
  try {
    await deliver(smtp, invitationMessage(smtp, mail), config.mail.timeoutSeconds);
  } catch (err) {
    throw new Error(smtpError(err));
  }
}

export function platformQueues(services: AppServices): BossQueue[] {
  const { mail } = services.config;
  return [
    {
      name: INVITATION_MAIL_QUEUE,
      retryLimit: mail.retries,
      retryDelay: mail.retryDelaySeconds,
      expireInSeconds: mail.timeoutSeconds * 3 + 5,
      workers: 1,
      handler: (data) => sendInvitationEmail(services, data as unknown as InvitationMail),
    },
  ];
}

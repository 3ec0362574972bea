import crypto from 'node:crypto';
import { findInvitation } from '../admin';
import type { Tx } from '../db/client';
import { deliver, smtpError, type EmailSettings, type OutgoingMessage } from '../documents';
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
}

/** Queues the invitation when the platform has a mail server; answers whether it did. Run inside the owner's organization (`asTenant`). */
export async function queueInvitationEmail(tx: Tx, smtp: EmailSettings | null, mail: InvitationMail): Promise<boolean> {
  if (!smtp) return false;
  await enqueueBossJob(tx, INVITATION_MAIL_QUEUE, { ...mail });
  return true;
}

/** The message, in English: onboarding does not ask for the owner's language. */
export function invitationMessage(smtp: EmailSettings, mail: InvitationMail): OutgoingMessage {
  const expires = new Date(mail.expiresAt).toUTCString();
  return {
    messageId: `<${crypto.randomUUID()}@${smtp.fromEmail.split('@')[1]}>`,
    from: { name: smtp.fromName, address: smtp.fromEmail },
    to: [mail.to],
    cc: [],
    subject: `Your ${mail.organization} back office is ready`,
    text: [
      `Hello ${mail.name},`,
      '',
      `An account has been created for you as the owner of ${mail.organization}.`,
      'Open this link to set your password and sign in:',
      '',
      mail.url,
      '',
      `The link works once, until ${expires}. If it has expired, ask for a new one.`,
    ].join('\n'),
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

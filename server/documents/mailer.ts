import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { EmailSettings } from '../../src/api/admin/configurations/contract';

/**
 * Mail through the organization's SMTP server (Configurations → Email), with nodemailer. The
 * password is read from the stored settings when a message is sent and is never logged or answered.
 */
export type { EmailSettings };

/** A mail server is set when it has a host and a sender address; otherwise mail goes to the outbox. */
export const smtpConfigured = (s: EmailSettings) => s.host.trim() !== '' && s.fromEmail !== '';

export interface OutgoingMessage {
  messageId: string;
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

export function transportFor(settings: EmailSettings, timeoutSeconds: number) {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: timeoutSeconds * 1000,
    greetingTimeout: timeoutSeconds * 1000,
    socketTimeout: timeoutSeconds * 1000,
    logger: false,
    debug: false,
  });
}

function mailOptions(m: OutgoingMessage) {
  return {
    messageId: m.messageId,
    from: { name: m.from.name, address: m.from.address },
    to: m.to,
    cc: m.cc.length ? m.cc : undefined,
    subject: m.subject,
    text: m.text,
    attachments: m.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
  };
}

/** Sends one message; answers the server's reply to it (`250 2.0.0 Ok: queued as …`). */
export async function deliver(settings: EmailSettings, message: OutgoingMessage, timeoutSeconds: number): Promise<string> {
  const transport = transportFor(settings, timeoutSeconds);
  try {
    const info = await transport.sendMail(mailOptions(message));
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
}

/** What went wrong, as a person can act on it: the server's reply when it gave one, else the connection's error. */
export function smtpError(err: unknown): string {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string };
  const text = e.response ?? (e.code ? `${e.code}: ${e.message ?? ''}` : (e.message ?? String(err)));
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000);
}

/** The message as an RFC 5322 file (`.eml`), for the outbox's download. */
export async function toEml(message: OutgoingMessage): Promise<Buffer> {
  return new MailComposer(mailOptions(message)).compile().build();
}

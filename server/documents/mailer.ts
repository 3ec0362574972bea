import net from 'node:net';
import { createRequire } from 'node:module';
import type { EmailSettings } from '../../src/api/admin/configurations/contract';
import { checkedAddresses, OutboundRefused, type OutboundPolicy } from '../http/outbound';

/**
 * Mail through the organization's SMTP server (Configurations → Email), with nodemailer. The
 * password is read from the stored settings when a message is sent and is never logged or answered.
 */
export type { EmailSettings };

/** nodemailer is loaded by the first message sent or written, not when the server starts (docs/performance.md). */
const load = createRequire(import.meta.url);
let nodemailer: typeof import('nodemailer') | undefined;
let MailComposer: (typeof import('nodemailer/lib/mail-composer'))['default'] | undefined;

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

/**
 * `connectTo`: the address to connect to instead of resolving `settings.host` (an organization's
 * server, checked by the outbound guard); the host name still names the server for TLS.
 */
export function transportFor(settings: EmailSettings, timeoutSeconds: number, connectTo?: string) {
  nodemailer ??= load('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport({
    host: connectTo ?? settings.host,
    ...(connectTo && !net.isIP(settings.host) ? { servername: settings.host } : {}),
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

/**
 * Sends one message; answers the server's reply to it (`250 2.0.0 Ok: queued as …`). With a
 * `guard` (an organization's mail server, not the platform's own) the host is resolved and every
 * address checked now, and the connection made to a checked address (OutboundRefused otherwise).
 */
export async function deliver(settings: EmailSettings, message: OutgoingMessage, timeoutSeconds: number, guard?: OutboundPolicy): Promise<string> {
  const connectTo = guard ? (await checkedAddresses(settings.host, guard))[0].address : undefined;
  const transport = transportFor(settings, timeoutSeconds, connectTo);
  try {
    const info = await transport.sendMail(mailOptions(message));
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
}

/**
 * What went wrong with an organization's mail server, in words that say the service failed, not
 * what answered (issue 26: relaying a reply or a connection error let the test probe what listens
 * where). A mail server that refused the sign-in or the message is told apart, with its reply code
 * (`550 5.1.1`) but not its text; anything else — refused, timed out, not a mail server, TLS that
 * failed — is one message.
 */
export function smtpFailure(err: unknown): string {
  if (err instanceof OutboundRefused) return "The mail server's address is not allowed: it is in the platform's own network";
  const e = err as { code?: string; responseCode?: number; response?: string };
  // The enhanced status after the reply code (`550 5.1.1`), wherever nodemailer's wording puts it.
  const status = e.responseCode ? new RegExp(`\\b${e.responseCode}[ -]([245]\\.\\d{1,3}\\.\\d{1,3})\\b`).exec(e.response ?? '')?.[1] : undefined;
  const reply = e.responseCode ? ` (${e.responseCode}${status ? ` ${status}` : ''})` : '';
  if (e.code === 'EAUTH' && e.responseCode) return `The mail server refused the sign-in${reply}`;
  if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.responseCode) return `The mail server refused the message${reply}`;
  return 'The mail server could not be used: it was not reached or did not answer as a mail server';
}

/** What went wrong, in full (the platform's own mail server, for its operator): the server's reply when it gave one, else the connection's error. */
export function smtpError(err: unknown): string {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string };
  const text = e.response ?? (e.code ? `${e.code}: ${e.message ?? ''}` : (e.message ?? String(err)));
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000);
}

/** The message as an RFC 5322 file (`.eml`), for the outbox's download. */
export async function toEml(message: OutgoingMessage): Promise<Buffer> {
  MailComposer ??= load('nodemailer/lib/mail-composer') as (typeof import('nodemailer/lib/mail-composer'))['default'];
  return new MailComposer(mailOptions(message)).compile().build();
}

import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Agent } from './agent';

export interface SmtpSink {
  port: number;
  /** Every message the sink accepted, parsed. */
  messages: ParsedMail[];
  /** Messages whose data started arriving (accepted or not). */
  started: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test's process (smtp-server): it accepts mail for any address, or
 * refuses recipients `refuse` names with the reply it gives. STARTTLS is off (the package's
 * bundled certificate has expired), so the product is set to `security: none` against it.
 * A message for which `hold` answers true is never answered: its sender hangs mid-send (to be killed).
 */
export async function startSmtpSink(options: { refuse?: (address: string) => string | undefined; hold?: () => boolean } = {}): Promise<SmtpSink> {
  const sink: SmtpSink = { port: 0, messages: [], started: 0, close: async () => {} };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      const err = new Error(refusal) as Error & { responseCode: number };
      err.responseCode = Number(refusal.slice(0, 3)) || 550;
      callback(err);
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      sink.started++;
      if (options.hold?.()) {
        stream.pause();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        sink.messages.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/** A port nothing listens on: a mail server that is down. */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The organization's mail set to a sink on this machine at `port` (plain SMTP, no sign-in), sent
 * as Demo Travels <trips@demo.travel>; `agent` may change the configurations (the owner).
 */
export const mailTo = (agent: Agent, port: number) =>
  agent.put('/api/configurations/email-services', { host: '127.0.0.1', port, security: 'none', user: '', fromName: 'Demo Travels', fromEmail: 'trips@demo.travel' });

/** The organization's mail switched off (no server, no sender): sending is refused. */
export const noMail = (agent: Agent) => agent.put('/api/configurations/email-services', { host: '', fromEmail: '' });

import net from 'node:net';
import path from 'node:path';
import * as v from 'valibot';
import { SafeError } from './log';
import type { SqlLogging } from './db/client';
import type { EmailSettings } from '../src/api/admin/configurations/contract';
import type { IpRange } from './http/outbound';

/** The one place that reads process.env. */
const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'production'),
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number)), '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  /** The server's own login role (neither a superuser nor the tables' owner: docs/database-rules.md, "The server's login role"). */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.url('DATABASE_URL must be a postgres:// URL'))),
  /** The owner of the tables, for the migrations and the demo seed at start; it also sets DATABASE_URL's role up. */
  DATABASE_OWNER_URL: v.optional(v.pipe(v.string(), v.url('DATABASE_OWNER_URL must be a postgres:// URL'))),
  /** Lets DATABASE_URL connect as a superuser or the tables' owner (refused otherwise). */
  ALLOW_SUPERUSER_DATABASE: v.optional(v.pipe(v.picklist(['true', 'false', '1', '0'], 'ALLOW_SUPERUSER_DATABASE must be 1 or 0'), v.transform((s) => s === 'true' || s === '1')), 'false'),
  DATA_DIR: v.optional(v.string(), './data'),
  SEED_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(10, 'SEED_PASSWORD must be at least 10 characters')), 'travel-demo-2026'),
  SESSION_IDLE_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '120'),
  SESSION_ABSOLUTE_HOURS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '24'),
  /** Behind a reverse proxy: read the client address from X-Forwarded-For and the scheme from X-Forwarded-Proto. */
  TRUST_PROXY: v.optional(v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((s) => s === 'true' || s === '1')), 'false'),
  /**
   * The address people reach the server at (`https://office.example`): links the server sends out
   * (an owner's invitation) are built from it, never from a request's Host header. Required in
   * production; elsewhere it defaults to http://localhost:PORT.
   */
  PUBLIC_URL: v.optional(v.string(), ''),
  /** Extra origins allowed to make state-changing calls (comma-separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: v.optional(v.string(), ''),
  DB_POOL_SIZE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '20'),
  /**
   * How long a request with an Idempotency-Key waits for another request holding the same key
   * (the same form sent twice, or a crashed instance's transaction the database has not ended
   * yet) before answering 409 IDEMPOTENCY_KEY_IN_USE, to be tried again (server/http/idempotency.ts).
   */
  IDEMPOTENCY_WAIT_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'IDEMPOTENCY_WAIT_SECONDS must be a number'), v.transform(Number), v.minValue(0.1, 'IDEMPOTENCY_WAIT_SECONDS must be at least 0.1')), '10'),
  /**
   * Print every SQL statement (diagnostics): `true` prints the statements with their literals masked
   * and only the number of parameters; `values` also prints the parameters (personal data and
   * secrets: for a test database, e.g. the benchmark, never for real data).
   */
  LOG_SQL: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0', 'values'], 'LOG_SQL must be true, false or values'),
      v.transform((s): SqlLogging => (s === 'values' ? 'values' : s === 'true' || s === '1' ? 'statements' : 'off')),
    ),
    'false',
  ),
  /** How often the job worker looks for due jobs (follow-up reminders…), in milliseconds; 0 turns it off. */
  JOB_POLL_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'JOB_POLL_MS must be a number'), v.transform(Number)), '5000'),
  /** Mail: retries after the first attempt, the first retry's delay (doubled each time), and the mail server's time-out. */
  MAIL_RETRIES: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'MAIL_RETRIES must be a number'), v.transform(Number)), '5'),
  MAIL_RETRY_DELAY_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'MAIL_RETRY_DELAY_SECONDS must be a number'), v.transform(Number)), '30'),
  MAIL_TIMEOUT_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'MAIL_TIMEOUT_SECONDS must be a number'), v.transform(Number)), '30'),
  /** Mail sent at once by each server process. */
  MAIL_WORKERS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'MAIL_WORKERS must be a number'), v.transform(Number)), '2'),
  /** pg-boss: how often an idle worker looks for mail to send, and how often lost jobs (a killed server's) are looked for. */
  QUEUE_POLL_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'QUEUE_POLL_SECONDS must be a number'), v.transform(Number), v.minValue(0.5, 'QUEUE_POLL_SECONDS must be at least 0.5')), '2'),
  QUEUE_MAINTENANCE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'QUEUE_MAINTENANCE_SECONDS must be a number'), v.transform(Number)), '30'),
  /**
   * The platform's own mail server, for what no organization's settings can send (an onboarded
   * owner's invitation): `smtps://user:password@host:465` (TLS from the first byte) or
   * `smtp://user:password@host:587` (STARTTLS required; `?security=none` for a plain local relay).
   * Unset: the invitation link is only shown to the operator.
   */
  PLATFORM_SMTP_URL: v.optional(v.string(), ''),
  /** The sender of the platform's mail: `address` or `Name <address>`; required with PLATFORM_SMTP_URL. */
  PLATFORM_MAIL_FROM: v.optional(v.string(), ''),
  /** Public lead capture: requests per minute from one address. */
  /** The server's default model (docs/ai.md): an OpenAI-compatible base URL, model and key; an organization may set its own. Unset: no model. */
  AI_BASE_URL: v.optional(v.pipe(v.string(), v.url('AI_BASE_URL must be a URL such as http://localhost:11434/v1'))),
  AI_MODEL: v.optional(v.string()),
  AI_API_KEY: v.optional(v.string()),
  AI_TIMEOUT_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'AI_TIMEOUT_SECONDS must be a number'), v.transform(Number)), '60'),
  /**
   * Address ranges an organization's mail server or AI endpoint may reach although they are the
   * platform's own (loopback, private, link-local…): comma-separated CIDR ranges or addresses, e.g.
   * `127.0.0.1/32,10.1.0.0/16` for a mail relay or Ollama on the same host or network.
   */
  OUTBOUND_ALLOWED_RANGES: v.optional(v.string(), ''),
  LEAD_CAPTURE_PER_MINUTE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'LEAD_CAPTURE_PER_MINUTE must be a number'), v.transform(Number)), '20'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** DATABASE_OWNER_URL: migrations and the demo seed run as it; unset with DATABASE_URL, DATABASE_URL's role migrates (if it may). */
  databaseOwnerUrl?: string;
  /** ALLOW_SUPERUSER_DATABASE: run even when the login role is a superuser or owns the tables. */
  allowSuperuserDatabase: boolean;
  dataDir: string;
  seedPassword: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  trustProxy: boolean;
  /** PUBLIC_URL: scheme, host and port, no trailing slash (`https://office.example`). */
  publicUrl: string;
  allowedOrigins: string[];
  dbPoolSize: number;
  /** IDEMPOTENCY_WAIT_SECONDS, in milliseconds. */
  idempotencyWaitMs: number;
  logSql: SqlLogging;
  jobPollMs: number;
  leadCapturePerMinute: number;
  mail: { retries: number; retryDelaySeconds: number; timeoutSeconds: number; workers: number };
  queue: { pollSeconds: number; maintenanceSeconds: number };
  /** The server's default model, when the environment names one; a model's answer waits `timeoutMs` at most. */
  ai: { baseUrl?: string; model?: string; apiKey?: string; timeoutMs: number };
  /** Ranges of the platform's own network that organizations' addresses may reach all the same (server/http/outbound.ts). */
  outboundAllowedRanges: IpRange[];
  /** The platform's mail server (PLATFORM_SMTP_URL), in the shape the mailer takes; null when unset. */
  platformSmtp: EmailSettings | null;
  /** Where the built web app lives; absent when the API runs alone (tests). */
  webDist?: string;
}

/** An allowed origin as browsers send it (scheme, host, port; no path, no default port). */
function originOf(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    /* reported below */
  }
  throw new ConfigError(`Invalid configuration:\n  ALLOWED_ORIGINS: ${JSON.stringify(text)} is not an origin such as https://office.example`);
}

/** PUBLIC_URL as an origin; required in production, where no request may choose the links' address. */
function publicUrl(text: string, env: Config['env'], port: number): string {
  const invalid = (reason: string) => new ConfigError(`Invalid configuration:\n  PUBLIC_URL: ${reason}`);
  if (!text.trim()) {
    if (env === 'production') throw invalid('must be set in production: the address people reach the server at, such as https://office.example (links in invitations are built from it)');
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw invalid(`${JSON.stringify(text)} is not a URL such as https://office.example`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw invalid(`${JSON.stringify(text)} must be a scheme, host and optional port only, such as https://office.example`);
  }
  return url.origin;
}

/** PLATFORM_SMTP_URL and PLATFORM_MAIL_FROM as the mailer's settings, or why they cannot be. */
function platformSmtp(urlText: string, fromText: string): EmailSettings | null {
  if (!urlText.trim()) return null;
  const invalid = (reason: string) => new ConfigError(`Invalid configuration:\n  ${reason}`);
  let url: URL;
  try {
    url = new URL(urlText.trim());
  } catch {
    throw invalid('PLATFORM_SMTP_URL must be a URL such as smtps://user:password@mail.example:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw invalid('PLATFORM_SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw invalid('PLATFORM_SMTP_URL must name a host');
  const plain = url.searchParams.get('security');
  if (plain !== null && (plain !== 'none' || url.protocol !== 'smtp:')) throw invalid('PLATFORM_SMTP_URL: security=none is the only option, and only with smtp://');
  const from = /^\s*(?:(.*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(fromText);
  const address = from?.[2] ?? from?.[3] ?? '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw invalid('PLATFORM_MAIL_FROM must be an address (or Name <address>) when PLATFORM_SMTP_URL is set');
  const tls = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : tls ? 465 : 587,
    security: tls ? 'tls' : plain === 'none' ? 'none' : 'starttls',
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    fromName: from?.[1]?.replace(/^"|"$/g, '') ?? '',
    fromEmail: address,
  };
}

/** OUTBOUND_ALLOWED_RANGES as ranges: `10.0.0.0/8`, `::1/128`, or an address alone (the one address). */
function ipRanges(text: string): IpRange[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [address, prefixText, extra] = item.split('/');
      const family = net.isIP(address);
      const max = family === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
      if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
        throw new ConfigError(`Invalid configuration:\n  OUTBOUND_ALLOWED_RANGES: ${JSON.stringify(item)} is not an address range such as 127.0.0.1/32 or 10.0.0.0/8`);
      }
      return { address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' } as const;
    });
}

/** A configuration the server cannot start with; its message names the variable and says what is wrong. */
export class ConfigError extends SafeError {}

/** DATABASE_OWNER_URL makes sense only beside DATABASE_URL (the embedded PostgreSQL's owner is its own). */
function ownerUrl(databaseUrl: string | undefined, owner: string | undefined): string | undefined {
  if (owner && !databaseUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_OWNER_URL: set DATABASE_URL too (the role the server runs as); without both, the embedded PostgreSQL is used');
  return owner;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `  ${v.getDotPath(i) ?? ''}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.output;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: ownerUrl(e.DATABASE_URL, e.DATABASE_OWNER_URL),
    allowSuperuserDatabase: e.ALLOW_SUPERUSER_DATABASE,
    dataDir: path.resolve(e.DATA_DIR),
    seedPassword: e.SEED_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY,
    publicUrl: publicUrl(e.PUBLIC_URL, e.NODE_ENV, e.PORT),
    allowedOrigins: e.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean).map(originOf),
    dbPoolSize: e.DB_POOL_SIZE,
    idempotencyWaitMs: Math.round(e.IDEMPOTENCY_WAIT_SECONDS * 1000),
    logSql: e.LOG_SQL,
    jobPollMs: e.JOB_POLL_MS,
    leadCapturePerMinute: e.LEAD_CAPTURE_PER_MINUTE,
    mail: { retries: e.MAIL_RETRIES, retryDelaySeconds: Math.max(1, e.MAIL_RETRY_DELAY_SECONDS), timeoutSeconds: Math.max(1, e.MAIL_TIMEOUT_SECONDS), workers: e.MAIL_WORKERS },
    queue: { pollSeconds: e.QUEUE_POLL_SECONDS, maintenanceSeconds: Math.max(1, e.QUEUE_MAINTENANCE_SECONDS) },
    ai: { baseUrl: e.AI_BASE_URL || undefined, model: e.AI_MODEL || undefined, apiKey: e.AI_API_KEY || undefined, timeoutMs: Math.max(1, e.AI_TIMEOUT_SECONDS) * 1000 },
    outboundAllowedRanges: ipRanges(e.OUTBOUND_ALLOWED_RANGES),
    platformSmtp: platformSmtp(e.PLATFORM_SMTP_URL, e.PLATFORM_MAIL_FROM),
    webDist: path.resolve('dist'),
  };
}

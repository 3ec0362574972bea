import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startBoss } from '../../server/jobs/boss';
import { INVITATION_MAIL_QUEUE } from '../../server/platform/invitation-mail';
import { bossQueues } from '../../server/registry';
import { startTestServer, type TestServer } from '../support/server';
import { closedPort, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { until } from '../support/wait';

/**
 * The onboarded owner's invitation by e-mail (issue 19): through the platform's own mail server
 * (PLATFORM_SMTP_URL), queued with the organization, sent once, retried when the server is down,
 * and never in the way of the organization.
 */
const FROM = 'Travel Platform <platform@travel.example>';

const organization = (name: string) => ({
  name,
  currency: 'USD',
  timeZone: 'Asia/Dubai',
  owner: { name: `Owner of ${name}`, email: `owner@${name.toLowerCase().replace(/\W+/g, '-')}.example` },
  subscription: { plan: 'starter', seats: 5, status: 'trial', periodEnd: '2031-12-31' },
});


const smtpEnv = (port: number) => ({ PLATFORM_SMTP_URL: `smtp://127.0.0.1:${port}?security=none`, PLATFORM_MAIL_FROM: FROM });

/** Another instance's workers on the test server's queue, as `npm start` runs them. */
const workers = (s: TestServer, port: number) =>
  startBoss(s.database, bossQueues({ config: loadConfig({ NODE_ENV: 'test', ...smtpEnv(port) }), database: s.database, clock: s.clock }), { pollSeconds: 0.5, maintenanceSeconds: 1, work: true });

const jobs = (s: TestServer) =>
  s.sql<{ state: string; retry_count: number; data: Record<string, string>; output: unknown }>(`select state, retry_count, data, output from pgboss.job where name = $1`, [INVITATION_MAIL_QUEUE]);

describe('PLATFORM_SMTP_URL', () => {
  it('reads smtp:// and smtps:// URLs with the sender, and refuses what it cannot use', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://travel.example', PLATFORM_SMTP_URL: 'smtps://mailer:p%40ss@mail.example', PLATFORM_MAIL_FROM: FROM }).platformSmtp).toEqual({
      host: 'mail.example',
      port: 465,
      security: 'tls',
      user: 'mailer',
      password: 'p@ss',
      fromName: 'Travel Platform',
      fromEmail: 'platform@travel.example',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://travel.example', PLATFORM_SMTP_URL: 'smtp://relay:2525?security=none', PLATFORM_MAIL_FROM: 'platform@travel.example' }).platformSmtp).toMatchObject({
      host: 'relay',
      port: 2525,
      security: 'none',
      user: '',
      fromName: '',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://travel.example' }).platformSmtp).toBeNull();
    expect(() => loadConfig({ PUBLIC_URL: 'https://travel.example', PLATFORM_SMTP_URL: 'smtp://relay' })).toThrow(/PLATFORM_MAIL_FROM must be an address/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://travel.example', PLATFORM_SMTP_URL: 'https://relay', PLATFORM_MAIL_FROM: FROM })).toThrow(/must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ PUBLIC_URL: 'https://travel.example', PLATFORM_SMTP_URL: 'smtps://relay?security=none', PLATFORM_MAIL_FROM: FROM })).toThrow(/security=none/);
  });
});

describe('with the platform mail server set', () => {
  let s: TestServer;
  let sink: SmtpSink;
  let second: Awaited<ReturnType<typeof startBoss>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await startTestServer({ queue: true, env: smtpEnv(sink.port) });
    // A second instance's workers on the same queue: the invitation is still sent once.
    second = await workers(s, sink.port);
  });
  afterAll(async () => {
    await second?.stop();
    await s?.close();
    await sink?.close();
  });

  it('emails the owner the one-time link, once, and the link lets them in', async () => {
    const operator = await s.loginOperator();
    const res = await operator.post('/platform/organizations', organization('Atlas Trails'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { invitation } = res.body.data;
    expect(invitation).toMatchObject({ emailed: true, to: 'owner@atlas-trails.example' });

    const [sent] = await until(() => jobs(s), (j) => j[0]?.state === 'completed');
    expect(sent.state).toBe('completed');
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(['owner@atlas-trails.example']);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Travel Platform', address: 'platform@travel.example' });
    expect(mail.subject).toBe('Your Atlas Trails back office is ready');
    const link = /https?:\/\/\S+\/invitation#[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
    expect(link).toBe(invitation.url);

    const owner = s.agent();
    const accepted = await owner.post('/api/auth/invitation/accept', { token: link!.split('#')[1], password: 'atlas-owner-password' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await s.agent().post('/api/auth/login', { email: 'owner@atlas-trails.example', password: 'atlas-owner-password' })).status).toBe(200);
    // A second worker polling the whole time never sent it again.
    expect(sink.started).toBe(1);
    // The job held the link itself: neither the tenant's role nor the platform's can read the queue.
    const peek = (tx: { execute: (q: ReturnType<typeof sql.raw>) => Promise<unknown> }) => tx.execute(sql.raw('select data from pgboss.job'));
    await expect(s.database.withTenant(res.body.data.organization._id, peek)).rejects.toMatchObject({ cause: { code: '42501' } });
    await expect(s.database.asPlatform(peek)).rejects.toMatchObject({ cause: { code: '42501' } });
  });

  it('writes the invitation in the owner’s language, with the link’s end in the organization’s time zone, and starts the owner in it', async () => {
    const operator = await s.loginOperator();
    const body = organization('Berg Reisen');
    const refused = await operator.post('/platform/organizations', { ...body, owner: { ...body.owner, language: 'xx' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('owner.language');
    const before = sink.messages.length;
    const res = await operator.post('/platform/organizations', { ...body, owner: { ...body.owner, language: 'de' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { invitation, organization: org } = res.body.data;
    await until(() => Promise.resolve(sink.messages.length), (n) => n > before);
    const mail = sink.messages.at(-1)!;
    expect(mail.subject).toBe('Ihr Backoffice für Berg Reisen ist bereit');
    const expires = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Dubai' }).format(new Date(invitation.expiresAt));
    expect(mail.text).toContain(`Der Link funktioniert einmal, bis ${expires}.`);
    expect(mail.text).toContain(invitation.url);
    const [owner] = await s.sql<{ locale: string }>(`select preferences->>'locale' as locale from members where organization_id = $1`, [org._id]);
    expect(owner.locale).toBe('de');
  });

  it('queues nothing for an onboarding that is refused', async () => {
    const operator = await s.loginOperator();
    const before = (await jobs(s)).length;
    const res = await operator.post('/platform/organizations', organization('atlas trails'));
    expect(res.body.code).toBe('DUPLICATE');
    expect(await jobs(s)).toHaveLength(before);
  });
});

describe('without the platform mail server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ queue: true });
  });
  afterAll(() => s?.close());

  it('queues nothing and says the link must be handed over', async () => {
    const res = await (await s.loginOperator()).post('/platform/organizations', organization('Quiet Roads'));
    expect(res.status).toBe(201);
    expect(res.body.data.invitation).toMatchObject({ emailed: false, to: 'owner@quiet-roads.example' });
    expect(await jobs(s)).toHaveLength(0);
  });
});

describe('with the platform mail server down', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ queue: true, env: smtpEnv(await closedPort()) });
  });
  afterAll(() => s?.close());

  it('answers at once, retries with back-off, then fails the mail and leaves the organization and its link alone', async () => {
    const res = await (await s.loginOperator()).post('/platform/organizations', organization('Dune Paths'));
    expect(res.status).toBe(201);
    expect(res.body.data.invitation.emailed).toBe(true);
    const [job] = await until(() => jobs(s), (j) => j[0]?.state === 'failed');
    expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(JSON.stringify(job.output)).toContain('ECONNREFUSED');
    const [org] = await s.sql<{ status: string }>(`select s.status from organizations o join subscriptions s on s.organization_id = o.id where o.name = 'Dune Paths'`);
    expect(org).toEqual({ status: 'trial' });
    const token = res.body.data.invitation.url.split('#')[1];
    expect((await s.agent().post('/api/auth/invitation/accept', { token, password: 'dune-owner-password' })).status).toBe(200);
  });
});

describe('an invitation used before its mail goes out', () => {
  let s: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // No workers yet: the owner gets in (the operator handed the link over) before the mail is sent.
    s = await startTestServer({ env: smtpEnv(sink.port) });
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('is not e-mailed: the link would no longer work', async () => {
    const res = await (await s.loginOperator()).post('/platform/organizations', organization('Oasis Walks'));
    expect(res.body.data.invitation.emailed).toBe(true);
    const token = res.body.data.invitation.url.split('#')[1];
    expect((await s.agent().post('/api/auth/invitation/accept', { token, password: 'oasis-owner-password' })).status).toBe(200);
    const worker = await workers(s, sink.port);
    try {
      const [job] = await until(() => jobs(s), (j) => j[0]?.state === 'completed');
      expect(job.state).toBe('completed');
      expect(sink.started).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});

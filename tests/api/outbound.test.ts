import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress, outboundPolicy } from '../../server/http/outbound';
import type { Agent } from '../support/agent';
import { startFakeModel, type FakeModel } from '../support/openai-server';
import { startTestServer, type TestServer } from '../support/server';
import { closedPort } from '../support/smtp-sink';

/**
 * Issue 26: where the server reaches for an organization, and what it tells about it.
 * - A write-only secret stays where it was typed: moving the mail server or the model endpoint
 *   needs it again, for any member who may change the settings.
 * - Addresses an organization sets may not lead into the platform's own network (checked when
 *   saved, and again when the server connects: a name may resolve elsewhere by then), unless the
 *   operator allows a range; the server's own AI_BASE_URL stays allowed.
 * - Failures say that the service failed, never what answered (an SSH banner, a 404).
 */
const BANNER = 'SSH-2.0-OpenSSH_9.6 probe-banner';
let plain: TestServer; // no range allowed
let open: TestServer; // 127.0.0.1 allowed by the operator
let own: TestServer; // the operator's model on 127.0.0.1, no range allowed
let model: FakeModel;
let ssh: net.Server;
let sshPort: number;
let sshConnections = 0;
const sockets = new Set<net.Socket>();
let notFound: http.Server;
let notFoundPort: number;
let admin: Agent;

const listen = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  // What the probe found: a TCP service on the platform's host that greets with a banner.
  ssh = net.createServer((socket) => {
    sshConnections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.end(`${BANNER}\r\n`);
  });
  sshPort = await listen(ssh);
  notFound = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('probe-not-found'));
  notFoundPort = await listen(notFound);
  model = await startFakeModel();
  [plain, open, own] = await Promise.all([
    startTestServer({ env: { AI_TIMEOUT_SECONDS: '5' } }),
    startTestServer({ env: { AI_TIMEOUT_SECONDS: '5', OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } }),
    startTestServer({ env: { AI_TIMEOUT_SECONDS: '5', AI_BASE_URL: model.baseUrl, AI_MODEL: 'operator-model' } }),
  ]);
  // A member who may change the settings but is not the owner.
  const owner = await plain.login('owner@demo.travel');
  const role = await owner.post('/api/roles', { name: 'Settings keeper', permissions: { configurations: ['view', 'update'] } });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const member = await owner.post('/api/members', { name: 'Sam Settings', email: 'sam.settings@demo.travel', department: 'management', roleId: role.body.data._id, password: 'settings-password-1' });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  admin = await plain.login('sam.settings@demo.travel', 'settings-password-1');
});
afterAll(async () => {
  await Promise.all([plain?.close(), open?.close(), own?.close(), model?.close()]);
  for (const socket of sockets) socket.destroy();
  await new Promise((r) => ssh?.close(r));
  notFound?.closeAllConnections();
  await new Promise((r) => notFound?.close(r));
});

/** A lead with a trip the model is asked to plan (Dubai, four nights, two adults). */
async function leadWithTrip(s: TestServer, agent: Agent, name: string) {
  const [{ id: dubai }] = await s.sql<{ id: string }>(`select d.id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Demo Travels' and d.name = 'Dubai'`);
  const lead = await agent.post('/api/leads', { name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`, query: { travelFrom: '2027-04-01', travelTo: '2027-04-05', adults: 2, children: 0, destinations: [dubai] } });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  return { leadId: lead.body.data._id as string, queryId: lead.body.data.queries[0]._id as string };
}

const stored = async (s: TestServer, module: string) =>
  (await s.sql<{ settings: Record<string, unknown> }>(`select c.settings from configurations c join organizations o on o.id = c.organization_id where o.name = 'Demo Travels' and c.module = $1`, [module]))[0]?.settings;

/** What a name resolving elsewhere after it was saved (DNS rebinding) leaves stored: written past the API's check. */
const storeDirectly = (s: TestServer, module: string, settings: Record<string, unknown>) =>
  s.sql(`update configurations set settings = settings || $2::jsonb where module = $1 and organization_id = (select id from organizations where name = 'Demo Travels')`, [module, JSON.stringify(settings)]);

describe('write-only secrets stay where they were typed', () => {
  it('refuses to move the stored SMTP password to another host, port, user or security without it (400 naming password)', async () => {
    const set = await admin.put('/api/configurations/email-services', { host: 'smtp.example.com', port: 587, user: 'mailer', password: 'stored-smtp-secret', fromEmail: 'trips@demo.travel' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (const moved of [{ host: 'mail.elsewhere.example' }, { port: 2525 }, { user: 'someone-else' }, { security: 'none' }]) {
      const res = await admin.put('/api/configurations/email-services', { host: 'smtp.example.com', port: 587, user: 'mailer', fromEmail: 'trips@demo.travel', ...moved });
      expect(res.status, JSON.stringify(moved)).toBe(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ path: 'password', code: 'required', params: expect.objectContaining({ rule: 'destination', fields: Object.keys(moved) }) })]);
    }
    expect(await stored(plain, 'emailConfig')).toMatchObject({ host: 'smtp.example.com', port: 587, user: 'mailer', password: 'stored-smtp-secret' });
    // Other settings change without it, the host's case aside; with the password typed again, the host moves.
    const kept = await admin.put('/api/configurations/email-services', { host: 'SMTP.example.com', port: 587, user: 'mailer', fromName: 'Trips', fromEmail: 'trips@demo.travel' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.settings).toMatchObject({ fromName: 'Trips', passwordSet: true });
    const movedWithIt = await admin.put('/api/configurations/email-services', { host: 'mail.elsewhere.example', port: 587, user: 'mailer', password: 'typed-again', fromEmail: 'trips@demo.travel' });
    expect(movedWithIt.status).toBe(200);
    expect(await stored(plain, 'emailConfig')).toMatchObject({ host: 'mail.elsewhere.example', password: 'typed-again' });
    // Emptying the host sends it nowhere.
    expect((await admin.put('/api/configurations/email-services', { host: '', fromEmail: '' })).status).toBe(200);
  });

  it('refuses to move the stored AI key to another base URL without it (400 naming apiKey)', async () => {
    expect((await admin.put('/api/configurations/ai', { baseUrl: 'https://models.example.com/v1', model: 'm', apiKey: 'sk-stored-key' })).status).toBe(200);
    const moved = await admin.put('/api/configurations/ai', { baseUrl: 'https://collector.example.net/v1', model: 'm' });
    expect(moved.status).toBe(400);
    expect(moved.body.issues).toEqual([expect.objectContaining({ path: 'apiKey', code: 'required', params: expect.objectContaining({ rule: 'destination', fields: ['baseUrl'] }) })]);
    expect(await stored(plain, 'aiConfig')).toMatchObject({ baseUrl: 'https://models.example.com/v1', apiKey: 'sk-stored-key' });
    expect((await admin.put('/api/configurations/ai', { baseUrl: 'https://models.example.com/v1/', model: 'other' })).status).toBe(200);
    expect((await admin.put('/api/configurations/ai', { baseUrl: 'https://collector.example.net/v1', model: 'm', apiKey: 'sk-new' })).status).toBe(200);
    expect((await admin.put('/api/configurations/ai', { baseUrl: '', model: '' })).status).toBe(200);
  });
});

describe("addresses in the platform's own network", () => {
  it('classifies addresses: loopback, private, CGNAT, link-local and metadata, unique-local, mapped IPv4, multicast; public ones pass', () => {
    const none = outboundPolicy([]);
    const forbidden = ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.100.100.200', '169.254.169.254', '169.254.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:c0a8:101::1', 'not-an-ip'];
    const allowed = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    expect(forbidden.filter((ip) => !isForbiddenAddress(ip, none))).toEqual([]);
    expect(allowed.filter((ip) => isForbiddenAddress(ip, none))).toEqual([]);
    const operator = outboundPolicy([{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }, { address: '10.0.0.0', prefix: 8, family: 'ipv4' }]);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.9.8.7'].filter((ip) => isForbiddenAddress(ip, operator))).toEqual([]);
    expect(['127.0.0.2', '169.254.169.254', '192.168.1.1'].filter((ip) => !isForbiddenAddress(ip, operator))).toEqual([]);
  });

  it('refuses such a mail server host or model URL when saved (400 naming the field), a name resolving there included', async () => {
    const owner = await plain.login('owner@demo.travel');
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.5', '169.254.169.254', '::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      const res = await owner.put('/api/configurations/email-services', { host, port: sshPort, security: 'none', fromEmail: 'trips@demo.travel' });
      expect(res.status, host).toBe(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ path: 'host', code: 'forbiddenAddress' })]);
    }
    for (const baseUrl of [`http://127.0.0.1:${notFoundPort}/v1`, 'http://169.254.169.254/latest/meta-data', 'http://[::1]:11434/v1', `http://localhost:${notFoundPort}/v1`]) {
      const res = await owner.put('/api/configurations/ai', { baseUrl, model: 'm' });
      expect(res.status, baseUrl).toBe(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ path: 'baseUrl', code: 'forbiddenAddress' })]);
    }
    // A public name that does not resolve now is kept: it is checked each time the server connects.
    expect((await owner.put('/api/configurations/email-services', { host: 'smtp.example.com', password: '', fromEmail: 'trips@demo.travel' })).status).toBe(200);
  });

  it('checks again when it connects: a stored name that now leads inside is not connected to, and the answer says only that it failed', async () => {
    const owner = await plain.login('owner@demo.travel');
    expect((await owner.put('/api/configurations/email-services', { host: 'smtp.example.com', port: sshPort, security: 'none', user: '', password: '', fromEmail: 'trips@demo.travel' })).status).toBe(200);
    await storeDirectly(plain, 'emailConfig', { host: 'localhost' });
    const before = sshConnections;
    const test = await owner.post('/api/configurations/email-services/test', { to: 'me@demo.travel' });
    expect(test.status).toBe(200);
    expect(test.body.data).toEqual({ delivered: false, response: "The mail server's address is not allowed: it is in the platform's own network" });
    expect(sshConnections).toBe(before);

    expect((await owner.put('/api/configurations/ai', { baseUrl: 'https://models.example.com/v1', model: 'test-model', apiKey: '' })).status).toBe(200);
    await storeDirectly(plain, 'aiConfig', { baseUrl: `${model.baseUrl}` });
    const calls = model.requests.length;
    const generated = await owner.post('/api/customized-tours/generate-with-ai', await leadWithTrip(plain, owner, 'Rebinding lead'));
    expect(generated.status).toBe(502);
    expect(generated.body.params).toEqual({ reason: 'failed' });
    expect(model.requests.length).toBe(calls);
    await owner.put('/api/configurations/ai', { baseUrl: '', model: '' });
  });
});

describe('failures say the service failed, not what answered (the operator allows 127.0.0.1)', () => {
  it('the SMTP test never relays a banner: a TCP service and a closed port answer alike', async () => {
    const owner = await open.login('owner@demo.travel');
    const answers: string[] = [];
    for (const port of [sshPort, await closedPort()]) {
      expect((await owner.put('/api/configurations/email-services', { host: '127.0.0.1', port, security: 'none', fromEmail: 'trips@demo.travel' })).status).toBe(200);
      const test = await owner.post('/api/configurations/email-services/test', { to: 'me@demo.travel' });
      expect(test.body.data.delivered).toBe(false);
      answers.push(test.body.data.response);
    }
    expect(JSON.stringify(answers)).not.toMatch(/SSH|probe|OpenSSH|ECONN/);
    expect(new Set(answers).size).toBe(1);
  });

  it('the model errors of a 404, a banner and a closed port are one reason and one message', async () => {
    const owner = await open.login('owner@demo.travel');
    const body = await leadWithTrip(open, owner, 'Probe lead');
    const answers: unknown[] = [];
    for (const port of [notFoundPort, sshPort, await closedPort()]) {
      expect((await owner.put('/api/configurations/ai', { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' })).status).toBe(200);
      const res = await owner.post('/api/customized-tours/generate-with-ai', body);
      expect(res.status).toBe(502);
      answers.push(res.body);
    }
    expect(JSON.stringify(answers)).not.toMatch(/404|SSH|probe|ECONN|reach/);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'AI_MODEL_FAILED', params: { reason: 'failed' } });
  });
});

describe("the operator's own model on this host", () => {
  it('is used without any allowed range, and an organization may name the same URL', async () => {
    const owner = await own.login('owner@demo.travel');
    model.script({ content: JSON.stringify({ days: [] }) });
    const body = await leadWithTrip(own, owner, 'Operator model lead');
    const calls = model.requests.length;
    await owner.post('/api/customized-tours/generate-with-ai', body);
    expect(model.requests.length).toBe(calls + 1);
    expect(model.requests.at(-1)!.body.model).toBe('operator-model');
    const same = await owner.put('/api/configurations/ai', { baseUrl: `${model.baseUrl}/`, model: 'org-model' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await owner.put('/api/configurations/ai', { baseUrl: `http://127.0.0.1:${notFoundPort}/v1`, model: 'org-model' })).status).toBe(400);
  });
});

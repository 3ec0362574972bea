import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { isStateChanging } from '../../server/http/route';
import { startTestServer, testCertificate, type TestServer } from '../support/server';
import { TEST_PASSWORD } from '../support/db-url';
import { checksum, checksumQuery } from '../support/db-checksum';
import type { Agent } from '../support/agent';

/**
 * Gate: security headers on every answer of every route (and of the web app's files and pages);
 * API answers are never stored by browsers or proxies; every state-changing route refuses
 * cross-site calls, including from our own host over the other scheme.
 */
let s: TestServer;
let member: Agent;
let operator: Agent;
let fingerprint: string;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.login('owner@demo.travel');
  operator = await s.loginOperator();
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

const all = [...registry.api.map((r) => ['/api', r] as const), ...registry.platform.map((r) => ['/platform', r] as const)];
const samplePath = (p: string) => p.replace(/:[a-zA-Z]+/g, '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11');

function expectSecurityHeaders(h: Headers) {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options')).toBe('DENY');
  const permissions = h.get('permissions-policy') ?? '';
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(permissions).toContain(feature);
  expect(h.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

/** API answers carry personal data: never kept by a browser or a proxy. */
const expectNotStored = (h: Headers) => expect(h.get('cache-control')).toBe('no-store');

describe('headers on every route', () => {
  it.each(all.map(([base, r]) => [`${r.method} ${base}${r.path}`, base, r] as const))('%s', async (_, base, r) => {
    const path = base + samplePath(r.path);
    const body = r.method === 'GET' ? undefined : {};
    // The caller the route is for: an organization's member, or a platform operator.
    const owner = r.access.kind === 'operator' ? operator : member;
    for (const answer of [await s.agent().request(r.method, path, body), await owner.request(r.method, path, body)]) {
      expectSecurityHeaders(answer.headers);
      expectNotStored(answer.headers);
    }
    if (!isStateChanging(r.method)) return;
    const before = await checksum(s, fingerprint);
    if (r.crossSite) {
      // Called by other sites (a website's lead form): the session cookie grants nothing, so a
      // cross-site call carrying it, with no secret of its own, is refused; credentials are never allowed.
      const foreign = await owner.request(r.method, path, body, { Origin: 'https://attacker.example', 'X-Requested-With': '' });
      expect([400, 401, 429]).toContain(foreign.status);
      expect(foreign.headers.get('access-control-allow-origin')).toBe('*');
      expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
      expect(await checksum(s, fingerprint)).toBe(before);
      return;
    }
    const noHeader = await owner.request(r.method, path, body, { 'X-Requested-With': '' });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.code).toBe('CSRF_REJECTED');
    // Another site, our own host over the other scheme (a page on plain http must not drive the
    // https application), and an origin that is no origin at all.
    const { host } = new URL(s.url);
    for (const [origin, headers] of [
      ['https://attacker.example', {}],
      [`https://${host}`, {}],
      [`http://${host}`, { 'X-Forwarded-Proto': 'https' }],
      ['null', {}],
    ] as const) {
      const foreign = await owner.request(r.method, path, body, { Origin: origin, ...headers });
      expect(foreign.status, origin).toBe(403);
      expect(foreign.body.code).toBe('CSRF_REJECTED');
    }
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('sets the session cookie HttpOnly and SameSite', async () => {
    const res = await s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: (await import('../support/db-url')).TEST_PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('own origin and the session cookie', () => {
  it("accepts the server's own origin: same scheme, host and port", async () => {
    const agent = await s.login('sales@demo.travel');
    const { host } = new URL(s.url);
    expect((await agent.put('/api/members/me/preferences', { theme: 'dark' }, { Origin: s.url })).status).toBe(200);
    // Behind the trusted proxy that terminates TLS, the browser's origin is https.
    expect((await agent.put('/api/members/me/preferences', { theme: 'light' }, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).status).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS through the trusted proxy, first hop first', async () => {
    const login = (headers: Record<string, string>) => s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: TEST_PASSWORD }, headers);
    const sid = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(sid(await login({ 'X-Forwarded-Proto': 'https' }))).toMatch(/;\s*Secure/i);
    expect(sid(await login({ 'X-Forwarded-Proto': 'https, http' }))).toMatch(/;\s*Secure/i);
    expect(sid(await login({ 'X-Forwarded-Proto': 'http' }))).not.toMatch(/Secure/i);
  });
});

describe('a server not behind a trusted proxy', () => {
  let direct: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({ config: { trustProxy: false } });
  });
  afterAll(() => direct.close());

  it('ignores forwarded headers: they could be anyone’s', async () => {
    const res = await direct.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: TEST_PASSWORD }, { 'X-Forwarded-Proto': 'https', 'X-Request-Id': 'chosen-by-client' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).not.toMatch(/Secure/i);
    expect(res.headers.get('x-request-id')).not.toBe('chosen-by-client');
  });
});

describe('over a TLS connection', () => {
  let tls: TestServer;
  beforeAll(async () => {
    tls = await startTestServer({ tls: true, config: { trustProxy: false } });
  });
  afterAll(() => tls.close());

  const call = (method: string, url: string, body: unknown, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = https.request(url, { method, ca: testCertificate(), headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'X-Requested-With': 'test', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      });
      req.on('error', reject);
      req.end(text);
    });

  it('marks the session cookie Secure, and refuses a plain-http origin of the same host', async () => {
    const res = await call('POST', `${tls.url}/api/auth/login`, { email: 'ops@demo.travel', password: TEST_PASSWORD }, { Origin: tls.url });
    expect(res.status).toBe(200);
    const sid = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/;\s*Secure/i);
    const downgraded = await call('POST', `${tls.url}/api/auth/login`, { email: 'ops@demo.travel', password: TEST_PASSWORD }, { Origin: tls.url.replace('https:', 'http:') });
    expect(downgraded.status).toBe(403);
  });
});

describe('the web app', () => {
  let web: TestServer;
  let dist: string;
  beforeAll(async () => {
    // A stand-in build: the server serves whatever dist/ holds.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    web = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves its files for a year and its pages fresh, with the security headers', async () => {
    const file = await fetch(`${web.url}/assets/app-1a2b3c.js`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(file.headers);
    const page = await fetch(`${web.url}/leads/follow-ups`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(page.headers);
  });

  it('answers 404 for a file the build does not have, not the app page', async () => {
    for (const missing of ['/assets/app-000000.js', '/assets/style.css', '/assets/deep/er.png']) {
      const res = await fetch(web.url + missing);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/html/);
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
      expectSecurityHeaders(res.headers);
    }
  });
});

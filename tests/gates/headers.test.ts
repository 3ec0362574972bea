import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { isStateChanging } from '../../server/http/route';
import { startTestServer, type TestServer } from '../support/server';
import { checksum, checksumQuery } from '../support/db-checksum';
import type { Agent } from '../support/agent';

/** Gate: security headers on every answer of every route; every state-changing route refuses cross-site calls. */
let s: TestServer;
let owner: Agent;
let fingerprint: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
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
}

describe('headers on every route', () => {
  it.each(all.map(([base, r]) => [`${r.method} ${base}${r.path}`, base, r] as const))('%s', async (_, base, r) => {
    const path = base + samplePath(r.path);
    const body = r.method === 'GET' ? undefined : {};
    expectSecurityHeaders((await s.agent().request(r.method, path, body)).headers);
    expectSecurityHeaders((await owner.request(r.method, path, body)).headers);
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
    const foreign = await owner.request(r.method, path, body, { Origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('CSRF_REJECTED');
    expect(await checksum(s, fingerprint)).toBe(before);
  });

  it('sets the session cookie HttpOnly and SameSite', async () => {
    const res = await s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: (await import('../support/db-url')).TEST_PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TEST_PASSWORD } from '../support/db-url';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('sign-in and sessions', () => {
  it('signs in, answers the auth state and sets a safe session cookie', async () => {
    const agent = s.agent();
    const res = await agent.post('/api/auth/login', { email: 'Owner@Demo.Travel', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.member).toMatchObject({ email: 'owner@demo.travel', preferences: { theme: 'light', locale: 'en' } });
    expect(res.body.data.member).not.toHaveProperty('passwordHash');
    expect(res.body.data.organization).toMatchObject({ name: 'Demo Travels', colorScheme: { primary: '#14b8a6', secondary: '#3b82f6' } });
    expect(res.body.data.subscription).toMatchObject({ status: 'active', readOnly: false });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.member.email).toBe('owner@demo.travel');
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const res = await s.agent().post('/api/auth/login', { email: 'owner@demo.travel', password: TEST_PASSWORD }, { 'X-Forwarded-Proto': 'https' });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/;\s*Secure/i);
  });

  it('stores only a hash of a 256-bit random token', async () => {
    const agent = await s.login('finance@demo.travel');
    const token = agent.cookies.get('sid')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    expect(await s.sql('select 1 from sessions where token_hash = $1', [hash])).toHaveLength(1);
    expect(await s.sql('select 1 from sessions where token_hash = $1', [token])).toHaveLength(0);
  });

  it('gives a new token at every sign-in', async () => {
    const a = await s.login('ops@demo.travel');
    const b = await s.login('ops@demo.travel');
    expect(a.cookies.get('sid')).not.toBe(b.cookies.get('sid'));
    expect((await a.get('/api/auth/me')).status).toBe(200);
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('answers a wrong email and a wrong password the same way', async () => {
    const wrongEmail = await s.agent().post('/api/auth/login', { email: 'nobody@demo.travel', password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.1.0.1' });
    const wrongPassword = await s.agent().post('/api/auth/login', { email: 'owner@demo.travel', password: 'not-the-password' }, { 'X-Forwarded-For': '10.1.0.2' });
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.body).toEqual(wrongPassword.body);
    expect(wrongEmail.headers.getSetCookie()).toEqual([]);
  });

  it('validates the sign-in body', async () => {
    const res = await s.agent().post('/api/auth/login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', code: 'invalidEmail', params: {}, message: 'must be a valid email address' },
        { path: 'password', code: 'required', params: {}, message: 'is required' },
      ]),
    );
  });

  it('revokes the session at sign-out', async () => {
    const agent = await s.login('sales@demo.travel');
    const token = agent.cookies.get('sid')!;
    const out = await agent.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/sid=;/);
    agent.cookies.set('sid', token); // replaying the old cookie must not work
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('ends sessions that were idle too long or passed their absolute end', async () => {
    const idle = await s.login('sales@demo.travel');
    const absolute = await s.login('sales@demo.travel');
    const hash = (a: typeof idle) => crypto.createHash('sha256').update(a.cookies.get('sid')!).digest('hex');
    await s.sql(`update sessions set last_seen_at = now() - interval '3 hours' where token_hash = $1`, [hash(idle)]);
    await s.sql(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [hash(absolute)]);
    const idleRes = await idle.get('/api/auth/me');
    expect(idleRes.status).toBe(401);
    expect(idleRes.body.message).toBe('Unauthorized! Please log in again.');
    expect((await absolute.get('/api/auth/me')).status).toBe(401);
  });

  it('slows repeated failures with 429 and Retry-After, without locking the real user out elsewhere', async () => {
    const attacker = { 'X-Forwarded-For': '203.0.113.9' };
    for (let i = 0; i < 5; i++) {
      const res = await s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: `guess-${i}-wrong` }, attacker);
      expect(res.status).toBe(401);
    }
    const blocked = await s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: TEST_PASSWORD }, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    // The real user, from their own address, still gets in.
    const real = await s.agent().post('/api/auth/login', { email: 'ops@demo.travel', password: TEST_PASSWORD }, { 'X-Forwarded-For': '198.51.100.7' });
    expect(real.status).toBe(200);
  });
});

describe('cross-site safety and headers', () => {
  it('refuses a state-changing call without X-Requested-With or from a foreign Origin', async () => {
    const noHeader = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.travel', password: TEST_PASSWORD }),
    });
    expect(noHeader.status).toBe(403);
    expect((await noHeader.json()).code).toBe('CSRF_REJECTED');
    const agent = await s.login('owner@demo.travel');
    const foreign = await agent.put('/api/members/me', { name: 'Hijacked' }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const sameOrigin = await agent.put('/api/members/me', { name: 'Olivia Owner' }, { Origin: s.url });
    expect(sameOrigin.status).toBe(200);
    const [me] = await s.sql<{ name: string }>(`select name from members where email = 'owner@demo.travel'`);
    expect(me.name).toBe('Olivia Owner');
  });

  it('sends the security headers on every answer, including errors', async () => {
    for (const path of ['/api/health', '/api/auth/me', '/api/no-such-route']) {
      const res = await fetch(s.url + path);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers health without a session, unknown routes as JSON 404, bad JSON as 400', async () => {
    expect(await (await fetch(`${s.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'reachable' });
    const missing = await s.agent().get('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const agent = await s.login('owner@demo.travel');
    const bad = await agent.request('PUT', '/api/members/me', '{"name": ', { 'Content-Type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_JSON' });
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.ts/);
  });

  it('reads a JSON body only as application/json: any other type or none is 415 and changes nothing', async () => {
    const agent = await s.login('owner@demo.travel');
    const [before] = await s.sql<{ name: string }>(`select name from members where email = 'owner@demo.travel'`);
    const body = JSON.stringify({ name: 'Renamed by a form' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', undefined]) {
      const res = await fetch(`${s.url}/api/members/me`, {
        method: 'PUT',
        headers: { 'X-Requested-With': 'test', Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(type ? { 'Content-Type': type } : {}) },
        body: type ? body : new TextEncoder().encode(body),
      });
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', params: { accepted: 'application/json' } });
    }
    const login = await s.agent().request('POST', '/api/auth/login', JSON.stringify({ email: 'owner@demo.travel', password: TEST_PASSWORD }), { 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(login.status).toBe(415);
    expect(await s.sql(`select name from members where email = 'owner@demo.travel'`)).toEqual([before]);
    const json = await agent.request('PUT', '/api/members/me', JSON.stringify({ name: before.name }), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(200);
  });
});

import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { parseQuery } from '../../server/http/query';
import type { RouteDef } from '../../server/http/route';
import { startTestServer, type TestServer } from '../support/server';
import { checksum, checksumQuery } from '../support/db-checksum';
import { bodyArb, importBodyArb, objectArb, toSearchParams, type AnySchema } from '../support/hostile';
import { ISSUE_CODES } from '../../src/api/common/issues';
import type { Agent } from '../support/agent';
import { LEAD_SECRET_HEADER } from '../../src/api/leads/contract';

/**
 * Gate: for every route that takes params, a query or a body, generated inputs are judged by the
 * route's own schema. Refused ones answer 4xx with a message (400 names the fields, each issue with
 * a known code and its parameters) and leave the database exactly as it was; accepted ones never
 * answer 5xx, so whatever a schema accepts is storable. Import routes get `{ rows }` bodies whose
 * rows come from the route's row schema: a row it refuses is reported rejected with coded issues,
 * and a file of refused rows changes nothing. Routes added later are covered as soon as they are
 * registered.
 */
const RUNS = Number(process.env.GATE_RUNS ?? 25);

let s: TestServer;
let owner: Agent;
let operator: Agent;
let fingerprint: string;
/** The headers a public route's `identify` accepts, by path: the gate calls it as its real caller would. */
const credentials: Record<string, Record<string, string>> = {};
/** Each request from its own address, so no rate limit stands between the input and the check. */
let address = 0;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  operator = await s.loginOperator();
  credentials['/public/leads'] = { [LEAD_SECRET_HEADER]: (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret };
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

const fuzzable = [...registry.api.map((r) => ['/api', r] as const), ...registry.platform.map((r) => ['/platform', r] as const)].filter(
  ([, r]) => r.params || r.query || r.body,
);

/** An issue names its field and says what is wrong with a code the web app translates, and its parameters. */
function expectCoded(issue: { path?: unknown; code?: unknown; params?: unknown; message?: unknown }) {
  expect(typeof issue.path).toBe('string');
  expect(ISSUE_CODES, JSON.stringify(issue)).toContain(issue.code);
  expect(typeof issue.params).toBe('object');
  expect(typeof issue.message).toBe('string');
}

const ok = (schema: unknown, input: unknown) => !schema || v.safeParse(schema as v.GenericSchema, input).success;

describe('bad input on every route', () => {
  it('would see a change: a committed write moves the proof, a refused one does not', async () => {
    const before = await checksum(s, fingerprint);
    expect((await owner.post('/api/regions', { name: '' })).status).toBe(400);
    expect(await checksum(s, fingerprint)).toBe(before);
    expect((await owner.post('/api/regions', { name: 'Gate check region' })).status).toBe(201);
    expect(await checksum(s, fingerprint)).not.toBe(before);
    // Written behind the application's back too (the triggers are the database's, not the server's).
    const after = await checksum(s, fingerprint);
    await s.sql(`update regions set description = 'x' where name = 'Gate check region'`);
    expect(await checksum(s, fingerprint)).not.toBe(after);
  });

  it('covers every route that takes input', () => {
    expect(fuzzable.length).toBeGreaterThan(10);
  });

  it('knows how to call every public route that identifies its caller', () => {
    const identified = fuzzable.filter(([, r]) => r.access.kind === 'public' && 'identify' in r && r.identify).map(([, r]) => r.path);
    expect(identified.length).toBeGreaterThan(0);
    for (const path of identified) expect(credentials[path], path).toBeDefined();
  });

  it.each(fuzzable.map(([base, r]) => [`${r.method} ${base}${r.path}`, base, r] as const))('%s', async (_, base, r: RouteDef) => {
    const arb = fc.record({
      params: r.params ? objectArb(r.params as AnySchema, true) : fc.constant(undefined),
      query: r.query ? objectArb(r.query as AnySchema, true) : fc.constant(undefined),
      body: r.importRow ? fc.oneof({ weight: 4, arbitrary: importBodyArb(r.importRow as AnySchema) }, { weight: 1, arbitrary: bodyArb(r.body as AnySchema) }) : r.body ? bodyArb(r.body as AnySchema) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ params, query, body }) => {
        let path = r.path;
        const sentParams: Record<string, string> = {};
        for (const name of r.path.match(/:[a-zA-Z]+/g) ?? []) {
          const raw = params?.[name.slice(1)];
          // A URL cannot carry half a surrogate pair: it arrives as U+FFFD, as a browser would send it.
          const value = raw === undefined ? '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11' : String(raw).replace(/[\uD800-\uDFFF]/g, (c, i, str) => (/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(str.slice(i, i + 2)) || /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(str.slice(i - 1, i + 1)) ? c : '\uFFFD'));
          sentParams[name.slice(1)] = value;
          path = path.replace(name, encodeURIComponent(value));
        }
        const qs = query ? toSearchParams(query) : '';
        const valid =
          ok(r.params, sentParams) &&
          ok(r.query, parseQuery(new URLSearchParams(qs))) &&
          ok(r.body, body) &&
          !Object.values(sentParams).some((p) => p === '');
        const rows = valid && r.importRow ? ((body as { rows: unknown[] }).rows ?? []) : [];
        const rowRefused = rows.map((row) => !ok(r.importRow, row) || row === null || typeof row !== 'object' || Array.isArray(row));
        const unchanged = !valid || (rows.length > 0 && rowRefused.every(Boolean));
        const before = unchanged ? await checksum(s, fingerprint) : '';
        const agent = r.access.kind === 'public' ? s.agent() : r.access.kind === 'operator' ? operator : owner;
        address++;
        const res = await agent.request(r.method, `${base}${path}${qs ? `?${qs}` : ''}`, r.method === 'GET' ? undefined : body === undefined ? {} : JSON.stringify(body), {
          'X-Forwarded-For': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          ...(credentials[r.path] ?? {}),
        });
        if (res.status === 401 && r.access.kind === 'operator') operator = await s.loginOperator();
        else if (res.status === 401 && r.access.kind !== 'public') owner = await s.login('owner@demo.travel');
        expect(res.status, `${JSON.stringify({ params: sentParams, qs, body }).slice(0, 400)} → ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
        if (!valid) {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(typeof res.body?.message).toBe('string');
          expect(typeof res.body?.code).toBe('string');
          if (res.status === 400) {
            expect(res.body.issues?.length).toBeGreaterThan(0);
            for (const i of res.body.issues) expectCoded(i);
          }
        }
        if (r.importRow && valid && res.status < 300) {
          const report = res.body.data;
          rowRefused.forEach((refused, k) => {
            if (!refused) return;
            const result = report.rows[k];
            expect(result, JSON.stringify(rows[k]).slice(0, 200)).toMatchObject({ row: k + 1, status: 'rejected' });
            expect(result.issues?.length).toBeGreaterThan(0);
            for (const i of result.issues) expectCoded(i);
          });
        }
        if (unchanged) expect(await checksum(s, fingerprint)).toBe(before);
      }),
      { numRuns: RUNS },
    );
    // A route's 25 inputs are 25 requests and up to 50 reads of the proof: on a CI machine shared
    // with other work that took over the API project's 30 s, so the gate allows more (it times nothing).
  }, 120_000);
});

import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { parseQuery } from '../../server/http/query';
import type { RouteDef } from '../../server/http/route';
import { startTestServer, type TestServer } from '../support/server';
import { checksum, checksumQuery } from '../support/db-checksum';
import { bodyArb, objectArb, toSearchParams, type AnySchema } from '../support/hostile';
import type { Agent } from '../support/agent';
import { LEAD_SECRET_HEADER } from '../../src/api/leads/contract';

/**
 * Gate: for every route that takes params, a query or a body, generated inputs are judged by the
 * route's own schema. Refused ones answer 4xx with a message (400 names the fields) and leave the
 * database exactly as it was; accepted ones never answer 5xx. Routes added later are covered as
 * soon as they are registered.
 */
const RUNS = Number(process.env.GATE_RUNS ?? 25);

let s: TestServer;
let owner: Agent;
let fingerprint: string;
/** The headers a public route's `identify` accepts, by path: the gate calls it as its real caller would. */
const credentials: Record<string, Record<string, string>> = {};
/** Each request from its own address, so no rate limit stands between the input and the check. */
let address = 0;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  credentials['/public/leads'] = { [LEAD_SECRET_HEADER]: (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret };
  fingerprint = await checksumQuery(s);
});
afterAll(() => s.close());

const fuzzable = [...registry.api.map((r) => ['/api', r] as const), ...registry.platform.map((r) => ['/platform', r] as const)].filter(
  ([, r]) => r.params || r.query || r.body,
);

const ok = (schema: unknown, input: unknown) => !schema || v.safeParse(schema as v.GenericSchema, input).success;

describe('bad input on every route', () => {
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
      body: r.body ? bodyArb(r.body as AnySchema) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ params, query, body }) => {
        let path = r.path;
        const sentParams: Record<string, string> = {};
        for (const name of r.path.match(/:[a-zA-Z]+/g) ?? []) {
          const raw = params?.[name.slice(1)];
          const value = raw === undefined ? '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11' : String(raw);
          sentParams[name.slice(1)] = value;
          path = path.replace(name, encodeURIComponent(value));
        }
        const qs = query ? toSearchParams(query) : '';
        const valid =
          ok(r.params, sentParams) &&
          ok(r.query, parseQuery(new URLSearchParams(qs))) &&
          ok(r.body, body) &&
          !Object.values(sentParams).some((p) => p === '');
        const before = valid ? '' : await checksum(s, fingerprint);
        const agent = r.access.kind === 'public' ? s.agent() : owner;
        address++;
        const res = await agent.request(r.method, `${base}${path}${qs ? `?${qs}` : ''}`, r.method === 'GET' ? undefined : body === undefined ? {} : JSON.stringify(body), {
          'X-Forwarded-For': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          ...(credentials[r.path] ?? {}),
        });
        if (res.status === 401 && r.access.kind !== 'public') owner = await s.login('owner@demo.travel');
        expect(res.status, `${JSON.stringify({ params: sentParams, qs, body }).slice(0, 400)} → ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
        if (!valid) {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(typeof res.body?.message).toBe('string');
          if (res.status === 400) expect(res.body.issues?.length).toBeGreaterThan(0);
          expect(await checksum(s, fingerprint)).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

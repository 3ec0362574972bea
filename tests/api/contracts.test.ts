import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry';
import { openApiPath } from '../../server/http/openapi';
import { isFileAnswer } from '../../server/http/route';
import { ISSUE_CODES } from '../../src/api/common/issues';
import { MAX_MONEY } from '../../src/domain/money';
import { LEAD_SECRET_HEADER } from '../../src/api/leads/contract';
import { startTestServer, type TestServer } from '../support/server';
import { answerChecker } from '../support/answers';
import type { Agent } from '../support/agent';

/**
 * The contract layer as an API user meets it: what the field kit refuses (text the database cannot
 * store, dates outside 1900–2200, numbers past their columns) is a 400 naming the field with a code
 * and parameters, never a 500; and the OpenAPI reference documents every registered route.
 */
let s: TestServer;
let owner: Agent;
let secret: string;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login('owner@demo.travel');
  secret = (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret;
});
afterAll(() => s.close());

const capture = (body: unknown) => s.agent().request('POST', '/api/public/leads', JSON.stringify(body), { [LEAD_SECRET_HEADER]: secret });

describe('the field kit over HTTP', () => {
  it('refuses NUL, control characters and lone surrogates in text with 400 naming the field (the probe’s findings)', async () => {
    const before = await s.sql('select count(*)::int as n from leads');
    // Raw JSON text: a lone surrogate arrives as the escape `\ud800`, as a hostile client sends it.
    const raw = await s.agent().request('POST', '/api/public/leads', '{"name":"Ana\\ud800","email":"ana@example.com","message":"a\\u0000b"}', { [LEAD_SECRET_HEADER]: secret });
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe('VALIDATION_FAILED');
    expect(raw.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', code: 'invalidCharacters', params: {}, message: 'must not contain broken characters (lone UTF-16 surrogates)' },
        { path: 'message', code: 'controlCharacters', params: {}, message: 'must not contain control characters' },
      ]),
    );
    const bell = await owner.post('/api/leads', { name: 'Bell\u0007', phone: '+971 50 123 4567' });
    expect(bell.status).toBe(400);
    expect(bell.body.issues).toEqual([{ path: 'name', code: 'controlCharacters', params: {}, message: 'must not contain control characters' }]);
    const search = await owner.get('/api/leads?search=a%00b');
    expect(search.status).toBe(400);
    expect(search.body.issues).toEqual([{ path: 'search', code: 'controlCharacters', params: {}, message: 'must not contain control characters' }]);
    expect(await s.sql('select count(*)::int as n from leads')).toEqual(before);
  });

  it('keeps line breaks and tabs in multi-line text only', async () => {
    const lead = await owner.post('/api/leads', { name: 'Multi Line', phone: '+971 50 777 1234', comment: 'first\r\nsecond\tcolumn' });
    expect(lead.status).toBe(201);
    expect(lead.body.data.comment).toBe('first\nsecond\tcolumn');
    const oneLine = await owner.post('/api/leads', { name: 'Two\nLines', phone: '+971 50 777 4321' });
    expect(oneLine.body.issues).toEqual([{ path: 'name', code: 'controlCharacters', params: {}, message: 'must not contain control characters' }]);
  });

  it('refuses dates and instants outside 1900–2200 with the range as parameters', async () => {
    const range = { min: '1900-01-01', max: '2200-12-31' };
    const message = 'must be between 1900-01-01 and 2200-12-31';
    for (const travelFrom of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      const res = await capture({ name: 'Ana Lima', email: 'ana@example.com', travelFrom });
      expect(res.status, travelFrom).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'travelFrom', code: 'dateOutOfRange', params: range, message }]);
    }
    expect((await capture({ name: 'Ana Lima', email: 'ana.edge@example.com', travelFrom: '2200-12-31' })).status).toBe(201);
    const lead = (await owner.get('/api/leads?limit=1')).body.data[0];
    for (const dueAt of ['0000-01-01T00:00:00Z', '2201-01-01T00:00:00Z', '1900-01-01T00:00:00+01:00']) {
      const res = await owner.post(`/api/leads/${lead._id}/followup`, { dueAt });
      expect(res.status, dueAt).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'dueAt', code: 'dateOutOfRange', params: range, message }]);
    }
    const filter = await owner.get('/api/leads?query[from]=0000-01-01');
    expect(filter.body.issues).toEqual([{ path: 'query.from', code: 'dateOutOfRange', params: range, message }]);
    const members = await owner.get('/api/members?joiningDate[from]=2026-02-01&joiningDate[to]=2026-01-01');
    expect(members.body.issues).toEqual([{ path: 'joiningDate.to', code: 'dateOrder', params: { after: 'from' }, message: 'must not be before from' }]);
  });

  it('refuses numbers past their bounds with the bound as a parameter', async () => {
    for (const adults of [1e21, 2 ** 63, -(2 ** 63) - 1, Number.MAX_VALUE]) {
      const res = await capture({ name: 'Ana Lima', email: 'ana@example.com', adults });
      expect(res.status, String(adults)).toBe(400);
      expect(res.body.issues[0]).toMatchObject({ path: 'adults', code: adults > 0 ? 'tooLarge' : 'tooSmall', params: adults > 0 ? { max: 99 } : { min: 1 } });
    }
    const price = await owner.post('/api/activities', { name: 'Sky', destinationId: '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11', category: 'adventure', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 2 ** 63 });
    expect(price.body.issues).toEqual([{ path: 'pricePerPerson', code: 'tooLarge', params: { max: MAX_MONEY }, message: 'is too large' }]);
    const fraction = await owner.post('/api/reviews', { customerName: 'A', rating: 4.5, text: 'Nice' });
    expect(fraction.body.issues).toEqual([{ path: 'rating', code: 'notInteger', params: {}, message: 'must be a whole number' }]);
  });

  it('names unknown fields, choices and lengths with codes', async () => {
    const res = await owner.post('/api/vendors', { name: 'x'.repeat(201), services: ['boats'], surprise: 1 });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', code: 'tooLong', params: { max: 200 }, message: 'must be at most 200 characters' },
        { path: 'services.0', code: 'oneOf', params: { values: ['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others'] }, message: 'must be one of hotels, flights, transfers, activities, visa, land-part, others' },
        { path: 'surprise', code: 'unknownField', params: {}, message: 'is not a known field' },
      ]),
    );
  });

  it('gives domain refusals their values as parameters', async () => {
    const seats = (await s.sql<{ seats: number }>('select seats from subscriptions s join organizations o on o.id = s.organization_id where o.name = $1', ['Demo Travels']))[0].seats;
    await s.sql('update subscriptions set seats = 1');
    const role = (await owner.get('/api/roles')).body.data[0]._id;
    const full = await owner.post('/api/members', { name: 'New Person', email: 'new.person@demo.travel', department: 'sales', roleId: role, password: 'a-long-password-1' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'SEAT_LIMIT', params: { seats: 1 } });
    await s.sql('update subscriptions set seats = $1', [seats]);
    const missing = await owner.get('/api/leads/3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11');
    expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'Lead not found', params: { resource: 'Lead' } });
  });

  it('reports import rows with coded issues, by the same mapper', async () => {
    const res = await owner.post('/api/leads/import', { rows: [{ name: 'Row\u0000One', phone: '+971 50 999 0001' }, { name: 'Row Two', email: 'row.two@example.com', queryDate: '1899-12-31' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ row: 1, status: 'rejected', issues: [{ path: 'name', code: 'controlCharacters', params: {} }] });
    expect(res.body.data.rows[1]).toMatchObject({ row: 2, status: 'rejected', issues: [{ path: 'queryDate', code: 'dateOutOfRange', params: { min: '1900-01-01', max: '2200-12-31' } }] });
  });
});

describe('the API reference', () => {
  it('documents every registered route with its permission, parameters and answers', async () => {
    const res = await s.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    for (const [base, routes] of [
      ['/api', registry.api],
      ['/platform', registry.platform],
    ] as const) {
      for (const r of routes) {
        const op = doc.paths[base + openApiPath(r.path)]?.[r.method.toLowerCase()];
        expect(op, `${r.method} ${base}${r.path} is missing from the document`).toBeDefined();
        expect(op['x-permission']).toBe(
          r.access.kind === 'permission'
            ? `${r.access.module}.${r.access.action}`
            : r.access.kind === 'anyPermission'
              ? r.access.of.map((g) => `${g.module}.${g.action}`).join(' | ')
              : r.access.kind,
        );
        expect(r.answers, `${r.method} ${r.path} documents no answer schema`).toBeDefined();
        const answered = op.responses[String(r.status ?? 200)].content;
        if (isFileAnswer(r.answers)) for (const type of r.answers.file) expect(answered[type].schema).toEqual({ type: 'string', format: 'binary' });
        else expect(answered['application/json'].schema).toBeTypeOf('object');
        if (r.multipart) expect(op.requestBody.content['multipart/form-data'].schema.properties[r.multipart.files].items.format).toBe('binary');
        if (r.params || r.query || r.body) expect(op.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
        if (r.access.kind !== 'public') expect(op.responses['401']).toBeDefined();
        // Every operation says how it is authenticated (an empty list: public), by a scheme the document declares.
        expect(op.security, `${r.method} ${base}${r.path} declares no security`).toBeInstanceOf(Array);
        for (const scheme of op.security.flatMap(Object.keys)) expect(doc.components.securitySchemes).toHaveProperty([scheme]);
        expect(op.security.length === 0).toBe(r.access.kind === 'public' && !('identify' in r && r.identify));
        for (const name of r.path.match(/:[a-zA-Z]+/g) ?? []) expect(op.parameters.map((p: { name: string }) => p.name)).toContain(name.slice(1));
      }
    }
    expect(doc.components.schemas.ApiError.description).toContain(ISSUE_CODES.join(', '));
    const leads = doc.paths['/api/leads'].get;
    expect(leads.parameters.find((p: { name: string }) => p.name === 'query')).toMatchObject({ in: 'query', style: 'deepObject' });
    expect(doc.paths['/api/leads/import'].post.requestBody.content).toHaveProperty(['text/csv']);
  });

  it('serves the interactive reference from its own files, under the app’s CSP', async () => {
    const page = await s.agent().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.body).toContain('src="/api/docs/reference.js"');
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await s.agent().get('/api/docs/reference.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(String(script.body).length).toBeGreaterThan(100_000);
  });

  it('checks the answers it documents (the test server turns an answer that does not match into a 500)', async () => {
    const check = answerChecker(registry);
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'x-kept': 'yes' } });
    const wrong = await check(new Request('http://x/api/leads?page=1'), json({ data: [{ _id: 'x' }], meta: {} }));
    expect(wrong.status).toBe(500);
    expect((await wrong.json()).code).toBe('ANSWER_MISMATCH');
    const right = await check(new Request('http://x/api/health'), json({ status: 'ok', database: 'reachable' }));
    expect(right.status).toBe(200);
    expect(right.headers.get('x-kept')).toBe('yes');
    // A file answer is checked by its media type; JSON where a file is documented is a mismatch, and so is a file where JSON is.
    const pdf = (type: string) => new Response('%PDF-1.7', { headers: { 'content-type': type } });
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await check(new Request(`http://x/api/budget/income/${id}/pdf`), pdf('application/pdf'))).status).toBe(200);
    expect((await check(new Request(`http://x/api/budget/income/${id}/pdf`), pdf('text/html'))).status).toBe(500);
    expect((await check(new Request(`http://x/api/budget/income/${id}/pdf`), json({ data: 1 }))).status).toBe(500);
    expect((await check(new Request('http://x/api/health'), pdf('application/pdf'))).status).toBe(500);
  });
});

import * as v from 'valibot';
import { isFileAnswer, type RouteDef } from '../../server/http/route';

/**
 * Every success the test server sends is checked against its route's documented answer (`answers`,
 * what the OpenAPI reference shows): a JSON answer against its schema, a file against its media
 * types. A mismatch replaces the answer with a 500 naming the route and the fields, so any API test
 * that calls the route fails on it: the reference cannot drift from what the API answers.
 */
interface Matcher {
  method: string;
  pattern: RegExp;
  def: RouteDef;
  route: string;
}

export function answerChecker(registry: { api: RouteDef[]; platform: RouteDef[] }) {
  const matchers: Matcher[] = [];
  for (const [base, routes] of [
    ['/api', registry.api],
    ['/platform', registry.platform],
  ] as const) {
    for (const def of routes) {
      // Hono runs the first route registered that matches; the registry is the order of registration.
      const pattern = new RegExp(`^${(base + def.path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`);
      matchers.push({ method: def.method, pattern, def, route: `${def.method} ${base}${def.path}` });
    }
  }
  return async function check(req: Request, res: Response): Promise<Response> {
    if (res.status >= 300) return res;
    const { pathname } = new URL(req.url);
    const match = matchers.find((m) => m.method === req.method && m.pattern.test(pathname));
    if (!match) return res;
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const mismatch = (problem: string, answer: unknown) => {
      const message = `The answer of ${match.route} does not match its documented schema: ${problem}`;
      console.error(message);
      return new Response(JSON.stringify({ message, code: 'ANSWER_MISMATCH', answer }), { status: 500, headers: { 'content-type': 'application/json' } });
    };
    const { answers } = match.def;
    if (isFileAnswer(answers)) return answers.file.includes(type) ? res : mismatch(`a file of type ${type || 'none'}, not one of ${answers.file.join(', ')}`, null);
    if (type !== 'application/json') return mismatch(answers ? `${type || 'no content type'} instead of JSON` : 'the route documents no answer (RouteDef.answers)', null);
    // Headers first, then the body, and the answer rebuilt: reading the body of @hono/node-server's
    // lightweight Response makes a new one from its first headers, losing those set since (the CSP).
    const headers = new Headers(res.headers);
    const text = await res.text();
    const body = JSON.parse(text);
    const problem = !answers
      ? 'the route documents no answer schema (RouteDef.answers)'
      : (() => {
          const result = v.safeParse(answers, body);
          return result.success ? undefined : result.issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
        })();
    return problem ? mismatch(problem, body) : new Response(text, { status: res.status, headers });
  };
}

import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ERROR_CODES, ISSUE_CODES } from '../../src/api/common/issues';
import { apiErrorSchema } from '../../src/api/common/schemas';
import { LEAD_SECRET_HEADER } from '../../src/api/leads/contract';
import { isFileAnswer, isStateChanging, permissionName, type RouteDef } from './route';

/**
 * The API reference (OpenAPI 3.1), generated from the route registry and the contract schemas the
 * server validates with, so the document cannot drift from what the API does: every route of
 * `/api` and `/platform`, its parameters, body, success answer and the refusals that apply, and the
 * permission it needs (`x-permission`).
 */
type JsonSchema = Record<string, unknown>;

const convert = (schema: v.GenericSchema, typeMode: ConversionConfig['typeMode']): JsonSchema =>
  // Checks and transforms have no JSON Schema form: the document shows the shape, the server the rules.
  toJsonSchema(schema as never, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as JsonSchema;

const stripDialect = ({ $schema: _ignored, ...rest }: JsonSchema) => rest;

/** `/members/memberId/:id` → `/members/memberId/{id}` */
export const openApiPath = (path: string) => path.replace(/:([a-zA-Z]+)/g, '{$1}');

const errorRef = { $ref: '#/components/schemas/ApiError' };
const refusal = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

const permissionOf = (def: RouteDef) => permissionName(def.access);

function parameters(def: RouteDef): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [place, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = convert(schema as v.GenericSchema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const objectLike = property.type === 'object';
      out.push({
        name,
        in: place,
        required: place === 'path' || (json.required ?? []).includes(name),
        schema: property,
        // Ranges and filters are `name[from]=…`; lists repeat the key or join with commas.
        ...(objectLike ? { style: 'deepObject', explode: true } : place === 'query' ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return out;
}

function requestBody(def: RouteDef): JsonSchema | undefined {
  if (!def.body) return undefined;
  const json = def.importRow
    ? { type: 'object', properties: { rows: { type: 'array', minItems: 1, items: stripDialect(convert(def.importRow, 'input')) } }, required: ['rows'], additionalProperties: false }
    : convert(def.body as v.GenericSchema, 'input');
  const content: Record<string, JsonSchema> = { 'application/json': { schema: stripDialect(json) } };
  if (def.multipart) {
    // The same fields as form fields (a list repeats its field), and the files in their own field.
    const { properties = {}, required } = json as { properties?: Record<string, JsonSchema>; required?: string[] };
    const files = { type: 'array', items: { type: 'string', format: 'binary' } };
    content['multipart/form-data'] = { schema: { type: 'object', properties: { ...properties, [def.multipart.files]: files }, ...(required ? { required } : {}) } };
  }
  for (const mediaType of Object.keys(def.bodyParsers ?? {})) {
    content[mediaType] =
      mediaType === 'multipart/form-data'
        ? { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv', description: 'The CSV or JSON file (`{ "rows": [...] }` or a list of rows).' } }, required: ['file'] } }
        : { schema: { type: 'string', description: 'The file as the body: a header line naming the columns, then one line per row.' } };
  }
  return { required: true, content };
}

function responses(def: RouteDef): Record<string, JsonSchema> {
  const status = String(def.status ?? 200);
  const out: Record<string, JsonSchema> = {
    [status]: {
      description: 'Success',
      ...(isFileAnswer(def.answers)
        ? { content: Object.fromEntries(def.answers.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) }
        : def.answers
          ? { content: { 'application/json': { schema: stripDialect(convert(def.answers, 'output')) } } }
          : {}),
    },
  };
  const changes = isStateChanging(def.method);
  const tenant = def.access.kind !== 'public';
  const identified = def.access.kind === 'public' && 'identify' in def && !!def.identify;
  if (def.params || def.query || def.body) out['400'] = refusal('Invalid input: `issues` name each field with a code and its parameters');
  if (tenant || identified) out['401'] = refusal(identified ? 'The credential in the header is missing or wrong' : 'Not signed in, or the session ended');
  if (def.access.kind === 'operator') out['403'] = refusal('Signed in as an organization’s member, not a platform operator, or a cross-site request');
  else if (def.access.kind === 'permission' || def.access.kind === 'anyPermission' || (changes && !def.crossSite)) out['403'] = refusal('Missing permission, an expired or cancelled subscription (writes), or a cross-site request');
  if (def.access.kind === 'operator' && def.params) out['404'] = refusal('No such organization');
  else if (def.params || (tenant && changes)) out['404'] = refusal('No such record in your organization (another organization’s id included)');
  if (tenant && changes) out['409'] = refusal('A duplicate, a record still in use, or a change the workflow does not allow in the record’s state');
  if ('version' in ((def.body as { entries?: object } | undefined)?.entries ?? {})) out['412'] = refusal('The record changed since the version sent');
  if (def.body) out['413'] = refusal(def.importRow ? 'The body is larger than the route accepts, or has more rows than the role may import (IMPORT_TOO_MANY_ROWS)' : 'The body is larger than the route accepts');
  if (def.body) out['415'] = refusal('A body of a media type the route does not read (JSON is `application/json`)');
  if (def.multipart) out['411'] = refusal('A multipart body without `Content-Length`');
  if (def.access.kind === 'public' && def.body) out['429'] = refusal('Too many attempts; `Retry-After` says when to try again');
  out['503'] = refusal('The database is not reachable at the moment (DATABASE_UNAVAILABLE); `Retry-After` says when to try again, and a keyed request may be sent again with its key');
  return out;
}

/**
 * Who may call an operation, as the document's security schemes (`components.securitySchemes`):
 * a member's session cookie, an operator's, the website's lead secret, or nothing (sign-in, health).
 */
function securityOf(def: RouteDef): Record<string, string[]>[] {
  if (def.access.kind === 'operator') return [{ operatorSession: [] }];
  if (def.access.kind !== 'public') return [{ session: [] }];
  return 'identify' in def && def.identify ? [{ leadSecret: [] }] : [];
}

function operation(base: string, def: RouteDef): JsonSchema {
  const permission = permissionOf(def);
  const who =
    permission === 'public'
      ? 'Public.'
      : permission === 'signedIn'
        ? 'Any signed-in member.'
        : permission === 'operator'
          ? 'Platform operators only (their session cookie `psid`, from `POST /platform/auth/login`).'
          : def.access.kind === 'anyPermission'
            ? `Needs any one of the permissions \`${permission}\`.`
            : `Needs the permission \`${permission}\`.`;
  const tag = def.path.split('/')[1] || 'api';
  const params = parameters(def);
  const body = requestBody(def);
  return {
    operationId: `${def.method.toLowerCase()}${(base + def.path).replace(/[/:]+([a-zA-Z])/g, (_m, c: string) => c.toUpperCase()).replace(/[^a-zA-Z0-9]/g, '')}`,
    tags: [base === '/platform' ? `platform ${tag}` : tag],
    summary: `${def.method} ${base}${def.path}`,
    description: `${who}${def.crossSite ? ' Callable from any site (CORS), authenticated by a header.' : ''}`,
    'x-permission': permission,
    security: securityOf(def),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(def),
  };
}

export function openApiDocument(registry: { api: RouteDef[]; platform: RouteDef[] }, version = '0.1.0'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [base, routes] of [
    ['/api', registry.api],
    ['/platform', registry.platform],
  ] as const) {
    for (const def of routes) {
      const path = base + openApiPath(def.path);
      (paths[path] ??= {})[def.method.toLowerCase()] = operation(base, def);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Travel back office API',
      version,
      description: [
        'The REST service of the travel back office. Sign in with `POST /api/auth/login`; the session is a cookie.',
        'State-changing calls need the header `X-Requested-With` (cross-site request protection).',
        'Lists answer `{ data, meta, stats? }`, single records `{ data }`. Money is integer minor units; calendar dates `YYYY-MM-DD` and instants ISO 8601 UTC, within the years 1900–2200.',
        'Refusals answer `{ message, code, params?, issues? }`; each issue is `{ path, code, params, message }`.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas: {
        ApiError: {
          ...stripDialect(convert(apiErrorSchema, 'output')),
          description: `\`code\` is one of: ${ERROR_CODES.join(', ')}. An issue's \`code\` is one of: ${ISSUE_CODES.join(', ')}.`,
        },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The member’s session, set by `POST /api/auth/login`.' },
        operatorSession: { type: 'apiKey', in: 'cookie', name: 'psid', description: 'A platform operator’s session, set by `POST /platform/auth/login`.' },
        leadSecret: { type: 'apiKey', in: 'header', name: LEAD_SECRET_HEADER, description: 'The organization’s website secret (Configurations), for lead capture from its own site.' },
      },
    },
  };
}

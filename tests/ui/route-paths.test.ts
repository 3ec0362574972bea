import { describe, expect, it } from 'vitest';
import { routePath } from '../../src/api/common/paths';
import { operationEndpoints, operationPaths } from '../../src/api/operations/contract';
import { leadEndpoints, leadPaths } from '../../src/api/leads/contract';
import { contactEndpoints } from '../../src/api/contacts/contract';
import { regionEndpoints } from '../../src/api/catalogue/regions/contract';
import { destinationEndpoints } from '../../src/api/catalogue/destinations/contract';
import { hotelEndpoints, hotelPaths } from '../../src/api/catalogue/hotels/contract';
import { activityEndpoints, activityPaths } from '../../src/api/catalogue/activities/contract';
import { reviewEndpoints } from '../../src/api/catalogue/reviews/contract';
import { vendorEndpoints } from '../../src/api/vendors/contract';
import { bookingEndpoints } from '../../src/api/bookings/contract';
import { endpointsOf, isEndpoint } from '../../src/api/common/endpoint';
import { customizedTourEndpoints, customizedTourPaths } from '../../src/api/tours/customized/contract';
import { personalizedTourEndpoints, personalizedTourPaths } from '../../src/api/tours/personalized/contract';
import { groupTourEndpoints } from '../../src/api/tours/group/contract';
import { cancellationEndpoints, cancellationPaths } from '../../src/api/cancellations/contract';
import { creditEndpoints, creditPaths } from '../../src/api/finance/credit/contract';
import { financeEndpoints } from '../../src/api/finance/contract';
import { statementEndpoints } from '../../src/api/finance/statement/contract';
import { expenseEndpoints } from '../../src/api/finance/expenses/contract';
import { documentsEndpoints } from '../../src/api/documents/contract';
import { authEndpoints } from '../../src/api/admin/auth/contract';
import { memberEndpoints } from '../../src/api/admin/members/contract';
import { moduleEndpoints } from '../../src/api/admin/modules/contract';
import { roleEndpoints } from '../../src/api/admin/roles/contract';
import { organizationEndpoints } from '../../src/api/admin/organization/contract';
import { configurationEndpoints, CONFIG_PATHS } from '../../src/api/admin/configurations/contract';
import { dashboardEndpoints } from '../../src/api/dashboard/contract';
import { notificationEndpoints } from '../../src/api/notifications/contract';
import { workQueueEndpoints } from '../../src/api/work-queue/contract';
import { aiEndpoints } from '../../src/api/ai/contract';
import { platformEndpoints } from '../../src/api/platform/contract';
import { registry } from '../../server/registry';

/** Every pattern an area's paths declare (a path without parameters may be a plain string), by name. */
function patternsOf(paths: object, prefix = ''): [string, string][] {
  return Object.entries(paths).flatMap(([name, p]): [string, string][] => {
    if (typeof p === 'string') return [[`${prefix}${name}`, p]];
    if (isEndpoint(p)) return []; // an endpoint among an area's paths (a record's documents): held as an endpoint below
    if (typeof p === 'function' && 'pattern' in p) return [[`${prefix}${name}`, (p as { pattern: string }).pattern]];
    if (typeof p === 'object' && p) return patternsOf(p, `${prefix}${name}.`);
    return [];
  });
}

const API_PATHS = {
  operationPaths,
  leadPaths, // the CSV import's endpoint (importRoute)
  hotelPaths, // the CSV import's endpoint (importRoute)
  activityPaths, // the CSV import's endpoint (importRoute)
  customizedTourPaths, // the itinerary's documents (documentRoutes)
  personalizedTourPaths, // the brochure's documents (documentRoutes)
  cancellationPaths, // the confirmation's PDF and send
  creditPaths, // the credit note's PDF
};

/** Every area's endpoints (method, path, schemas), declared once in its contract. */
const API_ENDPOINTS = { documentsEndpoints, workQueueEndpoints, bookingEndpoints, operationEndpoints, contactEndpoints, vendorEndpoints, notificationEndpoints, dashboardEndpoints, financeEndpoints, regionEndpoints, destinationEndpoints, reviewEndpoints, aiEndpoints, authEndpoints, memberEndpoints, moduleEndpoints, roleEndpoints, organizationEndpoints, configurationEndpoints, leadEndpoints, customizedTourEndpoints, hotelEndpoints, activityEndpoints, personalizedTourEndpoints, groupTourEndpoints, cancellationEndpoints, creditEndpoints, expenseEndpoints, statementEndpoints };
/** And those still among an area's paths (a record's documents in an area whose other calls are paths). */
const ALL_ENDPOINTS = { ...API_ENDPOINTS, ...API_PATHS };
const endpointKey = (e: { method: string; pattern: string }) => `${e.method} ${e.pattern}`;
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('an endpoint declared once', () => {
  it('fills its parameters by name, each encoded', () => {
    expect(bookingEndpoints.verifyPayment.url({ id: 'a b', paymentId: 'c/d' })).toBe('/bookings/a%20b/payment/c%2Fd/verify');
  });

  it("is declared for each module's settings at the seed's segment, one per segment", () => {
    expect(Object.keys(configurationEndpoints.settings).sort()).toEqual(Object.keys(CONFIG_PATHS).sort());
    for (const [segment, e] of Object.entries(configurationEndpoints.settings)) expect([e.method, e.pattern], segment).toEqual(['PUT', `/configurations/${segment}`]);
  });

  it('is registered by the server as declared: method, path, params, query, body, answer and status', () => {
    const byKey = new Map(registry.api.map((r) => [routeKey(r), r]));
    // The parent service's (`/platform`) are registered by its own routes.
    const platformByKey = new Map(registry.platform.map((r) => [routeKey(r), r]));
    for (const [area, endpoints] of Object.entries({ ...ALL_ENDPOINTS, platformEndpoints })) {
      for (const [name, e] of endpointsOf(endpoints)) {
        const r = (endpoints === platformEndpoints ? platformByKey : byKey).get(endpointKey(e));
        expect(r, `${area}.${name} (${endpointKey(e)}) is registered`).toBeDefined();
        expect(r!.endpoint, `${area}.${name} is the route's endpoint`).toBe(e);
        expect([r!.params, r!.query, r!.body, r!.answers, r!.status], `${area}.${name}`).toEqual([e.params, e.query, e.body, e.answer, e.status]);
      }
    }
  });

  it('declares every route of the server: each is registered from an endpoint a contract declares, as declared, and no two share one', () => {
    const routes = [...registry.api, ...registry.platform];
    expect(routes.filter((r) => !isEndpoint(r.endpoint)).map(routeKey), 'routes without an endpoint').toEqual([]);
    for (const r of routes) expect(routeKey(r), `${routeKey(r)} is its endpoint's method and pattern`).toBe(endpointKey(r.endpoint));
    const declared = new Set(Object.values(ALL_ENDPOINTS).flatMap((endpoints) => endpointsOf(endpoints).map(([, e]) => e)));
    for (const r of registry.api) expect(declared.has(r.endpoint), `${routeKey(r)}'s endpoint is declared in a contract`).toBe(true);
    expect(new Set(registry.api.map((r) => r.endpoint)).size).toBe(registry.api.length);
    const platform = new Set(endpointsOf(platformEndpoints).map(([, e]) => e));
    for (const r of registry.platform) expect(platform.has(r.endpoint), `${routeKey(r)} of /platform is declared by platformEndpoints`).toBe(true);
  });
});

describe('a path declared once', () => {
  it('fills its parameters in order, each encoded, and keeps its pattern for the server', () => {
    const p = routePath('/booking-operations/:operationId/voucher/:id/payment');
    expect(p('a b', 'c/d')).toBe('/booking-operations/a%20b/voucher/c%2Fd/payment');
    expect(p.pattern).toBe('/booking-operations/:operationId/voucher/:id/payment');
    expect(routePath('/booking-operations')()).toBe('/booking-operations');
  });

  it('is the path the server registers, for every declared path of an area', () => {
    const registered = new Set(registry.api.map((r) => r.path));
    for (const [name, path] of Object.entries(operationPaths)) expect(registered, name).toContain(path.pattern);
  });

  it('is a path the server registers, for every declared path of every area', () => {
    const registered = new Set(registry.api.map((r) => r.path));
    for (const [area, paths] of Object.entries(API_PATHS)) for (const [name, pattern] of patternsOf(paths)) expect(registered, `${area}.${name}`).toContain(pattern);
  });

  it('leaves no route of the server undeclared', () => {
    const declared = new Set([
      ...Object.values(API_PATHS).flatMap((paths) => patternsOf(paths).map(([, pattern]) => pattern)),
      ...Object.values(ALL_ENDPOINTS).flatMap((endpoints) => endpointsOf(endpoints).map(([, e]) => e.pattern)),
    ]);
    const undeclared = registry.api.map((r) => r.path).filter((path) => !declared.has(path));
    expect(undeclared).toEqual([]);
    const platform = new Set(endpointsOf(platformEndpoints).map(([, e]) => e.pattern));
    expect(registry.platform.map((r) => r.path).filter((path) => !platform.has(path))).toEqual([]);
  });
});

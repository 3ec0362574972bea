import { describe, expect, it } from 'vitest';
import { routePath } from '../../src/api/common/paths';
import { operationPaths } from '../../src/api/operations/contract';
import { leadPaths } from '../../src/api/leads/contract';
import { contactPaths } from '../../src/api/contacts/contract';
import { regionPaths } from '../../src/api/catalogue/regions/contract';
import { destinationPaths } from '../../src/api/catalogue/destinations/contract';
import { hotelPaths } from '../../src/api/catalogue/hotels/contract';
import { activityPaths } from '../../src/api/catalogue/activities/contract';
import { reviewPaths } from '../../src/api/catalogue/reviews/contract';
import { vendorPaths } from '../../src/api/vendors/contract';
import { bookingPaths } from '../../src/api/bookings/contract';
import { customizedTourPaths } from '../../src/api/tours/customized/contract';
import { personalizedTourPaths } from '../../src/api/tours/personalized/contract';
import { groupTourPaths } from '../../src/api/tours/group/contract';
import { cancellationPaths } from '../../src/api/cancellations/contract';
import { creditPaths } from '../../src/api/finance/credit/contract';
import { financePaths } from '../../src/api/finance/contract';
import { statementPaths } from '../../src/api/finance/statement/contract';
import { expensePaths } from '../../src/api/finance/expenses/contract';
import { documentsPaths } from '../../src/api/documents/contract';
import { authPaths } from '../../src/api/admin/auth/contract';
import { memberPaths } from '../../src/api/admin/members/contract';
import { modulePaths } from '../../src/api/admin/modules/contract';
import { rolePaths } from '../../src/api/admin/roles/contract';
import { organizationPaths } from '../../src/api/admin/organization/contract';
import { configurationPaths } from '../../src/api/admin/configurations/contract';
import { dashboardPaths } from '../../src/api/dashboard/contract';
import { notificationPaths } from '../../src/api/notifications/contract';
import { workQueuePaths } from '../../src/api/work-queue/contract';
import { aiPaths } from '../../src/api/ai/contract';
import { platformPaths } from '../../src/api/platform/contract';
import { registry } from '../../server/registry';

/** Every pattern an area's paths declare (a path without parameters may be a plain string), by name. */
function patternsOf(paths: object, prefix = ''): [string, string][] {
  return Object.entries(paths).flatMap(([name, p]): [string, string][] => {
    if (typeof p === 'string') return [[`${prefix}${name}`, p]];
    if (typeof p === 'function' && 'pattern' in p) return [[`${prefix}${name}`, (p as { pattern: string }).pattern]];
    if (typeof p === 'object' && p) return patternsOf(p, `${prefix}${name}.`);
    return [];
  });
}

const API_PATHS = {
  operationPaths,
  leadPaths,
  contactPaths,
  regionPaths,
  destinationPaths,
  hotelPaths,
  activityPaths,
  reviewPaths,
  vendorPaths,
  bookingPaths,
  customizedTourPaths,
  personalizedTourPaths,
  groupTourPaths,
  cancellationPaths,
  creditPaths,
  financePaths,
  statementPaths,
  expensePaths,
  documentsPaths,
  authPaths,
  memberPaths,
  modulePaths,
  rolePaths,
  organizationPaths,
  configurationPaths,
  dashboardPaths,
  notificationPaths,
  workQueuePaths,
  aiPaths,
};

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
    const platform = new Set(registry.platform.map((r) => r.path));
    for (const [name, pattern] of patternsOf(platformPaths)) expect(platform, `platformPaths.${name}`).toContain(pattern);
  });

  it('leaves no route of the server undeclared', () => {
    const declared = new Set(Object.values(API_PATHS).flatMap((paths) => patternsOf(paths).map(([, pattern]) => pattern)));
    // One route per module's settings, at the seed's segment: `configurationPaths.settings(segment)`.
    const undeclared = registry.api.map((r) => r.path).filter((path) => !declared.has(path) && !path.startsWith(`${configurationPaths.list.pattern}/`));
    expect(undeclared).toEqual([]);
    const platform = new Set(patternsOf(platformPaths).map(([, pattern]) => pattern));
    expect(registry.platform.map((r) => r.path).filter((path) => !platform.has(path))).toEqual([]);
  });
});

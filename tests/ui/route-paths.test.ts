import { describe, expect, it } from 'vitest';
import { routePath } from '../../src/api/common/paths';
import { operationPaths } from '../../src/api/operations/contract';
import { registry } from '../../server/registry';

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
});

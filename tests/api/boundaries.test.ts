import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceImports, violations } from '../support/boundaries';

/** The layout's rules (docs/architecture.md "Boundaries"), read from the source files alone. */
describe('boundaries', () => {
  it('holds in the repository', () => {
    const files = sourceImports(path.resolve(import.meta.dirname, '../..'));
    expect(files.size).toBeGreaterThan(100);
    expect([...files.keys()]).toContain('server/leads/routes.ts');
    expect(violations(files)).toEqual([]);
  });

  it('finds every kind of breach (a fixture of one of each, beside files that keep the rules)', () => {
    const fixture = new Map<string, string[]>([
      ['src/features/leads/page.tsx', importsOf(`import { X } from '../vendors/vendor-form-dialog';\nimport { y } from '../../ui/auth';\nimport { z } from './lead-status';`)],
      ['src/api/leads/contract.ts', importsOf(`import type { A } from '../../ui/format';\nimport { leadMachine } from '../../machines/lead-machine';`)],
      ['src/ui/picker.tsx', importsOf(`export { P } from '../features/leads/lead-filters';`)],
      ['src/machines/m.ts', importsOf(`const s = await import('../../server/db/client');`)],
      ['server/leads/store.ts', importsOf(`import { vendorRoutes } from '../vendors/routes';\nimport { contactFor } from '../contacts/store';\nimport { leadRoutes } from './routes';`)],
      ['server/vendors/routes.ts', importsOf(`import { placed } from '../catalogue/placed-routes';\nimport 'react';`)],
      ['server/http/app.ts', importsOf(`import { notify } from '../notifications/store';\nimport { validate } from './validate';\nimport type { Tx } from '../db/client';`)],
      ['server/db/schema.ts', importsOf(`export * from '../leads/schema';`)],
      ['server/registry.ts', importsOf(`import { leadRoutes } from './leads/routes';`)],
    ]);
    expect(violations(fixture).map((v) => `${v.file} → ${v.imports}: ${v.rule}`)).toEqual([
      'src/features/leads/page.tsx → src/features/vendors/vendor-form-dialog: a feature imports another feature',
      'src/api/leads/contract.ts → src/ui/format: src/machines and src/api import neither features, ui nor server',
      'src/ui/picker.tsx → src/features/leads/lead-filters: src/ui imports no feature',
      'src/machines/m.ts → server/db/client: src/machines and src/api import neither features, ui nor server',
      'src/machines/m.ts → server/db/client: the web app imports nothing from the server',
      "server/leads/store.ts → server/vendors/routes: an area imports another area's routes",
      "server/vendors/routes.ts → server/catalogue/placed-routes: an area imports another area's routes",
      'server/http/app.ts → server/notifications/store: shared server machinery imports an area',
    ]);
  });
});

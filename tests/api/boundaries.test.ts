import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The layout's rules (docs/architecture.md, "Boundaries"), checked by dependency-cruiser with the
 * repository's own configuration (.dependency-cruiser.cjs; `npm run check:deps` prints the same).
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[] };

async function violationsIn(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['server', 'src'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  }, { extensions: ['.ts', '.tsx', '.js'] });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('boundaries', () => {
  it('hold in the repository: no cycle, no reach past a face', async () => {
    expect(await violationsIn(root)).toEqual([]);
  }, 60_000);

  it('catch every kind of breach (a fixture of one of each, beside files that keep the rules)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    const files: Record<string, string> = {
      'src/features/leads/page.tsx': `import { x } from '../vendors/dialog';\nimport { y } from '../../ui/auth';\nimport { s } from './status';`,
      'src/features/leads/status.ts': `export const s = 1;`,
      'src/features/vendors/dialog.tsx': `export const x = 1;`,
      'src/ui/auth.ts': `export const y = 1;`,
      'src/ui/picker.tsx': `export { s } from '../features/leads/status';`,
      'src/api/leads/contract.ts': `import { y } from '../../ui/auth';\nimport { m } from '../../machines/m';`,
      'src/machines/m.ts': `export const m = 1;\nexport const c = () => import('../../server/db/client');`,
      'server/db/client.ts': `export const db = 1;`,
      'server/http/app.ts': `import { notify } from '../notifications/store';\nimport { db } from '../db/client';`,
      'server/notifications/store.ts': `export const notify = 1;`,
      'server/notifications/index.ts': `export { notify } from './store';`,
      'server/leads/store.ts': `import { notify } from '../notifications/store';\nimport { n } from '../notifications';\nimport { registry } from '../registry';`,
      'server/leads/index.ts': `export * from './store';`,
      'server/vendors/a.ts': `import { b } from './b';\nexport const a = 1;`,
      'server/vendors/b.ts': `import { a } from './a';\nexport const b = 1;`,
      'server/vendors/index.ts': `export { a } from './a';\nimport { notify } from '../notifications';`,
      'server/notifications/uses.ts': `import { a } from '../vendors';`,
      'server/registry.ts': `import { notify } from './notifications';`,
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    try {
      const found = await violationsIn(dir);
      const rules = new Set(found.map((v) => v.split(':')[0]));
      expect([...rules].sort()).toEqual(['area-face', 'composition-roots', 'feature-to-feature', 'no-cycle', 'no-folder-cycle', 'pure-layers', 'shared-to-area', 'ui-to-feature', 'web-to-server'].sort());
      expect(found).toContain('feature-to-feature: src/features/leads/page.tsx → src/features/vendors/dialog.tsx');
      expect(found).toContain('pure-layers: src/api/leads/contract.ts → src/ui/auth.ts');
      expect(found).toContain('ui-to-feature: src/ui/picker.tsx → src/features/leads/status.ts');
      expect(found).toContain('web-to-server: src/machines/m.ts → server/db/client.ts');
      expect(found).toContain('shared-to-area: server/http/app.ts → server/notifications/store.ts');
      expect(found).toContain('area-face: server/leads/store.ts → server/notifications/store.ts');
      expect(found).toContain('composition-roots: server/leads/store.ts → server/registry.ts');
      expect(found).toContain('no-cycle: server/vendors/a.ts → server/vendors/b.ts');
      // Kept rules: a feature's own file, a face, the composition root importing a face.
      expect(found.filter((v) => v.includes('→ src/features/leads/status.ts') && v.startsWith('feature'))).toEqual([]);
      expect(found).not.toContain('area-face: server/leads/store.ts → server/notifications/index.ts');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

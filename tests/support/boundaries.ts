import fs from 'node:fs';
import path from 'node:path';

/**
 * The import rules of docs/architecture.md, checked by reading the source (no build, no types):
 * each file's import specifiers, resolved to repository paths, against the rules below.
 */

/** Server folders that are shared machinery, not areas. */
export const SHARED_SERVER = ['http', 'auth', 'workflow', 'db', 'jobs'];
/** The one shared file allowed to name every area: Drizzle's and drizzle-kit's list of tables. */
export const SCHEMA_AGGREGATOR = 'server/db/schema.ts';

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module specifiers a source text imports (static, re-exports, side effects, dynamic). */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** A relative specifier as a repository path without extension (`src/ui/auth`); bare packages are left out. */
export function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.(tsx?|jsx?)$/, '');
}

const under = (file: string, dir: string) => file.startsWith(`${dir}/`);
const segment = (file: string, i: number) => file.split('/')[i];

/** Every rule a file's imports break. `files`: repository path → the specifiers it imports. */
export function violations(files: Map<string, string[]>): Violation[] {
  const found: Violation[] = [];
  for (const [file, specifiers] of files) {
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const report = (rule: string) => found.push({ file, imports: target, rule });

      // Features never import each other: a widget two areas need lives in src/ui.
      if (under(file, 'src/features') && under(target, 'src/features') && segment(file, 2) !== segment(target, 2)) {
        report('a feature imports another feature');
      }
      // Dependencies point one way: machines and the contract know no screens and no server; widgets know no feature.
      if ((under(file, 'src/machines') || under(file, 'src/api')) && (under(target, 'src/features') || under(target, 'src/ui') || under(target, 'server'))) {
        report('src/machines and src/api import neither features, ui nor server');
      }
      if (under(file, 'src/ui') && under(target, 'src/features')) report('src/ui imports no feature');
      if (under(file, 'src') && under(target, 'server')) report('the web app imports nothing from the server');

      if (!under(file, 'server') || !under(target, 'server')) continue;
      const fromArea = file.split('/').length > 2 ? segment(file, 1) : undefined;
      const toArea = target.split('/').length > 2 ? segment(target, 1) : undefined;
      const isArea = (name: string | undefined) => !!name && !SHARED_SERVER.includes(name);
      // Shared machinery never reaches into an area (the schema aggregator aside).
      if (!isArea(fromArea) && fromArea !== undefined && isArea(toArea) && file !== SCHEMA_AGGREGATOR) {
        report('shared server machinery imports an area');
      }
      // An area calls another area's store.ts / workflow.ts (and schema.ts), never its routes.
      const base = path.posix.basename(target);
      if (isArea(fromArea) && isArea(toArea) && fromArea !== toArea && (base === 'routes' || base.endsWith('-routes'))) {
        report("an area imports another area's routes");
      }
    }
  }
  return found;
}

/** The repository's source files (`src/`, `server/`) with their imports. */
export function sourceImports(root: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) files.set(rel, importsOf(fs.readFileSync(path.join(root, rel), 'utf8')));
    }
  };
  walk('src');
  walk('server');
  return files;
}

// The server as one module, built once by `npm start` (docs/performance.md, issue 32: restart).
// Started through tsx, the server loads about 230 of its own modules and 70 of src/, each
// resolved and compiled through tsx's hooks: seconds of a restart on a busy machine. The bundle
// holds the project's own TypeScript; packages stay in node_modules and load as Node loads them.
//
// Each module keeps its own `import.meta.url` (its source file's URL, written in at build time):
// what a module reads beside itself (the migrations folder, the fonts through createRequire, the
// API reference's script) is found where it is in the checkout, as under tsx. The bundle lives in
// the checkout (dist-server/), next to the node_modules it imports from.
//
// `node server/bundle.mjs` writes dist-server/main.mjs; `npm run dev` and the tests run the
// TypeScript through tsx as before.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = path.join(root, 'dist-server', 'main.mjs');

/** Every module's `import.meta.url` as its source file's URL (esbuild would otherwise give each the bundle's). */
const ownUrls = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

export async function bundleServer() {
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Names as tsx keeps them (a function's or class's name where code or a log reads it).
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownUrls],
  });
  return BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleServer();

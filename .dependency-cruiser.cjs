/**
 * The import rules of docs/architecture.md, checked by dependency-cruiser (`npm run check:deps`,
 * part of `npm test`). Type-only imports count: a cycle through types is still a cycle to read.
 */
const SHARED = '(http|auth|workflow|db|jobs)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No file imports itself back through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'No folder (an area, a layer) depends on itself back through others: areas form a ladder.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|server)/' },
      to: { circular: true },
    },
    {
      name: 'feature-to-feature',
      comment: 'A feature never imports another feature: what two areas need lives in src/ui.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'pure-layers',
      comment: 'Machines, the money and calendar kit and the contract know no screens and no server.',
      severity: 'error',
      from: { path: '^src/(machines|domain|api)/' },
      to: { path: '^(src/(features|ui)|server)/' },
    },
    {
      name: 'ui-to-feature',
      comment: 'Widgets know no feature.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'web-to-server',
      comment: 'The web app imports nothing from the server.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'shared-to-area',
      comment: 'Shared server machinery never imports an area.',
      severity: 'error',
      from: { path: `^server/${SHARED}/` },
      to: { path: '^server/[^/]+/', pathNot: `^server/${SHARED}/` },
    },
    {
      name: 'area-face',
      comment: "An area reaches another area only through its face, server/<area>/index.ts.",
      severity: 'error',
      from: { path: '^server/([^/]+)/' },
      to: { path: '^server/[^/]+/', pathNot: [`^server/${SHARED}/`, '^server/$1/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'composition-roots',
      comment: 'The top-level server files compose the areas (registry, app, seed, schema); nothing below imports them, the settings, the services type and the error log aside.',
      severity: 'error',
      from: { path: '^server/[^/]+/' },
      to: { path: '^server/[^/]+\\.ts$', pathNot: '^server/(config|services|log)\\.ts$' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};

// The import direction between Zelo's packages, checked by app/src/architecture.unit.spec.ts (and
// `npx depcruise -c .dependency-cruiser.mjs contracts services projections workflows app web cli`).
//   contracts  <-  projections, workflows  <-  services  <-  app  <-  cli
//   contracts  <-  web
// No circles, and web features never import one another. Production code follows it strictly; tests may take the few extra arrows listed below, each with its reason.

/** What each package's production code may import of ours, besides itself. */
export const allowed = {
  contracts: [],
  projections: ['contracts'],
  workflows: ['contracts'],
  services: ['contracts', 'projections'],
  app: ['contracts', 'projections', 'workflows', 'services'],
  web: ['contracts'],
  cli: ['contracts', 'projections', 'services', 'app'],
};
const ours = [...Object.keys(allowed), 'bench', 'e2e'];

/** Test files and test helpers: `*.spec.ts(x)` and `testing/` folders. */
const testCode = '(\\.spec\\.tsx?$|/testing/)';

/** Extra arrows for test code only: [from, to, reason]. */
const testArrows = [
  [
    '^projections/',
    '^services/src/(testing/|event-store/|platform/(clock|db|ids|migrate)\\.ts$)',
    'projection tests build their database and append events with the services test helpers',
  ],
  [
    '^projections/',
    '^services/src/privacy/(seal|personal-fields|subjects)\\.ts$',
    'projection tests replay events as the sealing store reads them once an erasure destroyed their keys',
  ],
];

const others = (pkg) => ours.filter((p) => p !== pkg && !allowed[pkg].includes(p));

const layerRules = Object.keys(allowed).flatMap((pkg) => {
  const to = `^(${others(pkg).join('|')})/`;
  const extra = testArrows.filter(([from]) => new RegExp(from).test(`${pkg}/`)).map(([, target]) => target);
  return [
    {
      name: `${pkg}-imports-one-way`,
      comment: `${pkg} may import only ${allowed[pkg].join(', ') || 'nothing of ours'}`,
      severity: 'error',
      from: { path: `^${pkg}/`, pathNot: testCode },
      to: { path: to },
    },
    {
      name: `${pkg}-tests-import-one-way`,
      comment: `${pkg}'s tests: the same, plus the test arrows of .dependency-cruiser.mjs`,
      severity: 'error',
      from: { path: `^${pkg}/.*${testCode}` },
      to: extra.length ? { path: to, pathNot: `(${extra.join('|')})` } : { path: to },
    },
  ];
});

export default {
  forbidden: [
    ...layerRules,
    {
      name: 'contracts-only-valibot',
      comment: 'contracts are plain schemas: valibot and nothing else from npm',
      severity: 'error',
      from: { path: '^contracts/', pathNot: testCode },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '^node_modules/valibot/',
      },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'a web feature never imports another feature: shared code lives in components/, lib/ or app/',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      comment:
        'no circle of imports, so none between packages either (each package.json lists allowed ones only)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import that resolves to nothing cannot be checked',
      severity: 'error',
      from: {},
      // virtual: modules are made by a Vite plugin at build time (web/icon-paths.ts).
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports are arrows too: a type from a package above is still an import against the flow.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};

/**
 * The layers of plugins/vultus-contract/ and the direction its imports run, checked by
 * tests/unit/layering.test.ts (and `npx depcruise plugins src/lib`). Imports run down only:
 *
 *   entry points   index.ts (the Docusaurus plugin), remark.ts (the remark plugin), links.ts (the
 *                  check of the docs' links), dependencies-loader.cjs (the webpack loader), and
 *                  outputs/*: markdown.ts (a page as Markdown, through remark.ts), llms.ts and
 *                  repeats.ts (the Markdown outputs), feed.ts (the Atom feed), postman.ts (the
 *                  Postman collection)
 *        ↓
 *   registry       directives.ts: every directive, for remark.ts and DIRECTIVES.md's table
 *        ↓
 *   renderers      everything else: contract/* (operation, schemaTable, fieldList, headers,
 *                  catalogues, postman, …), metrics/* (charts, thresholds, facts, figures, svg, …),
 *                  data/dataTable.ts, data/releases.ts, facts/facts.ts, partials/include.ts; a renderer may use
 *                  another renderer
 *        ↓
 *   foundations    what every renderer stands on: the types of a directive (directive.ts) and of a
 *                  fact (facts/fact.ts), the mdast builders (mdast.ts), the record of files read
 *                  (reads.ts), the errors that name a writer's mistake (errors.ts, yamlLines.ts),
 *                  how a number is written and the placeholder language (numbers.ts, placeholders.ts),
 *                  the arithmetic of dates (dates.ts),
 *                  the site's sources, loaded once per build and handed to every renderer
 *                  (sources.ts), and their loaders: contract/contract.ts, contract/models.ts and
 *                  contract/sandbox.ts (the contract, with what a test key runs, which the loader
 *                  expands), data/load.ts with data/types/ (data/, and the types generated from its
 *                  schemas), metrics/load.ts with metrics/types.ts
 *                  (data/metrics/)
 *
 * A new module under plugins/vultus-contract/ is a renderer until it is listed here.
 * Type-only imports count (`tsPreCompilationDeps`): a type is a dependency like any other.
 */
const plugin = '^plugins/vultus-contract/';

/** The plugin's entry points: what Docusaurus, the config, the scripts and the tests call. */
const entryPoints = [
  `${plugin}(index|remark|links)\\.ts$`,
  `${plugin}outputs/`,
  `${plugin}dependencies-loader\\.cjs$`,
];

/** The directive registry. */
const registry = [`${plugin}directives\\.ts$`];

/** The foundations: shared types, builders and the loaders of the sources. */
const foundations = [
  `${plugin}(directive|mdast|reads|sources|errors|yamlLines|numbers|placeholders|dates)\\.ts$`,
  `${plugin}facts/fact\\.ts$`,
  `${plugin}contract/(contract|models|sandbox)\\.ts$`,
  `${plugin}data/(load\\.ts$|types/)`,
  `${plugin}metrics/(load|types)\\.ts$`,
];

/** The renderers: every other module of the plugin. */
const renderers = {path: plugin, pathNot: [...entryPoints, ...registry, ...foundations]};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Every import, type-only too, runs one way: no module of plugins/, src/lib/ or deploy/ reaches itself ' +
        'again through its imports. Two modules in a circle are one module split in two files, the ' +
        'order they load in decides what each sees, and neither can be read or tested alone; move ' +
        'what both need to a module below them.',
      severity: 'error',
      from: {path: '^(plugins|src/lib|deploy)/'},
      to: {circular: true},
    },
    {
      name: 'foundation-not-up',
      comment:
        'Foundations → nothing above them: a foundation (directive.ts, facts/fact.ts, mdast.ts, reads.ts, ' +
        'the loaders) never imports a renderer, the registry or an entry point. Every renderer ' +
        'stands on them, so one that reached up would pull the renderers into each other.',
      severity: 'error',
      from: {path: foundations},
      to: {path: plugin, pathNot: foundations},
    },
    {
      name: 'renderer-not-up',
      comment:
        'Renderers → renderers and foundations only: a renderer never imports the registry ' +
        '(directives.ts) or an entry point. The registry lists the renderers and the entry points ' +
        'drive them; a renderer that reached back would be loaded through itself.',
      severity: 'error',
      from: renderers,
      to: {path: [...entryPoints, ...registry]},
    },
    {
      name: 'registry-not-up',
      comment:
        'Registry → renderers and foundations only: directives.ts never imports an entry point. ' +
        'remark.ts looks directives up in it, and scripts/directives.ts and the tests read it ' +
        'without loading the plugin or the remark pipeline.',
      severity: 'error',
      from: {path: registry},
      to: {path: entryPoints},
    },
    {
      name: 'not-tests-or-scripts',
      comment:
        'plugins/, src/lib/ and deploy/ → never tests/ or scripts/: the tests and the scripts use the ' +
        'plugin and the serving rules, not the other way round, and the build does not ship them.',
      severity: 'error',
      from: {path: '^(plugins|src/lib|deploy)/'},
      to: {path: '^(tests|scripts)/'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    // Type-only imports (`import type`) are dependencies too.
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
  },
};

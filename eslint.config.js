// @ts-check
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every package's folder name under packages/, read from there so that a new package is covered. */
const packageNames = readdirSync(join(import.meta.dirname, 'packages'));
const packageSources = packageNames.map((name) => `./packages/${name}/src`);

export default defineConfig(
  { ignores: ['**/dist', '**/dist-*', 'node_modules', 'docs', 'scripts/budget/.generated'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // import/no-cycle parsed every package our files import, and theirs, to build its graph (86%
      // of ESLint's time). A package never imports our files, so no cycle of ours passes through
      // one: leave them unparsed. (The other import rules used here read paths, not exports.)
      // And it reads only files with these extensions (default: .js only), through these parsers:
      // without them it never saw a TypeScript import, so no cycle of ours was ever reported.
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // A dynamic import() counts too: a lazy chunk that imports its loader back is a loop to read
      // (the router's moves share helpers with its start through modules both import). Type
      // imports this rule skips; packages/core/test/importCycles.test.ts counts them in the core.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-default-export': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // The framework is imported by package name (its `exports`), never by a relative path.
            {
              target: ['./src', './machines', './tests', './server', './examples', './bench', './scripts', './*.ts'],
              from: './packages',
              message:
                'import the framework by package name (@statechart/<name> or an entry its exports list), never by a path into packages/',
            },
            // A package (its source and its tests) reaches another package only by its name: a test
            // sees what a product sees, and a package's folder can move without breaking another's.
            ...packageNames.map((name) => ({
              target: `./packages/${name}`,
              from: './packages',
              except: [`./${name}`],
              message: `import another package by its name (@statechart/<name> or an entry its exports list), never by a path into packages/ (${name})`,
            })),
            // Packages never reach into the product; their source never into the examples either.
            {
              target: './packages',
              from: ['./src', './machines', './tests', './server'],
              message: "packages/ must not import the product's files",
            },
            {
              target: packageSources,
              from: './examples',
              message: "a package's source must not import the examples (its tests may)",
            },
            // The examples are consumers like the product: neither imports the other.
            {
              target: './examples',
              from: ['./src', './machines', './tests', './server'],
              message: "examples/ must not import the product's files",
            },
            {
              target: ['./src', './machines', './tests', './server'],
              from: './examples',
              message: 'the product must not import examples/',
            },
            // Benches and tools import packages and examples only.
            {
              target: ['./bench', './scripts'],
              from: './tests',
              message: 'bench/ and scripts/ must not import tests/',
            },
            // bench/ builds on scripts/ (the build-and-serve, gzip and Lighthouse helpers, the budget's
            // floors and foundation app), never the reverse: a helper both need lives in scripts/.
            // scripts/test/ is exempt: the tools' test project (vitest.config.ts) tests bench/'s helpers too.
            {
              target: ['./scripts/*.ts', './scripts/!(test)/**'],
              from: './bench',
              message:
                'scripts/ must not import bench/: bench/ imports scripts/, not the reverse (move the shared helper to scripts/)',
            },
            // machines/ is pure XState: no React, no DOM code, nothing from src/ or tests/.
            { target: './machines', from: './src', message: 'machines/ must not import src/' },
            { target: './machines', from: './tests', message: 'machines/ must not import tests/' },
            // The product never ships test code.
            { target: './src', from: './tests', message: 'src/ must not import tests/' },
            // server/ is Node-only (node:http, the API handlers): it must never reach the browser build.
            { target: './src', from: './server', message: 'src/ must not import server/ (Node only)' },
            { target: './machines', from: './server', message: 'machines/ must not import server/ (Node only)' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', message: 'Only @statechart/react (browserHistory.ts) touches history.' }],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'history', message: 'Only @statechart/react (browserHistory.ts) touches history.' },
        { name: 'location', message: 'Only @statechart/react (browserHistory.ts) reads the location.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML.' },
        {
          selector: "MemberExpression[object.name='window'][property.name='history']",
          message: 'Only @statechart/react (browserHistory.ts) touches history.',
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-router*'],
              message: 'machines/ is pure XState.',
            },
          ],
        },
      ],
    },
  },
  // Packages import one another in one direction: core ← react ← calls ← forms; devtools and paths
  // build on core (paths on react too); cli and vite stand alone. A package's source may import
  // only the packages below it (its tests may use any, and the examples).
  ...Object.entries({
    core: [],
    react: ['core'],
    calls: ['core', 'react'],
    forms: ['core', 'react', 'calls'],
    devtools: ['core'],
    paths: ['core', 'react'],
    cli: [],
    vite: [],
  }).map(([name, below]) => ({
    files: [`packages/${name}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // The path tests' tooling drives histories (a memory history, a page's) as a person would.
          paths:
            name === 'paths'
              ? []
              : [{ name: 'react-router-dom', message: 'Only @statechart/react (browserHistory.ts) touches history.' }],
          patterns: [
            {
              regex: `^@statechart/(?!(${[name, ...below].join('|')})(/|$))`,
              message: `@statechart/${name} may import only ${below.length ? below.map((b) => `@statechart/${b}`).join(', ') : 'no other package'}: packages import one another in one direction (eslint.config.js)`,
            },
            ...(name === 'core'
              ? [
                  {
                    group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-router', 'react-router-dom'],
                    message:
                      '@statechart/core is pure XState and URL logic: no React, and history only through its History interface (the adapter is in @statechart/react).',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/paths/src/**'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // Product views use the React binding, not the routing core's internals.
    files: ['src/views/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', message: 'Only @statechart/react (browserHistory.ts) touches history.' }],
          patterns: [
            {
              group: ['@statechart/core'],
              message: 'views use the React binding (@statechart/react and src/appRouting.ts), not routing internals',
            },
          ],
        },
      ],
    },
  },
  {
    // bench/ holds comparison apps (plain react-router) and scripts/budget/ the floors: the boundaries are the product's.
    files: [
      'packages/react/src/browserHistory.ts',
      'packages/*/test/**',
      // An end-to-end suite drives the page's history as a person or a page script would.
      'examples/*/e2e/**',
      'tests/**',
      'bench/**',
      'scripts/budget/floors/**',
    ],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // A package's `./internal` entry is for the framework's own packages: semver does not cover it.
    // The product and the examples use only the public entries, as a product elsewhere must. This
    // is typescript-eslint's copy of no-restricted-imports, so that it holds beside the folders' own
    // no-restricted-imports settings above (tests/** turns those off) without repeating them.
    files: ['src/**', 'machines/**', 'tests/**', 'server/**', 'examples/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@statechart/[^/]+/internal(/|$)',
              message:
                "an internal entry is for the framework's own packages and may change in any release: use the package's public entry, or ask for the API you need",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx', 'packages/**/*.tsx', 'examples/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Bins and other plain Node scripts.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Config files must default-export.
    files: ['**/*.config.{ts,js}'],
    rules: { 'import/no-default-export': 'off' },
  },
  {
    files: ['**/globalSetup.ts'],
    rules: { 'import/no-default-export': 'off' },
  },
);

// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist', 'dist-*', 'node_modules', 'docs', 'bench/apps/.generated'] },
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
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-default-export': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // machines/ is pure XState: no React, no DOM code, nothing from src/ or tests/.
            { target: './machines', from: './src', message: 'machines/ must not import src/' },
            { target: './machines', from: './tests', message: 'machines/ must not import tests/' },
            // The product never ships test code.
            { target: './src', from: './tests', message: 'src/ must not import tests/' },
            // server/ is Node-only (node:http, the API handlers): it must never reach the browser build.
            { target: './src', from: './server', message: 'src/ must not import server/ (Node only)' },
            { target: './machines', from: './server', message: 'machines/ must not import server/ (Node only)' },
            // Views read state and call callbacks; history belongs to src/routing/sync.ts.
            {
              target: './src/views',
              from: ['./src/routing/sync.ts', './src/routing/table.ts', './src/routing/url.ts'],
              message: 'views use the React binding (src/routing/react.tsx), not routing internals',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', message: 'Only src/routing touches history.' }],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'history', message: 'Only src/routing touches history.' },
        { name: 'location', message: 'Only src/routing reads the location.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML.' },
        {
          selector: "MemberExpression[object.name='window'][property.name='history']",
          message: 'Only src/routing touches history.',
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
  {
    // bench/ holds comparison apps (plain react-router) and floors: the boundaries are the product's.
    files: ['src/routing/**', 'tests/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Config files must default-export.
    files: ['*.config.{ts,js}'],
    rules: { 'import/no-default-export': 'off' },
  },
  {
    files: ['tests/browser/globalSetup.ts'],
    rules: { 'import/no-default-export': 'off' },
  },
);

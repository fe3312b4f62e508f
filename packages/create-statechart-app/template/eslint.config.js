// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The product's lint (`npm run lint`, with tsc and Prettier): TypeScript, React's hooks rules and
 * accessibility in views. Formatting is Prettier's alone (.prettierrc.json), so no rule here is
 * about style.
 */
export default defineConfig(
  { ignores: ['dist', 'node_modules', 'test-results', 'docs'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@statechart/[^/]+/internal',
              message:
                "an internal entry is the framework's own: semver does not cover it. Use the package's main entry.",
            },
          ],
        },
      ],
    },
  },
  {
    // machines/ is pure XState: the same machine runs in the app, the visualiser and the path tests.
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
            {
              group: ['../src/*', '../tests/*', '../server/*'],
              message: 'machines/ imports nothing from src/, tests/ or server/.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tap', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The CLI, benchmarks and scripts talk to a terminal on purpose.
    files: ['cli/**', 'bench/**', 'scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // An area's repositories are its private storage: other areas call its services (see CONTRIBUTING.md).
    files: ['server/domains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository*'],
              message:
                "Another area's repository: call that area's service (e.g. accounts/accounts.service.ts), or move the query where it belongs.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes, request plugins, the CLI and the worker are thin adapters: they call services, never repositories.
    files: ['server/domains/**/*.routes.ts', 'server/plugins/**/*.ts', 'cli/**/*.ts', 'worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository*'],
              message:
                'Routes, plugins, the CLI and the worker call services; only services use repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    // One writer of `users`: the accounts repository. Other areas go through accounts/accounts.service.ts.
    files: ['server/**/*.ts', 'cli/**/*.ts', 'worker/**/*.ts'],
    ignores: ['server/domains/accounts/accounts.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/][arguments.0.value=/^users( as \\w+)?$/]',
          message:
            'Only server/domains/accounts/accounts.repository.ts writes `users`: call accounts/accounts.service.ts (insertUser, updateUser …).',
        },
      ],
    },
  },
);

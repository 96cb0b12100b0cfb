import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // docs/decisions.md, 'Where code lives': SQL only in repositories. The two modules shared
    // on purpose keep theirs: the guarded status changes (signflows/flow-state.ts) and the
    // storage records (files/stored-objects.ts); migrations build the schema.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      'packages/server/src/db/migrations/**',
      'packages/server/src/signflows/flow-state.ts',
      'packages/server/src/files/stored-objects.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          'selectFrom',
          'insertInto',
          'replaceInto',
          'updateTable',
          'deleteFrom',
          'mergeInto',
        ].map((property) => ({
          property,
          message: 'Queries live in a *.repository.ts: call a named function there.',
        })),
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // docs/decisions.md, 'The web app's layout': a query key is written once, in its endpoint's
    // queryOptions(); everyone else (invalidation, tests, other features) takes `.queryKey` from
    // those options, so two copies can never drift apart.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression:not([callee.name='queryOptions']) > ObjectExpression > Property[key.name='queryKey'][value.type='ArrayExpression']",
          message:
            "Write a query key only in its endpoint's queryOptions(); elsewhere use xQueryOptions(...).queryKey.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$/] > ArrayExpression:first-child',
          message:
            "Write a query key only in its endpoint's queryOptions(); elsewhere use xQueryOptions(...).queryKey.",
        },
      ],
    },
  },
);

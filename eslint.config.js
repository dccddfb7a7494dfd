// Lint guards the architecture as well as the code: no `any`, no floating promises, import
// boundaries between the folders of src/ (eslint.boundaries.js: only src/sandbox starts processes,
// only src/github talks to GitHub, folders entered through their index.ts), and only src/config
// reads process.env.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'lib/**', 'node_modules/**', 'examples/**/repo/**', 'coverage/**', 'bench/.out/**', 'bench/.cache/**', 'bench/fixtures/**', 'vitest.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...boundaryConfigs,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only src/config/ reads process.env; pass values in.' }],
    },
  },
  {
    // A caught value is `unknown`; its text comes from one place (src/error-text.ts).
    files: ['src/**/*.ts'],
    ignores: ['src/error-text.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='message'] > TSAsExpression.object[typeAnnotation.typeName.name='Error']", message: 'Use errorMessage(err) from src/error-text.ts.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);

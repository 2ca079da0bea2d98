// Lint configuration: type-aware rules on for src/, bench/, eval/ and test/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // eval/code-benign holds sample programs read as data by eval/code-redteam.ts, not project code.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'helm/**',
      'deploy/**',
      // Sample programs the evals feed to the engine: data, not project code.
      'eval/code-benign/**',
      'eval/code-algos/**',
      'eval/code-malware/**',
      'eval/docker-benign/**',
      '**/*.tmp.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'canonicalize', message: 'Only src/receipts/ may import canonicalize (STYLE 5).' }],
          patterns: [
            {
              group: ['@noble/curves', '@noble/curves/*'],
              message: 'Only src/receipts/ may import @noble/curves (STYLE 5).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/receipts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['test/**', 'bench/**', 'eval/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);

import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Scripts and benchmarks run on Node.
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The client runs in browsers, Node and edge runtimes: only web-standard globals.
    files: ['packages/client/src/**/*.ts'],
    ignores: ['packages/client/src/**/*.test.ts', 'packages/client/src/test-support/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The client is runtime-neutral: no Node globals.' },
        { name: 'Buffer', message: 'Use TextEncoder / btoa: the client is runtime-neutral.' },
        { name: 'require', message: 'ESM only.' },
        { name: '__dirname', message: 'Runtime-neutral code has no file system.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*'] }],
    },
  },
  {
    // Published packages: values are re-exported by name. Some bundlers (esbuild without
    // splitting) lose the values of an `export *` whose module is also loaded through `import()`.
    files: ['packages/client/src/**/*.ts', 'packages/react/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExportAllDeclaration[exportKind='value']",
          message: 'Re-export values by name (`export { a, b } from`), never `export *`.',
        },
      ],
    },
  },
  {
    // React code: the rules of hooks, and browser globals for the storefront.
    files: ['packages/react/src/**/*.{ts,tsx}', 'apps/storefront/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/storefront/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
)

import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/*
 * The platform's dependency directions (packages/platform/README.md, "Layout"): each module is
 * used through its front door (`index.ts`), storage (`db/`) never imports a feature module apart
 * from the table types, services never import the pages (`hosted-pages`, `checkout-page`), and no
 * feature (modules, `auth/`, `http/`) imports the demo seed (`seed/`); tests may use the seed.
 */
const PLATFORM = 'packages/platform/src'
const PAGES = ['hosted-pages', 'checkout-page']
const importRules = {
  /** `../<module>/<file>` other than `index.js`, from a file of another module. */
  deep: {
    regex: String.raw`^\.\./[^./][^/]*/(?!index\.js$)`,
    message: "Use the other module's front door, '../<module>/index.js'.",
  },
  /** `./<module>/<file>` other than `index.js`, from `modules/index.ts` or `module.ts`. */
  deepFromRoot: {
    regex: String.raw`^\./[^/]+/(?!index\.js$)`,
    message: "Use the module's front door, './<module>/index.js'.",
  },
  pages: {
    regex: String.raw`(^|/)(${PAGES.join('|')})/`,
    message: 'Services never import pages: the pages depend on the services, one way.',
  },
  seed: {
    regex: String.raw`^(\.\./)+seed/`,
    message: 'Features never import the demo seed: the app (app.ts) hands its data in.',
  },
  /** Storage imports the table types of a module (`import type`), nothing else of it. */
  tableTypes: {
    regex: String.raw`/modules/[^/]+/tables\.js$`,
    allowTypeImports: true,
    message: 'Storage imports only the table types of a module (import type).',
  },
  features: {
    regex: String.raw`/modules/(?![^/]+/tables\.js$)`,
    message: 'Storage never imports a feature module (only `import type` of its tables.ts).',
  },
}
const restrictImports = (files, names, ignores = []) => ({
  files,
  ignores,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: names.map((name) => importRules[name]) },
    ],
  },
})
const TESTS = [`${PLATFORM}/**/*.test.ts`]
const pageDirs = PAGES.map((page) => `${PLATFORM}/modules/${page}/**`)

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/.server-only-*/**',
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
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
      // A module's types under its name (`currentCart.Cart`), as the official modules have them:
      // a `declare namespace` of types merged with the module object.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
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
  // The platform's dependency directions (see importRules above).
  restrictImports([`${PLATFORM}/modules/*/**`], ['deep', 'pages', 'seed'], [...pageDirs, ...TESTS]),
  restrictImports(pageDirs, ['deep', 'seed'], TESTS),
  restrictImports([`${PLATFORM}/modules/*/**/*.test.ts`], ['deep']),
  restrictImports([`${PLATFORM}/modules/*.ts`], ['deepFromRoot', 'seed']),
  restrictImports([`${PLATFORM}/{auth,http}/**`], ['pages', 'seed'], TESTS),
  restrictImports([`${PLATFORM}/db/**`], ['tableTypes', 'features']),
)

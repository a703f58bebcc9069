// The bundlers of the consumer test, each set up as an app of its kind sets it up for production:
// ESM output whose chunks load with `import()`, so that one bundle runs in Node, Deno and browsers.
import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import { build as esbuild } from 'esbuild'
import { join } from 'node:path'
import { rollup } from 'rollup'
import { build as vite } from 'vite'
import webpack from 'webpack'

/** React reads `process.env.NODE_ENV`: every app bundler replaces it. */
const PRODUCTION = { 'process.env.NODE_ENV': JSON.stringify('production') }

/** The app's entries (`client.js`, `shop.js`): each bundle has one of each name. */
export const ENTRIES = ['client', 'shop']
const inputs = (app) => Object.fromEntries(ENTRIES.map((name) => [name, join(app, `${name}.js`)]))

const esbuildApp = (app, out, splitting) =>
  esbuild({
    entryPoints: inputs(app),
    bundle: true,
    splitting,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: PRODUCTION,
    outdir: out,
    logLevel: 'silent',
  })

/** Bundles the app in `app` into `out` (`<entry>.js` and its chunks); one function per bundler. */
export const BUNDLERS = {
  // esbuild's default, and what tsup and many edge deploy tools do.
  esbuild: (app, out) => esbuildApp(app, out, false),
  'esbuild --splitting': (app, out) => esbuildApp(app, out, true),

  async rollup(app, out) {
    const bundle = await rollup({
      input: inputs(app),
      plugins: [
        nodeResolve({ browser: true }),
        commonjs(),
        replace({ preventAssignment: true, values: PRODUCTION }),
      ],
      onwarn: (warning, warn) => warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warn(warning),
    })
    await bundle.write({ dir: out, format: 'es' })
    await bundle.close()
  },

  webpack: (app, out) =>
    new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: app,
          entry: inputs(app),
          target: ['web', 'es2022'],
          experiments: { outputModule: true },
          output: {
            path: out,
            filename: '[name].js',
            module: true,
            chunkFormat: 'module',
            chunkLoading: 'import',
          },
        },
        (error, stats) =>
          error || stats.hasErrors()
            ? reject(error ?? new Error(stats.toString('errors-only')))
            : resolve(stats),
      ),
    ),

  vite: (app, out) =>
    vite({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: out,
        emptyOutDir: true,
        // Vite's preloading of a chunk's imports writes <link> tags into `document`: off, so that
        // the same bundle also runs in Node and Deno.
        modulePreload: false,
        rolldownOptions: {
          input: inputs(app),
          output: { entryFileNames: '[name].js' },
        },
      },
    }),
}

/** How many of `exports` (name → value) the bundle holds, and which are `undefined`. */
export const exportsReport = (exports) => ({
  exportCount: Object.keys(exports).length,
  undefinedExports: Object.keys(exports).filter((name) => exports[name] === undefined),
})

import { exported as wix } from './wix-exports.js'

/** How many of `exports` (name → value) the bundle holds, and which are `undefined`. */
export const exportsReport = (exports) => ({
  exportCount: Object.keys(exports).length,
  undefinedExports: Object.keys(exports).filter((name) => exports[name] === undefined),
})

/** The same of `@vitrine/client/wix`, whose modules carry the official modules' enumerations. */
export const wixReport = () => ({ ...exportsReport(wix), swatch: wix.products?.OptionType?.color })

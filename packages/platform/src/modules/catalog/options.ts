import type { StoredOption } from './types.js'

/** The id of the one variant of a product without options (the provider's). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000'

/** At most this many variants (combinations of choices) per product. */
export const MAX_VARIANTS = 1000

const escape = (text: string) => text.replace(/[\\|=]/g, (c) => '\\' + c)

/**
 * The canonical key of a set of choices, as `variants.choices_key` holds it: pairs sorted by
 * option name, `name=choice` joined by `|` (`\`, `|` and `=` are escaped with `\`).
 *
 * @example
 * choicesKey({ Size: 'M', Color: 'Red' }) // 'Color=Red|Size=M'
 * choicesKey({}) // '' (the default variant)
 */
export function choicesKey(choices: Record<string, string>): string {
  return Object.keys(choices)
    .sort()
    .map((name) => `${escape(name)}=${escape(choices[name]!)}`)
    .join('|')
}

/** Every combination of one choice per option, in option order; `[{}]` without options. */
export function combinations(options: readonly StoredOption[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}]
  for (const option of options) {
    combos = combos.flatMap((combo) =>
      option.choices.map((choice) => ({ ...combo, [option.name]: choice.description })),
    )
  }
  return combos
}

/** How many variants `options` give. */
export const variantCount = (options: readonly StoredOption[]): number =>
  options.reduce((count, option) => count * option.choices.length, 1)

/** True when every pair of `wanted` is in `choices` (a partial selection matches). */
export function matchesChoices(
  choices: Record<string, string>,
  wanted: Record<string, string>,
): boolean {
  return Object.entries(wanted).every(([name, value]) => choices[name] === value)
}

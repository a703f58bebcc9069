import { describe, expect, it } from 'vitest'
import { renderIllustration, type ImageSpec } from './illustration.js'
import { MOTIFS } from './motifs.js'

const spec = (overrides: Partial<ImageSpec> = {}): ImageSpec => ({
  id: 'x',
  label: 'Tea & "Toast" <Set>',
  motif: 'mug',
  palette: ['#ffffff', '#223344', '#aa5500'],
  composition: 0,
  ...overrides,
})

/** Open and close tags balance: a cheap well-formedness check without an XML parser. */
function balanced(svg: string): boolean {
  const stack: string[] = []
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue
    if (!closing) stack.push(name!)
    else if (stack.pop() !== name) return false
  }
  return stack.length === 0
}

describe('renderIllustration', () => {
  it.each(MOTIFS)(
    'draws %s as well-formed SVG in the product colours, in every composition',
    (motif) => {
      for (const composition of [0, 1, 2] as const) {
        const svg = renderIllustration(spec({ motif, composition }))
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
        expect(balanced(svg)).toBe(true)
        expect(svg).toContain('#223344')
        expect(svg).not.toMatch(/undefined|NaN/)
      }
    },
  )

  it('writes the name and detail escaped, and is the same every time', () => {
    const svg = renderIllustration(spec({ sublabel: 'Blue > Green' }))
    expect(svg).toContain('Tea &amp; &quot;Toast&quot; &lt;Set&gt;')
    expect(svg).toContain('Blue &gt; Green')
    expect(svg).not.toContain('<Set>')
    expect(renderIllustration(spec())).toBe(renderIllustration(spec()))
    expect(renderIllustration(spec({ composition: 1 }))).not.toBe(renderIllustration(spec()))
  })
})

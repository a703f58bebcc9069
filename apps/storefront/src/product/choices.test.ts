import { describe, expect, it } from 'vitest'
import { paragraphsOf } from './choices'

describe('paragraphsOf', () => {
  it('makes paragraphs of blocks and line breaks, and drops other markup', () => {
    expect(
      paragraphsOf(
        '<p>Soft <strong>organic</strong> cotton.</p><ul><li>Machine wash</li><li>Tumble dry<br>low</li></ul>',
      ),
    ).toEqual(['Soft organic cotton.', 'Machine wash', 'Tumble dry', 'low'])
  })

  it('decodes character references and keeps text outside blocks', () => {
    expect(paragraphsOf('Caf&eacute; &amp; cr&#232;me &#x2014; 2&nbsp;&lt;3 &bogus;')).toEqual([
      // (White space, a no-break space too, is one space.)
      'Caf&eacute; & crème — 2 <3 &bogus;',
    ])
    expect(paragraphsOf('&#0; &#x110000; &#99999999;')).toEqual(['&#0; &#x110000; &#99999999;'])
  })

  it('renders markup as text, never as markup', () => {
    expect(paragraphsOf('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>x</script>')).toEqual([
      '<script>alert(1)</script>',
      'x',
    ])
  })

  it('gives nothing for nothing', () => {
    expect(paragraphsOf(undefined)).toEqual([])
    expect(paragraphsOf('<p> </p><p>\n</p>')).toEqual([])
  })
})

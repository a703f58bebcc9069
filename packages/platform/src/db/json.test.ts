import { describe, expect, it } from 'vitest'
import { parseJson } from './json.js'

describe('parseJson', () => {
  it('reads a JSON column; NULL, an empty text and JSON null give the fallback', () => {
    expect(parseJson<number[]>('[1,2]', [])).toEqual([1, 2])
    expect(parseJson(null, 'none')).toBe('none')
    expect(parseJson('', 'none')).toBe('none')
    expect(parseJson('null', 'none')).toBe('none')
  })

  it('throws on text that is not JSON: a bug to see, never a value to hide', () => {
    expect(() => parseJson('{"media":', {})).toThrow(SyntaxError)
  })
})

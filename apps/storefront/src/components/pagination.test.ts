import { describe, expect, it } from 'vitest'
import { pageNumbers } from './pagination'

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3])
  })

  it('keeps the ends and the neighbours of the current page, with one gap per run', () => {
    expect(pageNumbers(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10])
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'gap', 10])
    expect(pageNumbers(10, 10)).toEqual([1, 'gap', 9, 10])
  })
})

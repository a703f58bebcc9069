import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'
import { reachShop } from './reach-shop'

const failing = (error: unknown) => async () => {
  throw error
}

describe('reachShop', () => {
  it("gives the action's answer", async () => {
    expect(await reachShop(async () => ({ error: 'Refused.' }))).toEqual({ error: 'Refused.' })
  })

  it('answers why when the post did not reach the shop: offline, or a gateway that failed', async () => {
    expect(await reachShop(failing(new TypeError('Failed to fetch')))).toEqual({
      error: expect.stringMatching(/cannot be reached|offline/),
    })
    expect(await reachShop(failing(new ErrorResponse(502, 'Bad Gateway', '<html>')))).toEqual({
      error: expect.stringMatching(/went wrong on our side/),
    })
  })

  it("leaves redirects, the action's own errors and a cancelled post to React Router", async () => {
    for (const error of [
      redirect('/cart'),
      new ErrorResponse(404, 'Not Found', { what: 'product' }),
      new DOMException('The operation was aborted.', 'AbortError'),
    ])
      await expect(reachShop(failing(error))).rejects.toBe(error)
  })
})

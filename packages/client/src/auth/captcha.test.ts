import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors/api-error.js'
import { needsCaptcha } from './captcha.js'

describe('needsCaptcha', () => {
  it('knows a login result and a thrown error that ask for a captcha, by name or number', () => {
    expect(needsCaptcha({ loginState: 'FAILURE', errorCode: 'missingCaptchaToken' })).toBe(true)
    expect(needsCaptcha({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' })).toBe(true)
    const thrown = (code: string) =>
      new ApiError({ kind: 'application', status: 400, code, message: 'captcha' })
    expect(needsCaptcha(thrown('-19971'))).toBe(true)
    expect(needsCaptcha(thrown('-19970'))).toBe(true)
  })

  it('says no for every other failure', () => {
    expect(needsCaptcha({ loginState: 'FAILURE', errorCode: 'invalidPassword' })).toBe(false)
    expect(needsCaptcha(new Error('-19971'))).toBe(false)
    expect(needsCaptcha(undefined)).toBe(false)
    expect(needsCaptcha(null)).toBe(false)
  })
})

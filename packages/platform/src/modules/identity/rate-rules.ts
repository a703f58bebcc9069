import type { RateRule } from '../../auth/rate-limit.js'

const FIFTEEN_MINUTES = 15 * 60

/** The identity module's limits. Failures are counted; a success gives its attempt back. */
export const RATE_RULES = {
  /** Past it, logins of the e-mail need a captcha: nobody can lock a member out. */
  loginPerEmail: { name: 'login-email', max: 5, windowSeconds: FIFTEEN_MINUTES, past: 'captcha' },
  loginPerAddress: { name: 'login-address', max: 20, windowSeconds: FIFTEEN_MINUTES },
  verifyPerEmail: { name: 'verify-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
  verifyPerAddress: { name: 'verify-address', max: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Codes and links mailed to one address (e-mail bombing). */
  mailPerEmail: { name: 'mail-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateRule>

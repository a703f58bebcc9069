import { needsCaptcha } from '@vitrine/client'
import { describeError } from '@vitrine/react'
import { useState } from 'react'
import { AuthCard } from './auth-card'
import { VerifyCodeForm } from './verify-code-form'

/** Where the login page keeps the page to return to while the visitor is on the hosted page. */
export const RETURN_TO_KEY = 'vitrine.return-to'

/**
 * Logging in or registering: the problem to show, whether the platform wants a captcha (which the
 * shop's own forms cannot show: the hosted login page asks one), and the e-mail whose code the
 * platform awaits when the account must confirm it first (`codeCard` then takes the page).
 */
export function useSignIn() {
  const [problem, setProblem] = useState<string>()
  const [captcha, setCaptcha] = useState(false)
  const [awaitingCode, setAwaitingCode] = useState<string>()

  const fail = (failure: unknown) => {
    setCaptcha(needsCaptcha(failure))
    setProblem(describeError(failure))
  }

  /** Runs a login or a register of `email`, and keeps what the platform answered. */
  const attempt = async (email: string, run: () => Promise<{ loginState?: string }>) => {
    setProblem(undefined)
    setCaptcha(false)
    try {
      const result = await run()
      if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') setAwaitingCode(email)
      else if (result.loginState !== 'SUCCESS') fail(result)
    } catch (error) {
      fail(error)
    }
  }

  const codeCard = awaitingCode ? (
    <AuthCard title="Check your e-mail">
      <VerifyCodeForm email={awaitingCode} onSuccess={() => undefined} />
    </AuthCard>
  ) : null
  return { problem, setProblem, captcha, attempt, codeCard }
}

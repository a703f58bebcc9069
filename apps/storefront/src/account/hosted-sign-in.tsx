import { describeError, useHostedLogin } from '@vitrine/react'
import { useState } from 'react'
import { Notice } from '../components/notice'
import { Spinner } from '../components/status'
import { RETURN_TO_KEY } from './sign-in-flow'

/**
 * The way to the hosted login page (which signs in, registers and asks a captcha, as the shop's
 * own forms cannot), back to `returnTo` after: the button, first choice when `captcha` is asked.
 * A failure to start is told through `onProblem`.
 */
export function HostedSignIn({
  returnTo,
  captcha,
  label,
  onProblem,
}: {
  returnTo: string
  captcha: boolean
  label: string
  onProblem: (problem: string | undefined) => void
}) {
  const hosted = useHostedLogin()
  const [leaving, setLeaving] = useState(false)

  const start = async () => {
    onProblem(undefined)
    setLeaving(true)
    try {
      sessionStorage.setItem(RETURN_TO_KEY, returnTo)
      await hosted.start({ redirectUri: `${window.location.origin}/auth/callback` })
    } catch (error) {
      setLeaving(false)
      onProblem(describeError(error))
    }
  }

  return (
    <button
      type="button"
      className={`button ${captcha ? 'button--primary' : 'button--secondary'} button--large`}
      onClick={() => void start()}
      disabled={leaving}
    >
      {leaving && <Spinner />}
      {label}
    </button>
  )
}

/** Why the shop's form stopped: the platform asks a captcha, which the hosted page asks. */
export function CaptchaNotice({ what, then }: { what: 'sign-in' | 'registration'; then: string }) {
  return (
    <Notice tone="error">
      This {what} needs a check that you are a person, which this form cannot ask. Continue with the
      hosted {what === 'sign-in' ? 'login' : 'sign-up'} below: it asks a short question, then
      {` ${then}.`}
    </Notice>
  )
}

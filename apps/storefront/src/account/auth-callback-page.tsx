import { describeError, useHostedLogin } from '@vitrine/react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadingState } from '../components/status'
import { AuthCard } from './auth-card'
import { RETURN_TO_KEY } from './sign-in-flow'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { personal } from '../server/cache-headers.server'

export const meta = staticMeta({
  title: 'Signing in · Vitrine',
  path: '/auth/callback',
  noindex: true,
})
export const headers = personal
export const ErrorBoundary = PageError

/** `/auth/callback`: the hosted login page comes back here; the code becomes member tokens. */
export default function AuthCallbackPage() {
  const hosted = useHostedLogin()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<string>()
  // A returned code can be exchanged once only, even when effects run twice (Strict Mode).
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    hosted.complete().then(
      () => {
        const to = sessionStorage.getItem(RETURN_TO_KEY) ?? '/account'
        sessionStorage.removeItem(RETURN_TO_KEY)
        navigate(to.startsWith('/') ? to : '/account', { replace: true })
      },
      (error: unknown) => setProblem(describeError(error)),
    )
  }, [hosted, navigate])

  if (!problem) return <LoadingState label="Signing you in…" />
  return (
    <AuthCard title="Signing in didn’t work" lead={problem}>
      <Link className="button button--primary button--large" to="/login">
        Back to log in
      </Link>
    </AuthCard>
  )
}

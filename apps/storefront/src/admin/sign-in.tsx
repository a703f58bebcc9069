import { useEffect, useRef, useState, type FormEvent } from 'react'

/** Where the console's session opens and ends, on the shop's server. */
const SESSION = '/admin/session'

/**
 * Signs the console in: the shop's server checks `adminKey` with the platform and keeps it;
 * resolves with the session's token, or rejects with why not, in words.
 */
async function startSession(adminKey: string): Promise<string> {
  let answer: Response
  try {
    answer = await fetch(SESSION, { method: 'POST', body: new URLSearchParams({ adminKey }) })
  } catch {
    throw new Error('The shop could not be reached. Check your connection and try again.')
  }
  const body = (await answer.json().catch(() => ({}))) as { token?: string; error?: string }
  if (answer.ok && body.token) return body.token
  throw new Error(body.error ?? 'Signing in did not work. Try again.')
}

/** Signs the console out on the shop's server (the key is forgotten there). */
export async function endSession(token: string): Promise<void> {
  await fetch(SESSION, { method: 'DELETE', headers: { Authorization: token } }).catch(() => {})
}

/**
 * The console's door: asks for the admin key, which the shop's server checks with the platform
 * and keeps (this page never holds it), then lets the merchant in with the session's token.
 */
export function SignIn({
  notice,
  onSignedIn,
}: {
  /** Why the merchant is here again (e.g. the key was refused), shown above the form. */
  notice?: string
  onSignedIn: (token: string) => void
}) {
  const [key, setKey] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    document.title = 'Sign in · Vitrine admin'
    return () => {
      mounted.current = false
    }
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const apiKey = key.trim()
    if (!apiKey) {
      setError('Enter the admin key.')
      input.current?.focus()
      return
    }
    setPending(true)
    setError(undefined)
    try {
      const token = await startSession(apiKey)
      if (mounted.current) onSignedIn(token)
    } catch (failure) {
      if (!mounted.current) return
      setError((failure as Error).message)
      setPending(false)
      input.current?.focus()
    }
  }

  return (
    <div className="adm-admin adm-admin-sign-in">
      <main className="adm-sign-in">
        <div className="adm-sign-in__brand" aria-hidden="true">
          <span className="adm-brand-mark">V</span>
        </div>
        <h1 className="adm-sign-in__title">Vitrine admin</h1>
        <p className="adm-sign-in__lead">
          Sign in with your store’s admin key to manage the catalog.
        </p>
        {notice && !error && (
          <p className="adm-notice" role="status">
            {notice}
          </p>
        )}
        <form className="adm-sign-in__form" onSubmit={submit} noValidate>
          <div className={`adm-field${error ? ' adm-field--invalid' : ''}`}>
            <label className="adm-field__label" htmlFor="admin-key">
              Admin key
            </label>
            <input
              ref={input}
              id="admin-key"
              className="adm-input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={key}
              onChange={(event) => setKey(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'admin-key-error admin-key-hint' : 'admin-key-hint'}
            />
            <p id="admin-key-hint" className="adm-field__hint">
              Kept by the shop’s server until you sign out; this page never holds it.
            </p>
            {error && (
              <p id="admin-key-error" className="adm-field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button
            type="submit"
            className="adm-button adm-button--primary adm-button--block"
            disabled={pending}
          >
            {pending ? 'Checking…' : 'Sign in'}
          </button>
        </form>
        <a className="adm-sign-in__back" href="/">
          ← Back to the shop
        </a>
      </main>
    </div>
  )
}

import { createMerchantClient, describeError, fetchProducts } from '@vitrine/react'
import { isApiError } from '@vitrine/client'
import { useEffect, useRef, useState, type FormEvent } from 'react'

/** Why a key was not accepted, in words. */
function refusal(error: unknown): string {
  if (isApiError(error) && (error.status === 401 || error.status === 403))
    return 'This admin key was not accepted. Check it and try again — it is printed when the platform starts.'
  return describeError(error)
}

/**
 * The console's door: asks for the admin key and checks it with a harmless merchant read (one
 * product) before letting the merchant in. The key is only handed up once the platform took it.
 */
export function SignIn({
  baseUrl,
  notice,
  onSignedIn,
}: {
  baseUrl?: string
  /** Why the merchant is here again (e.g. the key was refused), shown above the form. */
  notice?: string
  onSignedIn: (apiKey: string) => void
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
      const client = createMerchantClient({ apiKey, ...(baseUrl ? { baseUrl } : {}) })
      await fetchProducts(client, { limit: 1 })
      if (mounted.current) onSignedIn(apiKey)
    } catch (failure) {
      if (!mounted.current) return
      setError(refusal(failure))
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
              Kept in this tab only, until you sign out or close it.
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

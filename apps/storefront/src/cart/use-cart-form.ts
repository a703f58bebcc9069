import { useIsOffline } from '@vitrine/react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { askForCart, type CartAnswer } from './cart-form'

/** A cart form's state with the page's script ({@link useCartForm}). */
export interface CartForm<A> {
  onSubmit(event: FormEvent<HTMLFormElement>): void
  /** Posts `form`'s fields as the form would (a quantity typed into a field, taken on blur). */
  post(form: FormData): void
  /** What the action answered the last post. */
  answer: A | undefined
  /** A post runs, or waits for the browser to be back online. */
  busy: boolean
  /** A post waits for the browser to be back online. */
  waiting: boolean
  /** Forgets the post (a page the browser brings back from its cache after leaving it). */
  reset(): void
}

/**
 * A cart form with the page's script: what the form posts without it, posted to the same `action`
 * by a fetcher (the page stays), asking for the cart as the answer (`answer`; the route's
 * `clientAction` puts it in the page's cache). No loader runs again after it. Offline, the post
 * waits until the browser is back (`waiting`), and is not lost. With `once`, a submit while one
 * runs or waits is dropped: a double click adds once. Forms of one `key` share their post: a line
 * put back after a refused removal still says why.
 *
 * @example
 * const form = useCartForm<CartAnswer>('/cart')
 * <form method="post" action="/cart" onSubmit={form.onSubmit}>…</form>
 */
export function useCartForm<A extends CartAnswer>(
  action: string,
  { once = false, key }: { once?: boolean; key?: string } = {},
): CartForm<A> {
  const fetcher = useFetcher<A>({ key })
  const { submit } = fetcher
  const offline = useIsOffline()
  const [held, setHeld] = useState<FormData>()
  // A double click sends its second submit before the busy state renders: known at once here.
  const running = useRef(false)

  const send = useCallback(
    (form: FormData) => {
      running.current = true
      void submit(askForCart(form), {
        method: 'post',
        action,
        defaultShouldRevalidate: false,
      }).finally(() => {
        running.current = false
      })
    },
    [submit, action],
  )

  useEffect(() => {
    if (!held || offline) return
    setHeld(undefined)
    send(held)
  }, [held, offline, send])

  const post = (form: FormData) => {
    if (once && (running.current || held)) return
    if (offline) setHeld(form)
    else send(form)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    post(new FormData(event.currentTarget, submitter))
  }

  return {
    onSubmit,
    post,
    // Plain data, which React Router's stream carries as it is.
    answer: fetcher.data as A | undefined,
    busy: held !== undefined || fetcher.state !== 'idle',
    waiting: held !== undefined,
    reset: fetcher.reset,
  }
}

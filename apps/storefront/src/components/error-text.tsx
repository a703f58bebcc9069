import { useEffect, useState } from 'react'

const FALLBACK = 'Something went wrong. Please try again.'

let describe: ((error: unknown) => string) | undefined

/**
 * Loads the words for errors (`describeError` and its message table, a chunk of their own: the
 * first page does not need them unless something fails). Fetched on idle with the likely pages.
 */
export const loadErrorWords = () =>
  import('../lib/error-words').then((module) => void (describe = module.describeError))

/**
 * `error` in words a person understands. Until the words are loaded (at once if they are, else
 * the next moment) a general message stands in, and stays if they cannot load (offline).
 */
export function useErrorText(error: unknown): string {
  const [, setLoaded] = useState(describe !== undefined)
  useEffect(() => {
    if (describe) return
    let current = true
    loadErrorWords().then(
      () => current && setLoaded(true),
      () => undefined,
    )
    return () => void (current = false)
  }, [])
  return describe ? describe(error) : FALLBACK
}

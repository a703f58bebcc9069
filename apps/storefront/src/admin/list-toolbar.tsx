import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A list page's state in the address (search, sort, filters, page), so that a reload, a link or
 * Back shows the same list: the parameters, and `update` to set some (`null` removes one). Each
 * change replaces the history entry rather than adding one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes))
            if (value) next.set(key, value)
            else next.delete(key)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  return [params, update] as const
}

/**
 * A list's search box: it searches as the merchant types, once they pause (or at once on Enter),
 * and shows `value` again when the search changes elsewhere (a "Clear search" button).
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string
  /** For screen readers (the box shows `placeholder`). */
  label: string
  placeholder: string
  /** The search in effect. */
  value: string
  onSearch: (search: string) => void
}) {
  const [typed, setTyped] = useState(value)
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    if (typed.trim() !== value) setTyped(value)
  }

  // The latest callback, without restarting the pause on each render of the page.
  const search = useRef(onSearch)
  useEffect(() => {
    search.current = onSearch
  })
  useEffect(() => {
    if (typed.trim() === value) return
    const timer = setTimeout(() => search.current(typed.trim()), 300)
    return () => clearTimeout(timer)
  }, [typed, value])

  return (
    <div className="adm-toolbar__search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className="adm-toolbar__search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={id}
        type="search"
        className="adm-input"
        placeholder={placeholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(typed.trim())
        }}
      />
    </div>
  )
}

/** A labelled drop-down of a list's toolbar (a sort or a filter). */
export function ToolbarSelect<V extends string>({
  id,
  label,
  value,
  options,
  onValue,
}: {
  id: string
  label: string
  value: V
  options: readonly { value: V; label: string }[]
  onValue: (value: V) => void
}) {
  return (
    <div className="adm-toolbar__select">
      <label htmlFor={id} className="adm-toolbar__label">
        {label}
      </label>
      <select
        id={id}
        className="adm-input adm-input--select"
        value={value}
        onChange={(event) => onValue(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

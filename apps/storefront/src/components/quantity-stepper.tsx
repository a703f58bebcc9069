import { useEffect, useState } from 'react'

/**
 * A quantity with − and + buttons and a number field (labelled `label`). `onChange` gets whole
 * numbers from `min` to `max` only; a field left empty or invalid snaps back on blur.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = 99,
  disabled = false,
  small = false,
}: {
  value: number
  onChange: (quantity: number) => void
  label: string
  min?: number
  max?: number
  disabled?: boolean
  small?: boolean
}) {
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])

  const commit = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.round(next)))
    setText(String(clamped))
    if (clamped !== value) onChange(clamped)
  }

  return (
    <div className={`stepper${small ? ' stepper--small' : ''}`} role="group" aria-label={label}>
      <button
        type="button"
        onClick={() => commit(value - 1)}
        disabled={disabled || value <= min}
        aria-label={`Decrease ${label.toLowerCase()}`}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          const number = Number(text)
          if (text === '' || !Number.isFinite(number)) setText(String(value))
          else commit(number)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur()
        }}
      />
      <button
        type="button"
        onClick={() => commit(value + 1)}
        disabled={disabled || value >= max}
        aria-label={`Increase ${label.toLowerCase()}`}
      >
        +
      </button>
    </div>
  )
}

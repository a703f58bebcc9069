import { useEffect, useState } from 'react'

/**
 * A quantity with − and + buttons and a number field (labelled `label`, named `name` in its
 * form). `onChange` gets whole numbers from `min` to `max` only; a field left empty or invalid
 * snaps back on blur. With `stepName`, − and + submit the stepper's form instead, with the new
 * quantity as `stepName` (so that they work without the page's script too).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  name,
  stepName,
  min = 1,
  max = 99,
  disabled = false,
  small = false,
}: {
  value: number
  onChange: (quantity: number) => void
  label: string
  name?: string
  stepName?: string
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
  const step = (by: number) =>
    stepName
      ? { type: 'submit' as const, name: stepName, value: String(value + by) }
      : { type: 'button' as const, onClick: () => commit(value + by) }

  return (
    <div className={`stepper${small ? ' stepper--small' : ''}`} role="group" aria-label={label}>
      <button
        {...step(-1)}
        disabled={disabled || value <= min}
        aria-label={`Decrease ${label.toLowerCase()}`}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        name={name}
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
          if (event.key !== 'Enter') return
          // The field's value is taken on blur, not by submitting its form.
          event.preventDefault()
          event.currentTarget.blur()
        }}
      />
      <button
        {...step(1)}
        disabled={disabled || value >= max}
        aria-label={`Increase ${label.toLowerCase()}`}
      >
        +
      </button>
    </div>
  )
}

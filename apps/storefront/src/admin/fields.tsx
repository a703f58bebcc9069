import type { InputHTMLAttributes, MouseEvent, ReactNode, Ref, SelectHTMLAttributes } from 'react'

interface FieldFrame {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
}

/** What ties a control to its frame: its id, whether it is invalid, and its hint and error. */
const controlOf = (id: string, hint: unknown, error: unknown) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
})

function Frame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldFrame & { children: ReactNode }) {
  return (
    <div
      className={['adm-field', error ? 'adm-field--invalid' : '', className ?? ''].join(' ').trim()}
    >
      <label htmlFor={id} className="adm-field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="adm-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="adm-field__error">
          {error}
        </p>
      )}
    </div>
  )
}

type InputProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
    value: string
    onValue: (value: string) => void
    /** Text shown inside the box before the value (`$`, `kg`). */
    prefix?: string
    suffix?: string
  }

/** A labelled text box with its hint and its error next to it. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  value,
  onValue,
  prefix,
  suffix,
  ...input
}: InputProps) {
  const control = (
    <input
      {...controlOf(id, hint, error)}
      className="adm-input"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...input}
    />
  )
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      {prefix || suffix ? (
        <div className="adm-input-group">
          {prefix && (
            <span className="adm-input-group__addon" aria-hidden="true">
              {prefix}
            </span>
          )}
          {control}
          {suffix && (
            <span className="adm-input-group__addon" aria-hidden="true">
              {suffix}
            </span>
          )}
        </div>
      ) : (
        control
      )}
    </Frame>
  )
}

/** A labelled money box (`$`), two decimals. */
export function MoneyField(props: Omit<InputProps, 'prefix' | 'inputMode'>) {
  return <TextField inputMode="decimal" autoComplete="off" prefix="$" {...props} />
}

/** A labelled multi-line box. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  value,
  onValue,
  rows = 5,
  maxLength,
}: FieldFrame & {
  value: string
  onValue: (value: string) => void
  rows?: number
  maxLength?: number
}) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        {...controlOf(id, hint, error)}
        className="adm-input adm-input--area"
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onValue(event.target.value)}
      />
    </Frame>
  )
}

/** A labelled drop-down. */
export function SelectField<V extends string>({
  id,
  label,
  error,
  hint,
  className,
  value,
  onValue,
  options,
  ...select
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> & {
    value: V
    onValue: (value: V) => void
    options: readonly { value: V; label: string }[]
  }) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        {...controlOf(id, hint, error)}
        className="adm-input adm-input--select"
        value={value}
        onChange={(event) => onValue(event.target.value as V)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  )
}

/** A labelled switch (a checkbox shown as a toggle). */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onChecked,
  disabled,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  onChecked: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <div className="adm-switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="adm-switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChecked(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="adm-switch-field__label">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="adm-field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * The list of what stops a form from saving, at its top: focused after a failed submit so that a
 * screen reader reads it, each entry a link to its field.
 */
export function ErrorSummary({
  errors,
  labels,
  other = [],
  summaryRef,
}: {
  errors: Record<string, string>
  labels: (field: string) => string
  other?: string[]
  summaryRef?: Ref<HTMLDivElement>
}) {
  const entries = Object.entries(errors)
  if (entries.length === 0 && other.length === 0) return null
  return (
    <div className="adm-error-summary" role="alert" tabIndex={-1} ref={summaryRef}>
      <h2 className="adm-error-summary__title">
        {entries.length + other.length === 1
          ? 'One thing needs fixing'
          : `${entries.length + other.length} things need fixing`}
      </h2>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`} onClick={(event) => focusField(event, field)}>
              {labels(field)}: {message}
            </a>
          </li>
        ))}
        {other.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  )
}

/** The DOM id of a form field id (`options.0.name` → `field-options-0-name`). */
export const fieldId = (field: string): string => `field-${field.replace(/\./g, '-')}`

function focusField(event: MouseEvent, field: string) {
  const target = document.getElementById(fieldId(field))
  if (!target) return
  event.preventDefault()
  target.focus()
}

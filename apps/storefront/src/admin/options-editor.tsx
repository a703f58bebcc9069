import { useEffect, useRef } from 'react'
import { fieldId } from './fields'
import {
  LIMITS,
  newChoice,
  newOption,
  variantCountOf,
  type ChoiceDraft,
  type OptionDraft,
} from './product-draft'
import type { FieldErrors } from './violations'

/**
 * Options (Size, Color…) and their choices. Enter in a choice adds the next one; new rows take
 * focus, and removing a row hands focus to its neighbour.
 */
export function OptionsEditor({
  options,
  errors,
  onChange,
}: {
  options: OptionDraft[]
  errors: FieldErrors
  onChange: (options: OptionDraft[]) => void
}) {
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })

  const setOption = (index: number, option: OptionDraft) =>
    onChange(options.map((current, i) => (i === index ? option : current)))

  function addOption() {
    focusNext.current = fieldId(`options.${options.length}.name`)
    onChange([...options, newOption()])
  }

  function removeOption(index: number) {
    focusNext.current =
      options.length > 1 ? fieldId(`options.${Math.max(0, index - 1)}.name`) : 'add-option'
    onChange(options.filter((_, i) => i !== index))
  }

  const variants = variantCountOf(options)
  return (
    <div className="adm-options-editor">
      {errors.options && (
        <p id={fieldId('options')} className="adm-field__error" tabIndex={-1}>
          {errors.options}
        </p>
      )}
      {options.length === 0 && (
        <p className="muted">
          No options: the product is sold as it is. Add options such as Size or Color to sell it in
          variants.
        </p>
      )}
      {options.map((option, i) => (
        <OptionCard
          key={option.key}
          index={i}
          option={option}
          errors={errors}
          onChange={(next) => setOption(i, next)}
          onRemove={() => removeOption(i)}
          focusNext={(id) => {
            focusNext.current = id
          }}
        />
      ))}
      <div className="adm-options-editor__footer">
        <button
          id="add-option"
          type="button"
          className="adm-button"
          onClick={addOption}
          disabled={options.length >= LIMITS.options}
        >
          <span aria-hidden="true">+</span> Add option
        </button>
        {options.length > 0 && (
          <span className="muted" aria-live="polite">
            {variants} {variants === 1 ? 'variant' : 'variants'}
          </span>
        )}
      </div>
    </div>
  )
}

function OptionCard({
  index,
  option,
  errors,
  onChange,
  onRemove,
  focusNext,
}: {
  index: number
  option: OptionDraft
  errors: FieldErrors
  onChange: (option: OptionDraft) => void
  onRemove: () => void
  focusNext: (id: string) => void
}) {
  const at = `options.${index}`
  const label = option.name.trim() || `option ${index + 1}`
  const setChoice = (j: number, choice: ChoiceDraft) =>
    onChange({ ...option, choices: option.choices.map((c, k) => (k === j ? choice : c)) })

  function addChoice(after = option.choices.length - 1) {
    const choices = [...option.choices]
    choices.splice(after + 1, 0, newChoice())
    focusNext(fieldId(`${at}.choices.${after + 1}`))
    onChange({ ...option, choices })
  }

  function removeChoice(j: number) {
    focusNext(
      option.choices.length > 1
        ? fieldId(`${at}.choices.${Math.max(0, j - 1)}`)
        : `add-choice-${option.key}`,
    )
    onChange({ ...option, choices: option.choices.filter((_, k) => k !== j) })
  }

  const nameError = errors[`${at}.name`]
  const choicesError = errors[`${at}.choices`]
  return (
    <fieldset className="adm-option-card">
      <legend className="visually-hidden">Option {index + 1}</legend>
      <div className="adm-option-card__head">
        <div className={`adm-field${nameError ? ' adm-field--invalid' : ''}`}>
          <label className="adm-field__label" htmlFor={fieldId(`${at}.name`)}>
            Option name
          </label>
          <input
            id={fieldId(`${at}.name`)}
            className="adm-input"
            value={option.name}
            placeholder="Size"
            maxLength={LIMITS.optionName}
            onChange={(event) => onChange({ ...option, name: event.target.value })}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${fieldId(`${at}.name`)}-error` : undefined}
          />
          {nameError && (
            <p id={`${fieldId(`${at}.name`)}-error`} className="adm-field__error">
              {nameError}
            </p>
          )}
        </div>
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={`option-type-${option.key}`}>
            Shown as
          </label>
          <select
            id={`option-type-${option.key}`}
            className="adm-input adm-input--select"
            value={option.optionType}
            onChange={(event) =>
              onChange({ ...option, optionType: event.target.value as OptionDraft['optionType'] })
            }
          >
            <option value="drop_down">List</option>
            <option value="color">Colour swatches</option>
          </select>
        </div>
        <button
          type="button"
          className="adm-button adm-button--ghost adm-button--danger-text adm-option-card__remove"
          onClick={onRemove}
        >
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </div>

      <div className="adm-choices" role="group" aria-label={`Choices of ${label}`}>
        {option.choices.map((choice, j) => {
          const id = fieldId(`${at}.choices.${j}`)
          const error = errors[`${at}.choices.${j}`]
          return (
            <div key={choice.key} className={`adm-choice-row${error ? ' adm-field--invalid' : ''}`}>
              {option.optionType === 'color' && (
                <input
                  type="color"
                  className="adm-choice-row__swatch"
                  value={choice.color}
                  aria-label={`Colour of ${choice.name.trim() || `choice ${j + 1}`}`}
                  onChange={(event) => setChoice(j, { ...choice, color: event.target.value })}
                />
              )}
              <label className="visually-hidden" htmlFor={id}>
                Choice {j + 1} of {label}
              </label>
              <input
                id={id}
                className="adm-input"
                value={choice.name}
                placeholder={option.optionType === 'color' ? 'Red' : 'Small'}
                maxLength={LIMITS.choiceName}
                onChange={(event) => setChoice(j, { ...choice, name: event.target.value })}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  if (option.choices.length < LIMITS.choices) addChoice(j)
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <button
                type="button"
                className="adm-icon-button"
                onClick={() => removeChoice(j)}
                aria-label={`Remove choice ${choice.name.trim() || j + 1}`}
              >
                <span aria-hidden="true">×</span>
              </button>
              {error && (
                <p id={`${id}-error`} className="adm-field__error adm-choice-row__error">
                  {error}
                </p>
              )}
            </div>
          )
        })}
        {choicesError && (
          <p id={fieldId(`${at}.choices`)} className="adm-field__error" tabIndex={-1}>
            {choicesError}
          </p>
        )}
        <button
          id={`add-choice-${option.key}`}
          type="button"
          className="adm-button adm-button--small adm-button--ghost"
          onClick={() => addChoice()}
          disabled={option.choices.length >= LIMITS.choices}
        >
          <span aria-hidden="true">+</span> Add choice
        </button>
      </div>
    </fieldset>
  )
}

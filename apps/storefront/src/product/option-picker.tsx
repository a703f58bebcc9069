import type { ProductOption } from '@vitrine/client'
import { choiceField } from './add-form'
import { choiceName } from './choices'

/**
 * One option of a product as a group of radio buttons (fields of the add-to-cart form): colour
 * swatches or size pills. Choices out of stock (with the other options as chosen) are disabled
 * and say so.
 */
export function OptionPicker({
  option,
  value,
  onChange,
}: {
  option: ProductOption
  value: string | undefined
  onChange: (choice: string) => void
}) {
  const name = option.name ?? ''
  const colour = option.optionType === 'color'
  return (
    <fieldset className="option">
      <legend>
        {name}
        {value && <span className="option__selected">{value}</span>}
      </legend>
      <div className="option__choices">
        {(option.choices ?? []).map((choice) => {
          const label = choiceName(choice)
          const soldOut = choice.inStock === false
          const text = soldOut ? `${label} (sold out)` : label
          return (
            <label key={label} className="option__choice" title={colour ? text : undefined}>
              <input
                type="radio"
                name={choiceField(name)}
                value={label}
                checked={value === label}
                disabled={soldOut}
                onChange={() => onChange(label)}
                aria-label={colour ? text : undefined}
              />
              {colour ? (
                <span className="option__swatch" aria-hidden="true">
                  <span style={{ background: choice.value }} />
                </span>
              ) : (
                <span className="option__pill">
                  {label}
                  {soldOut && <span className="visually-hidden"> (sold out)</span>}
                </span>
              )}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

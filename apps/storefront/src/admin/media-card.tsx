import type { MediaItem, Product } from '@vitrine/client'
import { describeError, useAddProductMedia, useRemoveProductMedia } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { SelectField, TextField } from './fields'
import { useToast } from './toasts'
import { violationsOf } from './violations'

/** An address the platform takes for a picture: `http(s)://…` or a path on its own host. */
const URL_PATTERN = /^(https?:\/\/|\/)\S+$/

/** `Color: Red` → the option and the choice. */
interface ChoiceRef {
  option: string
  choice: string
}

const choiceKey = (ref: ChoiceRef) => `${ref.option}\u0000${ref.choice}`
const fromKey = (key: string): ChoiceRef | undefined => {
  const [option, choice] = key.split('\u0000')
  return option && choice ? { option, choice } : undefined
}

/** Every choice of the product, and the media ids each one shows. */
function choicesOf(product: Product) {
  return (product.productOptions ?? []).flatMap((option) =>
    (option.choices ?? []).map((choice) => ({
      option: option.name ?? '',
      choice: choice.description ?? choice.value ?? '',
      mediaIds: new Set((choice.media?.items ?? []).map((item) => item.id)),
    })),
  )
}

const urlOf = (item: MediaItem) =>
  item.image?.url ?? item.thumbnail?.url ?? item.video?.files?.[0]?.url ?? ''

/**
 * The product's pictures: add by address (optionally for one choice, such as the red one), show a
 * picture for a choice, remove. Each change is saved at once.
 */
export function MediaCard({ product }: { product: Product }) {
  const items = product.media?.items ?? []
  const choices = choicesOf(product)
  const add = useAddProductMedia()
  const remove = useRemoveProductMedia()
  const toast = useToast()
  const [url, setUrl] = useState('')
  const [forChoice, setForChoice] = useState('')
  const [error, setError] = useState<string>()

  const choiceOptions = [
    { value: '', label: 'All choices' },
    ...choices.map((c) => ({ value: choiceKey(c), label: `${c.option}: ${c.choice}` })),
  ]

  async function submit(event: FormEvent) {
    event.preventDefault()
    const address = url.trim()
    if (!URL_PATTERN.test(address)) {
      setError('Enter a picture address starting with https:// (or / for this platform)')
      document.getElementById('media-url')?.focus()
      return
    }
    setError(undefined)
    const choice = fromKey(forChoice)
    try {
      await add.mutateAsync({
        productId: product.id,
        media: [{ url: address, ...(choice ? { choice } : {}) }],
      })
      setUrl('')
      toast.success('Picture added.')
      document.getElementById('media-url')?.focus()
    } catch (failure) {
      const { fields } = violationsOf(failure, (path) =>
        path.startsWith('media') ? 'url' : undefined,
      )
      setError(fields.url ?? describeError(failure))
      document.getElementById('media-url')?.focus()
    }
  }

  async function removeItem(item: MediaItem, index: number) {
    try {
      await remove.mutateAsync({ productId: product.id, mediaIds: [item.id!] })
      toast.success(`Picture ${index + 1} removed.`)
      const next =
        document.getElementById(`remove-media-${index}`) ??
        document.getElementById(`remove-media-${index - 1}`) ??
        document.getElementById('media-url')
      next?.focus()
    } catch (failure) {
      toast.error(`The picture was not removed: ${describeError(failure)}`)
    }
  }

  async function showFor(item: MediaItem, key: string) {
    const choice = fromKey(key)
    if (!choice) return
    try {
      await add.mutateAsync({ productId: product.id, media: [{ mediaId: item.id!, choice }] })
      toast.success(`The picture now shows for ${choice.option}: ${choice.choice}.`)
    } catch (failure) {
      toast.error(`That did not work: ${describeError(failure)}`)
    }
  }

  return (
    <section className="adm-card" aria-labelledby="section-media">
      <div className="adm-card__header">
        <h2 id="section-media" className="adm-card__title">
          Media
        </h2>
        <span className="muted">Saved as you change it</span>
      </div>
      {items.length === 0 ? (
        <p className="muted adm-media-empty">No pictures yet. The shop shows a placeholder.</p>
      ) : (
        <ul className="adm-media-grid">
          {items.map((item, index) => {
            const shownFor = choices.filter((c) => c.mediaIds.has(item.id))
            return (
              <li key={item.id} className="adm-media-tile">
                <div className="adm-media-tile__frame">
                  {item.mediaType === 'video' ? (
                    <a
                      className="adm-media-tile__video"
                      href={urlOf(item)}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <span aria-hidden="true">▶</span> Video {index + 1}
                    </a>
                  ) : (
                    <img
                      src={urlOf(item)}
                      alt={item.image?.altText || `Picture ${index + 1} of ${product.name}`}
                    />
                  )}
                  {index === 0 && <span className="adm-media-tile__main">Main</span>}
                </div>
                {shownFor.length > 0 && (
                  <p className="adm-media-tile__choices">
                    For {shownFor.map((c) => `${c.option}: ${c.choice}`).join(', ')}
                  </p>
                )}
                <div className="adm-media-tile__actions">
                  {choices.length > 0 && (
                    <>
                      <label className="visually-hidden" htmlFor={`media-choice-${index}`}>
                        Show picture {index + 1} for a choice
                      </label>
                      <select
                        id={`media-choice-${index}`}
                        className="adm-input adm-input--select adm-input--small"
                        value=""
                        disabled={add.isPending}
                        onChange={(event) => void showFor(item, event.target.value)}
                      >
                        <option value="">Show for…</option>
                        {choices
                          .filter((c) => !c.mediaIds.has(item.id))
                          .map((c) => (
                            <option key={choiceKey(c)} value={choiceKey(c)}>
                              {c.option}: {c.choice}
                            </option>
                          ))}
                      </select>
                    </>
                  )}
                  <button
                    id={`remove-media-${index}`}
                    type="button"
                    className="adm-button adm-button--small adm-button--ghost adm-button--danger-text"
                    onClick={() => void removeItem(item, index)}
                    disabled={remove.isPending}
                  >
                    Remove<span className="visually-hidden"> picture {index + 1}</span>
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <form className="adm-media-add" onSubmit={submit} noValidate aria-label="Add a picture">
        <TextField
          id="media-url"
          label="Picture address"
          type="url"
          inputMode="url"
          placeholder="https://…/picture.jpg"
          autoComplete="off"
          value={url}
          onValue={setUrl}
          error={error}
          className="adm-media-add__url"
        />
        {choices.length > 0 && (
          <SelectField
            id="media-for-choice"
            label="Show for"
            value={forChoice}
            onValue={setForChoice}
            options={choiceOptions}
            className="adm-media-add__choice"
          />
        )}
        <button type="submit" className="adm-button" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add picture'}
        </button>
      </form>
    </section>
  )
}

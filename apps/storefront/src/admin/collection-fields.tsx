import type { CollectionDraft } from './collection-draft'
import { SwitchField, TextAreaField, TextField } from './fields'
import type { FieldErrors } from './violations'

/** The fields of a collection: name, description, picture, visibility. */
export function CollectionFields({
  idPrefix,
  draft,
  errors,
  onChange,
}: {
  idPrefix: string
  draft: CollectionDraft
  errors: FieldErrors
  onChange: (draft: CollectionDraft) => void
}) {
  const set = <K extends keyof CollectionDraft>(key: K, value: CollectionDraft[K]) =>
    onChange({ ...draft, [key]: value })
  const image = draft.image.trim()
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        value={draft.name}
        onValue={(value) => set('name', value)}
        error={errors.name}
        maxLength={100}
        autoComplete="off"
        required
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description"
        value={draft.description}
        onValue={(value) => set('description', value)}
        error={errors.description}
        rows={3}
        hint="Shown at the top of the collection in the shop."
      />
      <div className="adm-image-field">
        <TextField
          id={`${idPrefix}-image`}
          label="Picture address"
          type="url"
          inputMode="url"
          placeholder="https://…/cover.jpg"
          value={draft.image}
          onValue={(value) => set('image', value)}
          error={errors.image}
          autoComplete="off"
          hint="Leave empty for no picture."
          className="adm-image-field__input"
        />
        <div className="adm-image-field__preview" aria-hidden="true">
          {image && !errors.image ? (
            <img src={image} alt="" />
          ) : (
            <span className="adm-thumb--empty" />
          )}
        </div>
      </div>
      <SwitchField
        id={`${idPrefix}-visible`}
        label="Visible in the shop"
        checked={draft.visible}
        onChecked={(value) => set('visible', value)}
      />
    </>
  )
}

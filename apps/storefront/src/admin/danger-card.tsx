import type { ReactNode } from 'react'

/** The card at the foot of an edit page that deletes the thing (after asking). */
export function DangerCard({
  title,
  children,
  onDelete,
}: {
  title: string
  children: ReactNode
  onDelete: () => void
}) {
  return (
    <section className="adm-card adm-card--danger" aria-labelledby="section-danger">
      <h2 id="section-danger" className="adm-card__title">
        {title}
      </h2>
      <p className="muted">{children}</p>
      <button type="button" className="adm-button adm-button--danger" onClick={onDelete}>
        {title}
      </button>
    </section>
  )
}

/** Whether shoppers see a product or a collection: a badge. */
export function VisibilityBadge({ visible, className }: { visible?: boolean; className?: string }) {
  const extra = className ? ` ${className}` : ''
  return visible === false ? (
    <span className={`adm-badge adm-badge--muted${extra}`}>Hidden</span>
  ) : (
    <span className={`adm-badge adm-badge--success${extra}`}>Visible</span>
  )
}

/** A link to where shoppers see it, in a new tab. */
export function ViewInShopLink({ href }: { href: string }) {
  return (
    <a className="adm-button" href={href} target="_blank" rel="noreferrer">
      View in shop<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

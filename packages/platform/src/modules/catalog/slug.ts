/** Slugs of products and collections: lowercase ASCII words joined by `-`. */

/** `Café au Lait (Large)` → `cafe-au-lait-large`; `fallback` when nothing is left. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
  return slug || fallback
}

/**
 * The first of `base`, `base-2`, `base-3`, … that `taken` does not hold. `taken` is every slug
 * that starts with `base` (one query), so a free one is found without a loop of queries.
 */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

import type { LineItem } from '@vitrine/client'

interface DescriptionLine {
  name?: { original?: string; translated?: string }
  plainText?: { original?: string; translated?: string }
  colorInfo?: { original?: string; translated?: string }
}

/**
 * A cart's or an order's line's chosen options as text: `Color: Sage · Size: M` (empty when it
 * has none).
 */
export function lineOptions(line: { descriptionLines?: unknown; [key: string]: unknown }): string {
  const lines = (line.descriptionLines ?? []) as DescriptionLine[]
  return lines
    .map((description) => {
      const name = description.name?.translated ?? description.name?.original
      const value =
        description.plainText?.translated ??
        description.plainText?.original ??
        description.colorInfo?.translated ??
        description.colorInfo?.original
      return name && value ? `${name}: ${value}` : (value ?? '')
    })
    .filter(Boolean)
    .join(' · ')
}

/** The shop's page of a line's product: `/product-page/<slug>` of the platform → `/products/<slug>`. */
export function linePath(line: LineItem): string | undefined {
  const path = line.url?.relativePath ?? line.url?.url
  const slug = path?.split('/').filter(Boolean).pop()
  return slug ? `/products/${slug}` : undefined
}

/** A cart's or an order's line's picture URL, when it is one a browser can show. */
export function lineImage(line: { image?: string }): string | undefined {
  return line.image && /^https?:\/\//.test(line.image) ? line.image : undefined
}

/** The line's name as the shopper reads it. */
export const lineName = (line: LineItem): string =>
  line.productName?.translated ?? line.productName?.original ?? 'Item'

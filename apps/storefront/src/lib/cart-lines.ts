import { media, type AuthStrategy, type Client, type LineItem } from '@vitrine/client'

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
  // A full URL from the provider, a path from the platform: its path either way.
  const path = line.url ? new URL(line.url, 'http://shop.invalid').pathname : ''
  const slug = path.split('/').filter(Boolean).pop()
  return slug ? `/products/${slug}` : undefined
}

/** A client of the shop's platform: it binds the media helpers to its host (`client.use(media)`). */
export type PlatformClient = Pick<Client<Record<string, never>, AuthStrategy>, 'use'>

/**
 * A cart's or an order's line's picture URL, when it is one a browser can show: its `wix:image://`
 * reference (how the client gives the platform's own pictures, and the provider's) made a URL by
 * the media helpers on the host of `platform`, the page's client — the platform's `/media/<id>`, or
 * the provider's media host; an http(s) URL as it is. Only `getImageUrl` is bound, so the page
 * loads no other helper.
 */
export function lineImage(line: { image?: string }, platform: PlatformClient): string | undefined {
  const { image } = line
  if (image?.startsWith('wix:image://')) {
    const picture = platform.use({ getImageUrl: media.getImageUrl }).getImageUrl(image)
    return picture.id ? picture.url : undefined
  }
  return image && /^https?:\/\//.test(image) ? image : undefined
}

/** The line's name as the shopper reads it. */
export const lineName = (line: LineItem): string =>
  line.productName?.translated ?? line.productName?.original ?? 'Item'

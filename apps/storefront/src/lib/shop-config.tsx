import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '../root'
import type { PublicConfig } from '../server/config.server'

export type { PublicConfig }

/** The id of the document's script element that holds the public settings, as JSON. */
const ELEMENT_ID = 'vitrine-config'

/** The shop's public settings (the root loader's), in a component on either side. */
export function useShopConfig(): PublicConfig {
  const config = useRouteLoaderData<typeof rootLoader>('root')
  if (!config) throw new Error('The root loader has not given the shop its settings.')
  return config
}

/**
 * The public settings as a JSON script of the document, which the browser's modules read before
 * any page renders ({@link browserConfig}). `<` is written `\u003c`, so no value can close the
 * element. Nothing when the root loader gave none (a failure before it).
 */
export function ShopConfigScript() {
  const config = useRouteLoaderData<typeof rootLoader>('root')
  if (!config) return null
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return (
    <script id={ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
  )
}

let read: PublicConfig | undefined

/** In the browser: the public settings the server wrote into the document. */
export function browserConfig(): PublicConfig {
  if (read) return read
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)
  if (!element?.textContent) throw new Error('The page has no settings of the shop (browser only).')
  return (read = JSON.parse(element.textContent) as PublicConfig)
}

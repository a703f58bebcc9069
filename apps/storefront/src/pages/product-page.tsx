import type { Product } from '@vitrine/client'
import {
  availabilityQueryOptions,
  productQueryOptions,
  productsQueryOptions,
  useProduct,
  useProductAvailability,
  useProducts,
  vitrineKeys,
} from '@vitrine/react'
import { useMemo, useState } from 'react'
import { data } from 'react-router'
import { answerWithCart } from '../cart/cart-answer.server'
import { changeCart } from '../cart/cart-client-action'
import type { CartRefusal } from '../cart/cart-form'
import { guessAddition } from '../cart/cart-guess'
import { Breadcrumbs } from '../components/breadcrumbs'
import { LeafIcon, ReturnIcon, TruckIcon } from '../components/icons'
import { Price } from '../components/price'
import { ProductGrid } from '../components/product-card'
import { ErrorState } from '../components/status'
import { PageError } from '../layout/page-error'
import { metaOf, productHead, type Head } from '../lib/head'
import { picturesOf } from '../lib/media'
import { orNotFound, type PageState } from '../lib/page-data'
import { cacheable } from '../server/cache-headers.server'
import { catalogReferenceOf, missingOptions, readAddToCart } from '../product/add-form'
import { BuyBox } from '../product/buy-box'
import { choiceName, paragraphsOf, visibleOptions } from '../product/choices'
import { Gallery } from '../product/gallery'
import { OptionPicker } from '../product/option-picker'
import { readForm, refusalOf } from '../server/forms.server'
import { prefetched, readCatalog } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { browserClient, queries } from '../vitrine.client'
import type { Route } from './+types/product-page'

/** The products shown under "You may also like". */
const RELATED = 4
const relatedParams = (product: Product) => ({
  collectionId: product.collectionIds?.[0],
  limit: RELATED + 1,
})

/** What the product page's loaders give: its head (and, from the server, its query state). */
interface ProductData extends PageState {
  head: Head
}

/**
 * On the server: the product (a 404 if there is none), then at once what its choices are in
 * stock and the related products. (The catalog's reads are kept by the server a while, so they
 * rarely wait on the platform: streaming the related products after the page cost more than it
 * saved.)
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<ProductData> {
  const { catalog } = context.get(shopContext)
  const slug = params.slug
  let product: Product | undefined
  const page = await prefetched(context, async (queries) => {
    const found = await orNotFound(
      'product',
      queries.fetchQuery(productQueryOptions(catalog, slug)),
    )
    product = found
    await Promise.all([
      queries.prefetchQuery(availabilityQueryOptions(catalog, found.id, {})),
      found.collectionIds?.length &&
        queries.prefetchQuery(productsQueryOptions(catalog, relatedParams(found))),
    ])
  })
  return { ...page, head: productHead(product!) }
}

/** In the browser: the product from the page's cache, else the platform (a 404 if none). */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<ProductData> {
  const product = await orNotFound(
    'product',
    queries.ensureQueryData(productQueryOptions(browserClient(), params.slug)),
  )
  return { head: productHead(product) }
}

/**
 * The add-to-cart form: checks the choices against the product and its stock, adds to the
 * shopper's cart, then shows the cart (post/redirect/get) — or, to the page's script, answers the
 * cart. A refusal shows the page again with the reason.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext)
  const form = await readForm(request)
  const product = await orNotFound(
    'product',
    readCatalog(productQueryOptions(shop.catalog, params.slug)),
  )
  const { choices, quantity } = readAddToCart(form, product)
  const refuse = (error: string, status = 400) => data<CartRefusal>({ error, choices }, { status })
  const missing = missingOptions(product, choices)
  if (missing.length) return refuse(`Choose a ${missing[0]!.toLowerCase()} first.`)
  const options = product.productOptions?.length
    ? await readCatalog(availabilityQueryOptions(shop.catalog, product.id, choices))
    : undefined
  if (options ? !options.availableForPurchase : product.stock?.inStock === false)
    return refuse('This choice is sold out.', 409)

  try {
    const { cart } = await shop.shopper().client.currentCart.addToCurrentCart({
      lineItems: [{ quantity, catalogReference: catalogReferenceOf(product, choices) }],
    })
    return answerWithCart(form, cart, '/cart')
  } catch (error) {
    const refusal = refusalOf(error)
    return refuse(refusal.error, refusal.status)
  }
}

/**
 * In the browser: the addition shows in the cart at once (the header's count), then the cart the
 * action answers ({@link changeCart}).
 */
export async function clientAction({ request, params, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData()
  const product = queries.getQueryData<Product>(vitrineKeys.product(params.slug))
  return changeCart(
    () => serverAction(),
    product &&
      ((cart) => {
        const { choices, quantity } = readAddToCart(form, product)
        const reference = catalogReferenceOf(product, choices)
        return guessAddition(cart, { reference, quantity, name: product.name })
      }),
  )
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  metaOf({ matches, error }, loaderData?.head)

export const headers = cacheable
export const ErrorBoundary = PageError

function Related({ product }: { product: Product }) {
  const related = useProducts(relatedParams(product))
  const items = (related.data?.items ?? [])
    .filter((item) => item.id !== product.id)
    .slice(0, RELATED)
  if (items.length === 0) return null
  return (
    <section className="section" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title">You may also like</h2>
      </div>
      <ProductGrid products={items} />
    </section>
  )
}

function ProductView({ product, refused }: { product: Product; refused?: CartRefusal }) {
  const options = useMemo(() => visibleOptions(product.productOptions), [product.productOptions])
  const [choices, setChoices] = useState<Record<string, string>>(refused?.choices ?? {})
  const availability = useProductAvailability(product.id, choices)
  const name = product.name ?? ''

  const shownOptions = visibleOptions(availability.data?.productOptions ?? product.productOptions)
  const missing = options.map((option) => option.name ?? '').filter((option) => !choices[option])
  const selected = missing.length === 0 ? availability.data?.selectedVariant : undefined

  // The chosen colour's pictures first, then the product's.
  const pictures = useMemo(() => {
    const chosenMedia = options.flatMap((option) =>
      (option.choices ?? [])
        .filter((choice) => choices[option.name ?? ''] === choiceName(choice))
        .map((choice) => choice.media),
    )
    const all = [...chosenMedia, product.media].flatMap((media) => picturesOf(media, name))
    return all.filter((picture, index) => all.findIndex((p) => p.url === picture.url) === index)
  }, [options, choices, product.media, name])

  const description = paragraphsOf(product.description)
  const physical = product.productType !== 'digital'
  return (
    <>
      <Breadcrumbs
        trail={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: name }]}
      />
      <div className="product">
        <Gallery key={pictures[0]?.url} pictures={pictures} name={name} />
        <div className="product__info">
          <div className="product__heading">
            {product.brand && <p className="product__brand">{product.brand}</p>}
            <h1>{name}</h1>
            <p className="product__price" aria-live="polite">
              <Price
                price={selected?.price ?? product.priceData ?? product.price}
                range={selected ? undefined : product.priceRange}
              />
            </p>
          </div>
          {description[0] && <p className="product__description">{description[0]}</p>}
          <BuyBox
            product={product}
            choices={choices}
            missing={missing}
            availability={missing.length === 0 ? availability.data : undefined}
            refusal={refused?.error}
          >
            {shownOptions.map((option) => (
              <OptionPicker
                key={option.name}
                option={option}
                value={choices[option.name ?? '']}
                onChange={(choice) =>
                  setChoices((last) => ({ ...last, [option.name ?? '']: choice }))
                }
              />
            ))}
          </BuyBox>
          <ul className="perks">
            {physical ? (
              <>
                <li>
                  <TruckIcon /> Free standard shipping on orders over $100
                </li>
                <li>
                  <ReturnIcon /> Free returns within 30 days
                </li>
              </>
            ) : (
              <li>
                <LeafIcon /> Delivered instantly by e-mail
              </li>
            )}
          </ul>
          {(description.length > 1 || !!product.additionalInfoSections?.length) && (
            <div className="details">
              {description.length > 1 && (
                <details open>
                  <summary>Details</summary>
                  <div className="details__body prose">
                    {description.slice(1).map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              )}
              {(product.additionalInfoSections ?? []).map((section) => (
                <details key={section.title}>
                  <summary>{section.title}</summary>
                  <div className="details__body prose">
                    {paragraphsOf(section.description).map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          )}
        </div>
      </div>
    </>
  )
}

/** `/products/:slug`: gallery, options that follow availability, price, stock and add to cart. */
export default function ProductPage({ params, actionData }: Route.ComponentProps) {
  const product = useProduct(params.slug)
  const refused = actionData && 'error' in actionData ? actionData : undefined
  if (product.isError)
    return (
      <div className="container">
        <ErrorState
          error={product.error}
          title="This product could not load"
          retry={() => product.refetch()}
        />
      </div>
    )
  // The loaders put the product in the cache before the page renders.
  if (!product.data) return null
  return (
    <div className="container">
      <ProductView key={product.data.id} product={product.data} refused={refused} />
      {product.data.collectionIds?.length ? <Related product={product.data} /> : null}
    </div>
  )
}

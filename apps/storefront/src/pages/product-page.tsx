import type { Product } from '@vitrine/client'
import { isApiError } from '@vitrine/client'
import { useProduct, useProductAvailability, useProducts } from '@vitrine/react'
import { useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { Breadcrumbs } from '../components/breadcrumbs'
import { LeafIcon, ReturnIcon, TruckIcon } from '../components/icons'
import { Price } from '../components/price'
import { ProductGrid } from '../components/product-card'
import { ErrorState } from '../components/status'
import { picturesOf } from '../lib/media'
import { BuyBox } from '../product/buy-box'
import { choiceName, paragraphsOf, visibleOptions } from '../product/choices'
import { Gallery } from '../product/gallery'
import { OptionPicker } from '../product/option-picker'
import { NotFoundContent } from './not-found-page'

/** The page's frame while the product loads: same breadcrumbs and boxes, so nothing shifts. */
function ProductSkeleton() {
  return (
    <>
      <Breadcrumbs
        trail={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: 'Loading…' }]}
      />
      <div className="product" aria-hidden="true">
        <div className="gallery__main skeleton" />
        <div className="product__info">
          <div className="skeleton" style={{ height: '2.5rem', width: '80%' }} />
          <div className="skeleton" style={{ height: '1.5rem', width: '30%' }} />
          <div className="skeleton" style={{ height: '6rem' }} />
          <div className="skeleton" style={{ height: '8rem' }} />
        </div>
      </div>
    </>
  )
}

function Related({ product }: { product: Product }) {
  const collectionId = product.collectionIds?.[0]
  const related = useProducts({ collectionId, limit: 5 })
  const items = (related.data?.items ?? []).filter((item) => item.id !== product.id).slice(0, 4)
  if (!collectionId || items.length === 0) return null
  return (
    <section className="section" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title">You may also like</h2>
      </div>
      <ProductGrid products={items} />
    </section>
  )
}

function ProductView({ product }: { product: Product }) {
  const options = useMemo(() => visibleOptions(product.productOptions), [product.productOptions])
  const [choices, setChoices] = useState<Record<string, string>>({})
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
          <BuyBox
            product={product}
            choices={choices}
            missing={missing}
            availability={missing.length === 0 ? availability.data : undefined}
          />
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
        </div>
      </div>
      <Related product={product} />
    </>
  )
}

/** `/products/:slug`: gallery, options that follow availability, price, stock and add to cart. */
export function ProductPage() {
  const { slug = '' } = useParams()
  const product = useProduct(slug)
  return (
    <div className="container">
      {product.data && <title>{`${product.data.name} · Vitrine`}</title>}
      {product.isPending ? (
        <ProductSkeleton />
      ) : product.isError ? (
        isApiError(product.error) && product.error.status === 404 ? (
          <NotFoundContent what="product" />
        ) : (
          <ErrorState
            error={product.error}
            title="This product could not load"
            retry={() => product.refetch()}
          />
        )
      ) : (
        <ProductView key={product.data.id} product={product.data} />
      )}
    </div>
  )
}

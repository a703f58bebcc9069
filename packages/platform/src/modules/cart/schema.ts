/*
 * JSON schemas of the current-cart routes (wire-contract §1) and the bodies they let through.
 * Fields the provider's clients send that the platform does not use are accepted and ignored,
 * except in addresses, whose schema is closed as the provider's is.
 */
import { closed, list, object, text, type FromSchema } from '../../http/schema.js'

const translatable = (maxLength: number) =>
  object({ original: text(maxLength, 1), translated: text(maxLength) }, ['original'])

/** A decimal amount as the wire writes it: `'19.90'`, `'5'`. */
const DECIMAL = '^\\d{1,9}(\\.\\d{1,2})?$'
const decimal = { type: 'string', pattern: DECIMAL } as const
const quantity = { type: 'integer', minimum: 1, maximum: 100_000 } as const
const id = text(64, 1)

const address = closed({
  country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  subdivision: text(64),
  city: text(256),
  postalCode: text(64),
  addressLine: text(512),
  addressLine2: text(512),
  formattedAddress: text(1024),
  countryFullname: text(256),
  subdivisionFullname: text(256),
  hint: text(512),
  streetAddress: closed({
    name: text(256),
    number: text(64),
    apt: text(64),
    formattedAddressLine: text(512),
  }),
  geocode: closed({
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
  }),
})

/** A postal address with the wire's field names (`addressLine`, `geocode`, …). */
export type Address = FromSchema<typeof address>

const catalogReference = object(
  {
    catalogItemId: id,
    appId: id,
    options: object({
      variantId: id,
      options: { type: 'object', maxProperties: 20, additionalProperties: text(256) },
      customTextFields: { type: 'object', maxProperties: 20, additionalProperties: text(500) },
    }),
  },
  ['catalogItemId', 'appId'],
)

const image = object({
  id: text(256),
  url: text(2048, 1),
  width: { type: 'integer', minimum: 0 },
  height: { type: 'integer', minimum: 0 },
  altText: text(512),
  filename: text(512),
})

const descriptionLine = object({
  name: translatable(200),
  plainText: translatable(500),
  colorInfo: object({ original: text(200, 1), translated: text(200), code: text(32) }, [
    'original',
  ]),
  lineType: { type: 'string', enum: ['PLAIN_TEXT', 'COLOR'] },
})

const customLineItem = object(
  {
    quantity,
    price: decimal,
    fullPrice: decimal,
    productName: translatable(200),
    priceDescription: translatable(100),
    descriptionLines: list(descriptionLine, 20),
    itemType: object({
      preset: { type: 'string', enum: ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] },
      custom: text(64),
    }),
    media: image,
    url: object({ relativePath: text(2048), url: text(2048) }),
    physicalProperties: object({
      weight: { type: 'number', minimum: 0 },
      sku: text(64),
      shippable: { type: 'boolean' },
    }),
    catalogReference,
  },
  ['quantity', 'price', 'productName'],
)

const catalogLineItem = object({ quantity: { ...quantity, default: 1 }, catalogReference }, [
  'catalogReference',
])

/** A custom line item of a request: priced by the caller. */
export type CustomLineItemInput = FromSchema<typeof customLineItem>

/** `POST …/add-to-cart` body schema. */
export const addToCartSchema = object({
  lineItems: list(catalogLineItem, 100),
  customLineItems: list(customLineItem, 100),
  businessLocationId: text(64),
})

/** `POST …/add-to-cart`. */
export type AddToCartBody = FromSchema<typeof addToCartSchema>

/**
 * `PATCH /ecom/v1/carts/current` body schema: `lineItems` are existing lines (`id`, new
 * `quantity`) or ones to add; `cartFieldmask` is the comma-joined field mask of `cartInfo`
 * (`buyerNote,contactInfo`).
 */
export const updateCartSchema = object({
  cartInfo: object({
    buyerNote: { type: ['string', 'null'], maxLength: 1000 },
    contactInfo: {
      type: ['object', 'null'],
      properties: {
        address,
        contactDetails: object({
          firstName: text(100),
          lastName: text(100),
          phone: text(50),
          company: text(100),
          email: text(254),
          vatId: object({ id: text(64), type: { type: 'string', enum: ['CPF', 'CNPJ'] } }),
        }),
      },
    },
  }),
  couponCode: text(64, 1),
  merchantDiscounts: list(object({ amount: decimal, lineItemIds: list(id, 300) }, ['amount']), 20),
  lineItems: list(
    {
      ...object({ id, quantity: { ...quantity, minimum: 0 }, catalogReference }),
      anyOf: [{ required: ['id'] }, { required: ['catalogReference'] }],
    },
    100,
  ),
  customLineItems: list(customLineItem, 100),
  cartFieldmask: text(512),
})

/** `PATCH /ecom/v1/carts/current`. */
export type UpdateCartBody = FromSchema<typeof updateCartSchema>

/** `POST …/remove-line-items` body schema. */
export const removeLineItemsSchema = object({ lineItemIds: list(id, 300, 1) }, ['lineItemIds'])

/** `POST …/remove-line-items`. */
export type RemoveLineItemsBody = FromSchema<typeof removeLineItemsSchema>

/** `POST …/update-line-items-quantity` body schema (quantity 0 removes the line). */
export const updateQuantitySchema = object(
  {
    lineItems: list(
      object({ id, quantity: { ...quantity, minimum: 0 } }, ['id', 'quantity']),
      300,
      1,
    ),
  },
  ['lineItems'],
)

/** `POST …/update-line-items-quantity`. */
export type UpdateQuantityBody = FromSchema<typeof updateQuantitySchema>

const selectedShippingOption = object({ code: text(64, 1), carrierId: text(64) }, ['code'])

/** A shipping option to select: its `code` (and carrier). */
export type SelectedShippingOption = FromSchema<typeof selectedShippingOption>

/** `POST …/estimate-totals` body schema. */
export const estimateTotalsSchema = object({
  selectedShippingOption,
  shippingAddress: address,
  billingAddress: address,
  selectedMemberships: { type: 'object' },
  calculateTax: { type: 'boolean' },
  calculateShipping: { type: 'boolean' },
  calculateAdditionalFees: { type: 'boolean' },
})

/** `POST …/estimate-totals`. */
export type EstimateTotalsBody = FromSchema<typeof estimateTotalsSchema>

/** The provider's sales channels (`channelType`). */
export const CHANNEL_TYPES = [
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
] as const

/** `POST …/create-checkout` body schema. */
export const createCheckoutSchema = object({
  channelType: { type: 'string', enum: CHANNEL_TYPES },
  shippingAddress: address,
  billingAddress: address,
  selectedShippingOption,
  email: { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
})

/** `POST …/create-checkout`. */
export type CreateCheckoutBody = FromSchema<typeof createCheckoutSchema>

/** `POST …/remove-coupon`: an empty object (anything else is ignored). */
export const emptySchema = { type: 'object' } as const

import { describe, expect, it } from 'vitest'
import * as identityEntry from '../identity/index.js'
import * as mainEntry from '../index.js'
import * as wix from '../wix/index.js'
import * as catalog from './catalog.js'
import * as commerce from './commerce.js'
import * as identity from './identity.js'
import * as recommendation from './recommendation.js'
import * as redirect from './redirect.js'

// The main entry's modules, and those of its identity entry (`@vitrine/client/identity`).
const main = { ...mainEntry, ...identityEntry }

/*
 * The enumerations the official modules carry (`products.OptionType.color`): the modules of
 * `@vitrine/client/wix` carry them, those of `@vitrine/client` do not. Read from the official modules'
 * exports: @wix/auto_sdk_ecom_current-cart 1.0.190, _stores_products 1.0.108,
 * _stores_collections 1.0.51, _redirects_redirects 1.0.56, _ecom_orders 1.0.300,
 * _ecom_order-fulfillments 1.0.65, _members_members 1.0.135, _identity_authentication 1.0.61,
 * _identity_recovery 1.0.50, _identity_verification 1.0.51, _ecom_recommendations 1.0.50. Ours carry those SPEC §3 has (the
 * others are not here: e.g. the cart's `DimensionsUnit`, the orders' statuses), with SPEC's
 * values: without the official "unset" values (`UNSPECIFIED`, `UNKNOWN`, …) and those added since.
 */

/** The official values, by the official name (`module.Name` where two modules differ). */
const OFFICIAL: Record<string, string> = {
  AddressTag: 'UNTAGGED HOME WORK BILLING SHIPPING',
  AlgorithmType: 'UNSPECIFIED RELATED_ITEMS GLOBAL',
  AppliedDiscountDiscountType: 'GLOBAL SPECIFIC_ITEMS SHIPPING',
  AttachPagesResponseStatus: 'UNKNOWN SUCCESS NO_ACTION ERROR',
  CallbackType: 'UNKNOWN LOGOUT CHECKOUT AUTHORIZE',
  ChannelType:
    'UNSPECIFIED WEB POS EBAY AMAZON OTHER_PLATFORM WIX_APP_STORE WIX_INVOICES BACKOFFICE_MERCHANT WISH CLASS_PASS GLOBAL_E FACEBOOK ETSY TIKTOK FAIRE_COM PAYPAL_AGENTIC_CHECKOUT STRIPE_AGENTIC_CHECKOUT WIX_INVOICES_PLATFORM UCP_AGENTIC_CHECKOUT',
  ChargeType: 'HANDLING_FEE INSURANCE',
  DescriptionLineType: 'UNRECOGNISED PLAIN_TEXT COLOR',
  DiscountType: 'GLOBAL SPECIFIC_ITEMS SHIPPING',
  EmailTag: 'UNTAGGED MAIN HOME WORK',
  FallbackReason: 'AUTO_TAX_FAILED AUTO_TAX_DEACTIVATED',
  FileType:
    'UNSPECIFIED SECURE_PICTURE SECURE_VIDEO SECURE_DOCUMENT SECURE_MUSIC SECURE_ARCHIVE SECURE_RAW',
  InventoryStatus: 'IN_STOCK OUT_OF_STOCK PARTIALLY_OUT_OF_STOCK',
  ItemAvailabilityStatus: 'AVAILABLE NOT_FOUND NOT_AVAILABLE PARTIALLY_AVAILABLE',
  ItemTypePreset: 'UNRECOGNISED PHYSICAL DIGITAL GIFT_CARD SERVICE',
  JurisdictionType: 'UNDEFINED COUNTRY STATE COUNTY CITY SPECIAL',
  LocationType: 'UNDEFINED OWNER_BUSINESS OWNER_CUSTOM CUSTOM',
  ManualCalculationReason: 'GLOBAL_SETTING_TO_MANUAL REGION_SETTING_TO_MANUAL',
  MeasurementUnit: 'UNSPECIFIED ML CL L CBM MG G KG MM CM M SQM OZ LB FLOZ PT QT GAL IN FT YD SQFT',
  MediaItemType: 'unspecified_media_item_type image video audio document zip',
  MembersAccountSection: 'ACCOUNT_INFO BOOKINGS ORDERS SUBSCRIPTIONS EVENTS',
  OptionType: 'unspecified_option_type drop_down color',
  PaymentOptionType:
    'FULL_PAYMENT_ONLINE FULL_PAYMENT_OFFLINE MEMBERSHIP DEPOSIT_ONLINE MEMBERSHIP_OFFLINE MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
  PhoneTag: 'UNTAGGED MAIN HOME MOBILE WORK FAX',
  PickupMethod: 'STORE_PICKUP PICKUP_POINT',
  PrivacyStatus: 'UNDEFINED PUBLIC PRIVATE',
  ProductType: 'unspecified_product_type physical digital',
  Prompt: 'login none consent select_account',
  RateType: 'NO_TAX_COLLECTED MANUAL_RATE AUTO_RATE FALLBACK_RATE',
  Reason:
    'UNKNOWN_REASON PENDING_ADMIN_APPROVAL_REQUIRED PENDING_EMAIL_VERIFICATION_REQUIRED PENDING_REQUIRED_FIELDS_MISSING',
  RuleType:
    'VALIDATION OTHER MAX MIN MAX_LENGTH MIN_LENGTH MAX_SIZE MIN_SIZE FORMAT DECIMAL_LTE DECIMAL_GTE DECIMAL_LT DECIMAL_GT DECIMAL_MAX_SCALE INVALID_ENUM_VALUE REQUIRED_FIELD FIELD_NOT_ALLOWED ONE_OF_ALIGNMENT EXACT_LENGTH EXACT_SIZE REQUIRED_ONE_OF_FIELD',
  Severity: 'WARNING ERROR',
  SortOrder: 'ASC DESC',
  StateType:
    'UNKNOWN_STATE SUCCESS REQUIRE_OWNER_APPROVAL REQUIRE_EMAIL_VERIFICATION STATUS_CHECK REQUIRE_MFA MFA_CHALLENGE REQUIRE_FIRST_FACTOR REQUIRE_MISSING_FIELDS',
  Status: 'UNKNOWN SUCCESS ERROR',
  StatusName: 'UNKNOWN_STATUS PENDING ACTIVE DELETED BLOCKED OFFLINE',
  SubscriptionFrequency: 'UNDEFINED DAY WEEK MONTH YEAR',
  Target: 'EMAIL',
  TaxableAddressType: 'BUSINESS BILLING SHIPPING',
  TenantType: 'UNKNOWN_TENANT_TYPE ACCOUNT SITE ROOT',
  V1Reason:
    'UNKNOWN_REASON PENDING_ADMIN_APPROVAL_REQUIRED PENDING_EMAIL_VERIFICATION_REQUIRED PENDING_REQUIRED_FIELDS_MISSING',
  VatType: 'UNSPECIFIED CPF CNPJ',
  Version: 'V1_CATALOG V3_CATALOG STORES_NOT_INSTALLED',
  WebhookIdentityType: 'UNKNOWN ANONYMOUS_VISITOR MEMBER WIX_USER APP',
  WeightUnit: 'UNSPECIFIED_WEIGHT_UNIT KG LB',
  'products.DiscountType': 'UNDEFINED NONE AMOUNT PERCENT',
}

/** Per module: the official name → this package's enumeration carried under it. */
const MODULES: Record<string, Record<string, string>> = {
  currentCart: {
    AppliedDiscountDiscountType: 'DiscountType',
    ChannelType: 'ChannelType',
    ChargeType: 'ChargeType',
    DescriptionLineType: 'DescriptionLineType',
    DiscountType: 'DiscountType',
    FallbackReason: 'FallbackReason',
    FileType: 'FileType',
    ItemAvailabilityStatus: 'ItemAvailabilityStatus',
    ItemTypePreset: 'ItemType',
    JurisdictionType: 'JurisdictionType',
    ManualCalculationReason: 'ManualCalculationReason',
    PaymentOptionType: 'PaymentOptionType',
    PickupMethod: 'PickupMethod',
    RateType: 'RateType',
    RuleType: 'RuleType',
    Severity: 'Severity',
    SubscriptionFrequency: 'SubscriptionFrequency',
    TaxableAddressType: 'TaxableAddressType',
    VatType: 'VatType',
    WebhookIdentityType: 'IdentityType',
    WeightUnit: 'WeightUnit',
  },
  products: {
    DiscountType: 'ProductDiscountType',
    FileType: 'FileType',
    InventoryStatus: 'InventoryStatus',
    MeasurementUnit: 'MeasurementUnit',
    MediaItemType: 'MediaType',
    OptionType: 'OptionType',
    ProductType: 'ProductType',
    SortOrder: 'SortOrder',
    Version: 'CatalogVersion',
    WebhookIdentityType: 'IdentityType',
  },
  collections: {
    MediaItemType: 'MediaType',
    SortOrder: 'SortOrder',
  },
  redirects: {
    AttachPagesResponseStatus: 'RedirectStatus',
    CallbackType: 'CallbackType',
    LocationType: 'LocationType',
    MembersAccountSection: 'MembersAccountSection',
    Prompt: 'Prompt',
    Status: 'RedirectStatus',
    WebhookIdentityType: 'IdentityType',
  },
  orders: {
    ChannelType: 'ChannelType',
    DescriptionLineType: 'DescriptionLineType',
    DiscountType: 'DiscountType',
    ItemTypePreset: 'ItemType',
    JurisdictionType: 'JurisdictionType',
    MeasurementUnit: 'MeasurementUnit',
    PaymentOptionType: 'PaymentOptionType',
    PickupMethod: 'PickupMethod',
    SortOrder: 'SortOrder',
    SubscriptionFrequency: 'SubscriptionFrequency',
    TaxableAddressType: 'TaxableAddressType',
    VatType: 'VatType',
    WebhookIdentityType: 'IdentityType',
    WeightUnit: 'WeightUnit',
  },
  orderFulfillments: {
    WebhookIdentityType: 'IdentityType',
  },
  members: {
    SortOrder: 'SortOrder',
    WebhookIdentityType: 'IdentityType',
  },
  authentication: {
    AddressTag: 'AddressTag',
    EmailTag: 'EmailTag',
    PhoneTag: 'PhoneTag',
    PrivacyStatus: 'PrivacyStatus',
    StateType: 'StateMachineState',
    StatusName: 'IdentityStatus',
    TenantType: 'TenantType',
    V1Reason: 'StatusReason',
  },
  recovery: {
    AddressTag: 'AddressTag',
    EmailTag: 'EmailTag',
    PhoneTag: 'PhoneTag',
    PrivacyStatus: 'PrivacyStatus',
    Reason: 'StatusReason',
    StateType: 'StateMachineState',
    StatusName: 'IdentityStatus',
    TenantType: 'TenantType',
  },
  verification: {
    AddressTag: 'AddressTag',
    EmailTag: 'EmailTag',
    PhoneTag: 'PhoneTag',
    PrivacyStatus: 'PrivacyStatus',
    Reason: 'StatusReason',
    StateType: 'StateMachineState',
    StatusName: 'IdentityStatus',
    Target: 'VerificationTarget',
  },
  recommendations: {
    AlgorithmType: 'AlgorithmType',
  },
}

/** Official values SPEC §3 leaves out, by the key of {@link OFFICIAL}. */
const LEFT_OUT: Record<string, string> = {
  CallbackType: 'UNKNOWN',
  ChannelType:
    'UNSPECIFIED PAYPAL_AGENTIC_CHECKOUT STRIPE_AGENTIC_CHECKOUT WIX_INVOICES_PLATFORM UCP_AGENTIC_CHECKOUT',
  DescriptionLineType: 'UNRECOGNISED',
  FileType: 'UNSPECIFIED SECURE_RAW',
  ItemTypePreset: 'UNRECOGNISED',
  JurisdictionType: 'UNDEFINED',
  LocationType: 'UNDEFINED',
  MeasurementUnit: 'UNSPECIFIED',
  MediaItemType: 'unspecified_media_item_type',
  OptionType: 'unspecified_option_type',
  PaymentOptionType: 'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
  ProductType: 'unspecified_product_type',
  Reason: 'PENDING_REQUIRED_FIELDS_MISSING',
  RuleType: 'EXACT_LENGTH EXACT_SIZE REQUIRED_ONE_OF_FIELD',
  StateType: 'REQUIRE_MFA MFA_CHALLENGE REQUIRE_FIRST_FACTOR',
  SubscriptionFrequency: 'UNDEFINED',
  V1Reason: 'PENDING_REQUIRED_FIELDS_MISSING',
  VatType: 'UNSPECIFIED',
  Version: 'STORES_NOT_INSTALLED',
  WebhookIdentityType: 'UNKNOWN',
  WeightUnit: 'UNSPECIFIED_WEIGHT_UNIT',
  'products.DiscountType': 'UNDEFINED',
}

/** Values SPEC §3 has that the official enumeration lacks. */
const ADDED: Record<string, string> = {
  Status: 'NO_ACTION',
  Target: 'UNKNOWN_TARGET',
}

const enumerations: Record<string, unknown> = {
  ...commerce,
  ...catalog,
  ...redirect,
  ...identity,
  ...recommendation,
}
const words = (list = '') => (list ? list.split(' ') : [])

const entry = (module: unknown) => module as Record<string, unknown>
const operations = (module: Record<string, unknown>) =>
  Object.entries(module).filter(([, value]) => typeof value === 'function')

describe.each(Object.keys(MODULES))('%s', (name) => {
  const module = entry(wix[name as keyof typeof wix])
  const lean = entry(main[name as keyof typeof main])
  const carried = MODULES[name]!

  it("carries the official enumerations SPEC has, by the official names, and the main entry's operations", () => {
    expect(
      Object.entries(module)
        .filter(([, value]) => typeof value !== 'function')
        .map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(carried).sort())
    // The same functions, not copies: every operation of the main entry's module, and no other.
    expect(operations(module)).toEqual(operations(lean))
    expect(operations(lean).length).toBeGreaterThan(0)
    for (const [key, operation] of operations(lean)) expect(module[key]).toBe(operation)
  })

  it('is, on the main entry, operations only (its enumerations stay exported by their own names)', () => {
    expect(Object.keys(lean).filter((key) => typeof lean[key] !== 'function')).toEqual([])
    for (const ours of new Set(Object.values(carried)))
      expect(entry(main)[ours]).toBe(enumerations[ours])
  })

  it.each(Object.entries(carried))("%s is the package's %s", (official, ours) => {
    const enumeration = module[official] as Record<string, string>
    expect(enumeration).toBe(enumerations[ours])
    const key = `${name}.${official}` in OFFICIAL ? `${name}.${official}` : official
    const theirs = words(OFFICIAL[key])
    const values = Object.values(enumeration)
    expect(theirs.filter((value) => !values.includes(value))).toEqual(words(LEFT_OUT[key]))
    expect(values.filter((value) => !theirs.includes(value))).toEqual(words(ADDED[key]))
  })
})

import { describe, expect, it } from 'vitest'
import * as catalog from './catalog.js'
import * as commerce from './commerce.js'
// The package's front door: the enumerations are published through it.
import * as enums from '../index.js'
import * as identity from './identity.js'
import * as recommendation from './recommendation.js'
import * as redirect from './redirect.js'

const list = (values: string) => values.split(', ')

// The lists of SPEC §3 (and §4 / wire contract §5.3), copied verbatim, in the spec's order.
const expected: Record<string, Record<string, string[]>> = {
  commerce: {
    DescriptionLineType: list('PLAIN_TEXT, COLOR'),
    ItemAvailabilityStatus: list('AVAILABLE, NOT_FOUND, NOT_AVAILABLE, PARTIALLY_AVAILABLE'),
    ItemType: list('PHYSICAL, DIGITAL, GIFT_CARD, SERVICE'),
    SubscriptionFrequency: list('DAY, WEEK, MONTH, YEAR'),
    FileType: list('SECURE_PICTURE, SECURE_VIDEO, SECURE_DOCUMENT, SECURE_MUSIC, SECURE_ARCHIVE'),
    PaymentOptionType: list(
      'FULL_PAYMENT_ONLINE, FULL_PAYMENT_OFFLINE, MEMBERSHIP, DEPOSIT_ONLINE, MEMBERSHIP_OFFLINE',
    ),
    TaxableAddressType: list('BUSINESS, BILLING, SHIPPING'),
    WeightUnit: list('KG, LB'),
    VatType: list('CPF, CNPJ'),
    JurisdictionType: list('COUNTRY, STATE, COUNTY, CITY, SPECIAL'),
    RateType: list('NO_TAX_COLLECTED, MANUAL_RATE, AUTO_RATE, FALLBACK_RATE'),
    ManualCalculationReason: list('GLOBAL_SETTING_TO_MANUAL, REGION_SETTING_TO_MANUAL'),
    FallbackReason: list('AUTO_TAX_FAILED, AUTO_TAX_DEACTIVATED'),
    PickupMethod: list('STORE_PICKUP, PICKUP_POINT'),
    ChargeType: list('HANDLING_FEE, INSURANCE'),
    DiscountType: list('GLOBAL, SPECIFIC_ITEMS, SHIPPING'),
    RuleType: list(
      'VALIDATION, OTHER, MAX, MIN, MAX_LENGTH, MIN_LENGTH, MAX_SIZE, MIN_SIZE, FORMAT, DECIMAL_LTE, DECIMAL_GTE, DECIMAL_LT, DECIMAL_GT, DECIMAL_MAX_SCALE, INVALID_ENUM_VALUE, REQUIRED_FIELD, FIELD_NOT_ALLOWED, ONE_OF_ALIGNMENT',
    ),
    Severity: list('WARNING, ERROR'),
    ChannelType: list(
      'WEB, POS, EBAY, AMAZON, OTHER_PLATFORM, WIX_APP_STORE, WIX_INVOICES, BACKOFFICE_MERCHANT, WISH, CLASS_PASS, GLOBAL_E, FACEBOOK, ETSY, TIKTOK, FAIRE_COM',
    ),
    IdentityType: list('ANONYMOUS_VISITOR, MEMBER, WIX_USER, APP'),
  },
  catalog: {
    ProductType: list('physical, digital'),
    InventoryStatus: list('IN_STOCK, OUT_OF_STOCK, PARTIALLY_OUT_OF_STOCK'),
    MeasurementUnit: list(
      'ML, CL, L, CBM, MG, G, KG, MM, CM, M, SQM, OZ, LB, FLOZ, PT, QT, GAL, IN, FT, YD, SQFT',
    ),
    MediaType: list('image, video, audio, document, zip'),
    OptionType: list('drop_down, color'),
    ProductDiscountType: list('NONE, AMOUNT, PERCENT'),
    CatalogVersion: list('V1_CATALOG, V3_CATALOG'),
    SortOrder: list('ASC, DESC'),
  },
  redirect: {
    LocationType: list('OWNER_BUSINESS, OWNER_CUSTOM, CUSTOM'),
    Prompt: list('login, none, consent, select_account'),
    MembersAccountSection: list('ACCOUNT_INFO, BOOKINGS, ORDERS, SUBSCRIPTIONS, EVENTS'),
    CallbackType: list('LOGOUT, CHECKOUT, AUTHORIZE'),
    Status: list('SUCCESS, ERROR, NO_ACTION'),
    RedirectStatus: list('UNKNOWN, SUCCESS, ERROR, NO_ACTION'),
  },
  // docs/wire-recommendations.md R.3.
  recommendation: { AlgorithmType: list('UNSPECIFIED, RELATED_ITEMS, GLOBAL') },
  identity: {
    IdentityStatus: list('UNKNOWN_STATUS, PENDING, ACTIVE, DELETED, BLOCKED, OFFLINE'),
    StatusReason: list(
      'UNKNOWN_REASON, PENDING_ADMIN_APPROVAL_REQUIRED, PENDING_EMAIL_VERIFICATION_REQUIRED',
    ),
    TenantType: list('UNKNOWN_TENANT_TYPE, ACCOUNT, SITE, ROOT'),
    PrivacyStatus: list('UNDEFINED, PUBLIC, PRIVATE'),
    EmailTag: list('UNTAGGED, MAIN, HOME, WORK'),
    PhoneTag: list('UNTAGGED, MAIN, HOME, MOBILE, WORK, FAX'),
    AddressTag: list('UNTAGGED, HOME, WORK, BILLING, SHIPPING'),
    TokenRole: list('none, visitor, member'),
    VerificationTarget: list('UNKNOWN_TARGET, EMAIL'),
    LoginState: list(
      'INITIAL, SUCCESS, FAILURE, EMAIL_VERIFICATION_REQUIRED, OWNER_APPROVAL_REQUIRED, USER_CAPTCHA_REQUIRED, SILENT_CAPTCHA_REQUIRED',
    ),
    StateMachineState: list(
      'UNKNOWN_STATE, SUCCESS, REQUIRE_OWNER_APPROVAL, REQUIRE_EMAIL_VERIFICATION, STATUS_CHECK, REQUIRE_MISSING_FIELDS',
    ),
  },
}

const files: Record<string, Record<string, unknown>> = {
  commerce,
  catalog,
  redirect,
  recommendation,
  identity,
}

describe.each(Object.keys(expected))('%s enums', (file) => {
  const actual = files[file]!
  const enumsOf = (exports: Record<string, unknown>) =>
    Object.keys(exports).filter((name) => typeof exports[name] === 'object')

  it('exports exactly the listed enumerations', () => {
    expect(enumsOf(actual).sort()).toEqual(Object.keys(expected[file]!).sort())
  })

  it.each(Object.entries(expected[file]!))('%s has the spec values, in order', (name, values) => {
    const constant = actual[name] as Record<string, string>
    expect(Object.values(constant)).toEqual(values)
    expect(Object.keys(constant)).toEqual(values)
  })
})

describe('the enumerations of the package', () => {
  it('exports every enumeration of every file, with no name lost to a collision', () => {
    const all = Object.values(files).flatMap((exports) => Object.keys(exports))
    expect(new Set(all).size).toBe(all.length)
    expect(Object.keys(enums)).toEqual(expect.arrayContaining(all))
  })

  it('has the Wix Stores app id', () => {
    expect(enums.STORES_APP_ID).toBe('215238eb-22a5-4c36-9e7b-e7c08025e04e')
  })

  it('gives each constant a same-named union type', () => {
    const itemType: enums.ItemType = enums.ItemType.GIFT_CARD
    const state: enums.StateMachineState = 'REQUIRE_EMAIL_VERIFICATION'
    // @ts-expect-error: not a value of the union
    const wrong: enums.Prompt = 'LOGIN'
    expect([itemType, state, wrong]).toEqual(['GIFT_CARD', 'REQUIRE_EMAIL_VERIFICATION', 'LOGIN'])
  })
})

/**
 * The shop server's settings: read from its environment once, when the server starts, and checked
 * then — a missing or malformed setting stops the start with a message naming it. Nothing is
 * inlined in the build: one build runs against any platform. The browser gets the public part
 * ({@link publicConfig}) from the root loader. `npm start` sets the required ones for the platform
 * it starts (scripts/stack.mjs); nothing here copies the platform's defaults.
 *
 * Each setting, its default and its meaning: the root README's settings table (its shop rows are
 * checked against what this reads by config.server.test.ts).
 */
import { randomBytes } from 'node:crypto'

/** What the browser is told: where the platform is, the shop's client id and its own URL. */
export interface PublicConfig {
  platformUrl: string
  clientId: string
  shopUrl: string
}

/** The shop server's elevated key, which reads orders for the pages of their buyers. */
export interface StoreKey {
  apiKey: string
  /** Sent as `wix-site-id`: the site the key acts on at the real provider. */
  siteId?: string
}

export interface ShopConfig extends PublicConfig {
  /** Whether the shop is served over HTTPS: its cookies are then `Secure`. */
  secureCookies: boolean
  storeKey?: StoreKey
  /** The console session's sealing secrets, newest first: the first seals, any opens. */
  sessionSecrets: string[]
  /** The longest, in seconds, a catalog change takes to show on a page. */
  cacheSeconds: number
}

type Env = Record<string, string | undefined>

/** A setting that cannot be used, named. */
export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`${setting} ${problem}`)
    this.name = 'ConfigError'
  }
}

const MIN_SECRET = 32
const MAX_CACHE_SECONDS = 86_400

/** The value of `setting`; a clear error when it is missing. */
function required(env: Env, setting: string, what: string): string {
  const value = env[setting]?.trim()
  if (!value) throw new ConfigError(setting, `is required: ${what}`)
  return value
}

function origin(env: Env, setting: string, what: string): string {
  const value = required(env, setting, what)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(setting, `must be an http(s) URL, not "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(setting, `must be an http(s) URL, not "${value}"`)
  return url.origin
}

function sessionSecrets(env: Env): string[] {
  const listed = (env.STOREFRONT_SESSION_SECRETS ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
  if (listed.some((secret) => secret.length < MIN_SECRET))
    throw new ConfigError(
      'STOREFRONT_SESSION_SECRETS',
      `needs ${MIN_SECRET} characters or more per secret`,
    )
  if (listed.length) return listed
  if (env.NODE_ENV === 'production')
    throw new ConfigError(
      'STOREFRONT_SESSION_SECRETS',
      'is required in production: the same secret on every instance of the shop, so that the ' +
        'console stays signed in across them and across restarts',
    )
  // Development: this process's sessions only.
  return [randomBytes(32).toString('base64url')]
}

function cacheSeconds(env: Env): number {
  const value = env.STOREFRONT_CACHE_SECONDS?.trim()
  if (!value) return 60
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_CACHE_SECONDS)
    throw new ConfigError(
      'STOREFRONT_CACHE_SECONDS',
      `must be a whole number of seconds from 0 to ${MAX_CACHE_SECONDS}, not "${value}"`,
    )
  return seconds
}

/** The settings of `env`; throws a {@link ConfigError} naming the first one that cannot be used. */
export function readConfig(env: Env): ShopConfig {
  const shopUrl = origin(
    env,
    'STOREFRONT_URL',
    'the shop’s public URL, e.g. https://shop.example.com',
  )
  const apiKey = env.STOREFRONT_API_KEY?.trim()
  const siteId = env.STOREFRONT_SITE_ID?.trim()
  return {
    platformUrl: origin(
      env,
      'STOREFRONT_PLATFORM_URL',
      'the platform’s URL as browsers reach it, e.g. https://www.wixapis.com',
    ),
    clientId: required(env, 'STOREFRONT_CLIENT_ID', 'the shop’s OAuth client id at the platform'),
    shopUrl,
    secureCookies: shopUrl.startsWith('https:'),
    ...(apiKey && { storeKey: { apiKey, ...(siteId && { siteId }) } }),
    sessionSecrets: sessionSecrets(env),
    cacheSeconds: cacheSeconds(env),
  }
}

/** This server's settings, read when it starts. */
export const config: ShopConfig = readConfig(process.env)

/**
 * A quarter of `STOREFRONT_CACHE_SECONDS`: how long this server's sub-request cache and a shared
 * cache in front each keep a catalog answer fresh, and serve it stale as long again — so that a
 * catalog change shows within the whole.
 */
export const cacheQuarterSeconds = config.cacheSeconds / 4

/** The part of the settings the browser gets (from the root loader). */
export const publicConfig = (): PublicConfig => ({
  platformUrl: config.platformUrl,
  clientId: config.clientId,
  shopUrl: config.shopUrl,
})

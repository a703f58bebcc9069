import { isIP } from 'node:net'

/** What the demo seed puts in an empty database: the demo site, or nothing but the foundation. */
export type SeedMode = 'demo' | 'none'

/**
 * `development` adds what only a developer's machine may have: the dev mailbox (every code and
 * link the platform mails) and dev captcha tokens. `production` has neither, needs an admin key
 * of at least {@link MIN_PRODUCTION_ADMIN_KEY_LENGTH} characters and marks every cookie `Secure`.
 */
export type PlatformMode = 'development' | 'production'

/** The shortest admin key production mode accepts. */
export const MIN_PRODUCTION_ADMIN_KEY_LENGTH = 32

/** Every setting of the platform. `buildApp` takes them; the CLI reads them from the environment. */
export interface PlatformConfig {
  /** `PORT`: where the CLI listens. Default 4100. */
  port: number
  /** `HOST`: the interface the CLI listens on. Default 127.0.0.1. */
  host: string
  /**
   * `DATABASE_URL`: `postgres://…` (or `postgresql://…`) for PostgreSQL; `sqlite:<path>`, a plain
   * path or `sqlite::memory:` for SQLite. Default `.data/platform.db` (relative to the working
   * directory).
   */
  databaseUrl: string
  /** `VITRINE_CLIENT_ID`: the storefront's OAuth client id. Default `demo-storefront`. */
  clientId: string
  /**
   * `VITRINE_ADMIN_KEY`: the admin API key. When unset, one is generated on first start and kept in
   * the database, so restarts keep it.
   */
  adminKey?: string
  /** `VITRINE_ALLOWED_ORIGINS` (comma list): CORS and redirect allow-list of the storefront client. */
  allowedOrigins: string[]
  /** `VITRINE_SEED`: `demo` (default) or `none`. */
  seed: SeedMode
  /**
   * `VITRINE_MODE`: `production` (the default, and always with `NODE_ENV=production`) or
   * `development` (what `npm start` and the tests turn on). See {@link PlatformMode}.
   */
  mode: PlatformMode
  /** `VITRINE_ACCESS_TOKEN_TTL`: access token lifetime in seconds (`expires_in`). Default 4 h. */
  accessTokenTtlSeconds: number
  /**
   * `VITRINE_REFRESH_TOKEN_TTL`: refresh token lifetime in seconds, from its issue (refresh tokens
   * are not rotated). Default 30 days; past it, a refresh grant is a 400 `INVALID_GRANT`.
   */
  refreshTokenTtlSeconds: number
  /** `VITRINE_VISITORS_PER_MINUTE`: new visitors (anonymous grants) per address per minute. */
  visitorsPerMinute: number
  /**
   * `VITRINE_TRUSTED_PROXIES` (comma list of IP addresses and CIDR ranges, or `none`): the peers
   * whose `X-Forwarded-For` names the client — the shop's servers, a reverse proxy, a load
   * balancer. Every per-address limit counts that client; a forwarded header from any other peer
   * is ignored. Default: none in production; the loopback address (`127.0.0.1, ::1`) in
   * development, where the shop's server runs on the same machine.
   */
  trustedProxies: string[]
  /**
   * `VITRINE_EVENT_RETENTION_DAYS`: events (with their webhook deliveries) older than this are
   * swept, unless a delivery is still being retried. Default 30.
   */
  eventRetentionDays: number
  /**
   * `VITRINE_PUBLIC_URL`: the platform's address as browsers reach it, without a trailing slash.
   * Every absolute URL the platform answers (redirect sessions, media, e-mail links) is built
   * from it when answering, never from a request's `Host`. Default `http://127.0.0.1:<PORT>`;
   * `buildApp` without it: the address it listens on.
   */
  publicUrl: string
  /**
   * Background work: the webhook delivery worker and the retention sweep (old events, expired
   * secrets). On by default; a test that drives them by hand (or wants none) turns it off.
   */
  workers: boolean
  /** Fastify's request log (one line per request). The CLI turns it on; `buildApp` defaults off. */
  logger: boolean
}

/**
 * The environment variable of each setting the CLI reads (`NODE_ENV` aside, which only forbids
 * development mode). The root README's settings table lists exactly these, with the
 * defaults {@link loadConfig} gives them: `scripts/check-readme.mjs` fails CI when they differ.
 */
export const SETTINGS = {
  PORT: 'port',
  HOST: 'host',
  DATABASE_URL: 'databaseUrl',
  VITRINE_CLIENT_ID: 'clientId',
  VITRINE_ADMIN_KEY: 'adminKey',
  VITRINE_ALLOWED_ORIGINS: 'allowedOrigins',
  VITRINE_SEED: 'seed',
  VITRINE_MODE: 'mode',
  VITRINE_ACCESS_TOKEN_TTL: 'accessTokenTtlSeconds',
  VITRINE_REFRESH_TOKEN_TTL: 'refreshTokenTtlSeconds',
  VITRINE_VISITORS_PER_MINUTE: 'visitorsPerMinute',
  VITRINE_TRUSTED_PROXIES: 'trustedProxies',
  VITRINE_EVENT_RETENTION_DAYS: 'eventRetentionDays',
  VITRINE_PUBLIC_URL: 'publicUrl',
} as const satisfies Record<string, keyof PlatformConfig>

/** The storefront's dev (5173) and preview (4173) origins. */
export const DEFAULT_ALLOWED_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
]

/** The proxies trusted in development mode: the shop's server on this machine. */
export const DEVELOPMENT_TRUSTED_PROXIES = ['127.0.0.1', '::1']

/** The trusted proxies of `mode` when none are set: the loopback address in development only. */
export const defaultTrustedProxies = (mode: PlatformMode): string[] =>
  mode === 'development' ? DEVELOPMENT_TRUSTED_PROXIES : []

/** The defaults of every setting (of production mode). */
export const DEFAULT_CONFIG: PlatformConfig = {
  port: 4100,
  host: '127.0.0.1',
  databaseUrl: '.data/platform.db',
  clientId: 'demo-storefront',
  allowedOrigins: DEFAULT_ALLOWED_ORIGINS,
  seed: 'demo',
  mode: 'production',
  accessTokenTtlSeconds: 4 * 60 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  visitorsPerMinute: 120,
  trustedProxies: [],
  eventRetentionDays: 30,
  publicUrl: 'http://127.0.0.1:4100',
  workers: true,
  logger: false,
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean)

const integer = (name: string, value: string, min: number, max: number) => {
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`)
  return number
}

const publicUrl = (value: string) => {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(`VITRINE_PUBLIC_URL must be an http(s) URL, got "${value}"`)
  return url.href.replace(/\/+$/, '')
}

/** An IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (value: string) => {
  const [address = '', prefix, ...rest] = value.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

/** `VITRINE_TRUSTED_PROXIES`: addresses and ranges, or `none`. */
const trustedProxies = (value: string) => {
  if (value === 'none') return []
  const entries = list(value)
  const wrong = entries.find((entry) => !isAddressOrRange(entry))
  if (wrong !== undefined || !entries.length)
    throw new Error(
      'VITRINE_TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8), or be ' +
        `"none", got "${wrong ?? value}"`,
    )
  return entries
}

/** `VITRINE_MODE`, where `NODE_ENV=production` can only mean production. */
const mode = (value: string | undefined, nodeEnv: string | undefined): PlatformMode => {
  if (value !== undefined && value !== 'development' && value !== 'production')
    throw new Error(`VITRINE_MODE must be "development" or "production", got "${value}"`)
  if (value === 'development' && nodeEnv === 'production')
    throw new Error('VITRINE_MODE=development contradicts NODE_ENV=production')
  return value ?? DEFAULT_CONFIG.mode
}

/**
 * Reads the settings from environment variables (see {@link PlatformConfig} for each name), with
 * the defaults of {@link DEFAULT_CONFIG}. Throws on a value that cannot be right, naming it.
 *
 * @example
 * const config = loadConfig(process.env)
 */
export function loadConfig(env: Record<string, string | undefined>): PlatformConfig {
  const read = (name: keyof typeof SETTINGS | 'NODE_ENV') => env[name]?.trim() || undefined
  const seed = read('VITRINE_SEED') ?? DEFAULT_CONFIG.seed
  if (seed !== 'demo' && seed !== 'none')
    throw new Error(`VITRINE_SEED must be "demo" or "none", got "${seed}"`)
  /** Setting `name`, a whole number from `min` (1) to `max`; its default when unset. */
  const count = (name: keyof typeof SETTINGS, max: number, min = 1) => {
    const value = read(name)
    return value === undefined
      ? (DEFAULT_CONFIG[SETTINGS[name]] as number)
      : integer(name, value, min, max)
  }
  const origins = read('VITRINE_ALLOWED_ORIGINS')
  const proxies = read('VITRINE_TRUSTED_PROXIES')
  const platformMode = mode(read('VITRINE_MODE'), read('NODE_ENV'))
  const portNumber = count('PORT', 65535, 0)
  return {
    port: portNumber,
    host: read('HOST') ?? DEFAULT_CONFIG.host,
    databaseUrl: read('DATABASE_URL') ?? DEFAULT_CONFIG.databaseUrl,
    clientId: read('VITRINE_CLIENT_ID') ?? DEFAULT_CONFIG.clientId,
    adminKey: read('VITRINE_ADMIN_KEY'),
    allowedOrigins: origins === undefined ? DEFAULT_CONFIG.allowedOrigins : list(origins),
    seed,
    mode: platformMode,
    accessTokenTtlSeconds: count('VITRINE_ACCESS_TOKEN_TTL', 366 * 24 * 3600),
    refreshTokenTtlSeconds: count('VITRINE_REFRESH_TOKEN_TTL', 10 * 366 * 24 * 3600),
    visitorsPerMinute: count('VITRINE_VISITORS_PER_MINUTE', 1_000_000),
    trustedProxies:
      proxies === undefined ? defaultTrustedProxies(platformMode) : trustedProxies(proxies),
    eventRetentionDays: count('VITRINE_EVENT_RETENTION_DAYS', 3650),
    publicUrl: publicUrl(read('VITRINE_PUBLIC_URL') ?? `http://127.0.0.1:${portNumber}`),
    workers: true,
    logger: true,
  }
}

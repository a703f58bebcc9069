import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 4100,
      host: '127.0.0.1',
      databaseUrl: '.data/platform.db',
      clientId: 'demo-storefront',
      adminKey: undefined,
      allowedOrigins: DEFAULT_ALLOWED_ORIGINS,
      seed: 'demo',
      mode: 'production',
      accessTokenTtlSeconds: 14400,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      visitorsPerMinute: 120,
      trustedProxies: [],
      eventRetentionDays: 30,
      publicUrl: 'http://127.0.0.1:4100',
      workers: true,
      logger: true,
    })
    expect(DEFAULT_ALLOWED_ORIGINS).toContain('http://localhost:5173')
  })

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://u:p@db/shop',
        VITRINE_CLIENT_ID: 'shop',
        VITRINE_ADMIN_KEY: 'key',
        VITRINE_ALLOWED_ORIGINS: ' https://shop.test/ , http://localhost:3000,',
        VITRINE_SEED: 'none',
        VITRINE_MODE: 'development',
        VITRINE_ACCESS_TOKEN_TTL: '60',
        VITRINE_REFRESH_TOKEN_TTL: '3600',
        VITRINE_VISITORS_PER_MINUTE: '5',
        VITRINE_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.7,fd00::/8',
        VITRINE_EVENT_RETENTION_DAYS: '7',
        VITRINE_PUBLIC_URL: 'https://shop.test/platform/',
      }),
    ).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db/shop',
      clientId: 'shop',
      adminKey: 'key',
      allowedOrigins: ['https://shop.test', 'http://localhost:3000'],
      seed: 'none',
      mode: 'development',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      visitorsPerMinute: 5,
      trustedProxies: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
      eventRetentionDays: 7,
      publicUrl: 'https://shop.test/platform',
    })
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080')
  })

  it('is in production mode unless told otherwise, and always with NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mode).toBe('production')
    expect(loadConfig({ VITRINE_MODE: 'production' }).mode).toBe('production')
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('production')
    expect(() => loadConfig({ VITRINE_MODE: 'development', NODE_ENV: 'production' })).toThrow(
      'VITRINE_MODE=development contradicts NODE_ENV=production',
    )
    expect(() => loadConfig({ VITRINE_MODE: 'dev' })).toThrow('VITRINE_MODE')
  })

  it('trusts no proxy in production and the loopback address in development, unless told', () => {
    expect(loadConfig({}).trustedProxies).toEqual([])
    expect(loadConfig({ VITRINE_MODE: 'development' }).trustedProxies).toEqual(['127.0.0.1', '::1'])
    expect(
      loadConfig({ VITRINE_MODE: 'development', VITRINE_TRUSTED_PROXIES: 'none' }).trustedProxies,
    ).toEqual([])
    for (const wrong of [
      '10.0.0.0/33',
      'proxy.internal',
      '10.0.0.1/8/8',
      '::1/129',
      ',',
      'fe80::/x',
    ])
      expect(() => loadConfig({ VITRINE_TRUSTED_PROXIES: wrong })).toThrow(
        'VITRINE_TRUSTED_PROXIES must list IP addresses or CIDR ranges',
      )
  })

  it('refuses values that cannot be right, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow('PORT must be an integer')
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT')
    expect(() => loadConfig({ VITRINE_SEED: 'full' })).toThrow('VITRINE_SEED')
    expect(() => loadConfig({ VITRINE_ACCESS_TOKEN_TTL: '0' })).toThrow('VITRINE_ACCESS_TOKEN_TTL')
    expect(() => loadConfig({ VITRINE_REFRESH_TOKEN_TTL: '1h' })).toThrow(
      'VITRINE_REFRESH_TOKEN_TTL',
    )
    expect(() => loadConfig({ VITRINE_VISITORS_PER_MINUTE: '0' })).toThrow(
      'VITRINE_VISITORS_PER_MINUTE',
    )
    expect(() => loadConfig({ VITRINE_EVENT_RETENTION_DAYS: '0' })).toThrow(
      'VITRINE_EVENT_RETENTION_DAYS',
    )
    expect(() => loadConfig({ VITRINE_PUBLIC_URL: 'shop.test' })).toThrow('VITRINE_PUBLIC_URL')
    expect(() => loadConfig({ VITRINE_PUBLIC_URL: 'ftp://shop.test' })).toThrow(
      'VITRINE_PUBLIC_URL',
    )
  })
})

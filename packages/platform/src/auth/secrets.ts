import { hash, randomBytes } from 'node:crypto'

/** A new random secret (token, key): 32 bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url')

/**
 * The SHA-256 (hex) under which a token or key is stored and looked up. Fine for 256-bit random
 * secrets; passwords use scrypt instead.
 */
export const sha256 = (value: string): string => hash('sha256', value, 'hex')

/** The 66 characters a PKCE verifier may hold (RFC 7636 "unreserved"). */
export const VERIFIER_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

/**
 * A random PKCE code verifier of `length` (43 to 128, default 43) characters, drawn without bias
 * from `crypto.getRandomValues`.
 *
 * @throws RangeError when `length` is not an integer from 43 to 128.
 */
export function generateVerifier(length = 43): string {
  if (!Number.isInteger(length) || length < 43 || length > 128)
    throw new RangeError(`The PKCE verifier must be 43 to 128 characters long, not ${length}`)
  let verifier = ''
  while (verifier.length < length)
    for (const byte of crypto.getRandomValues(new Uint8Array(length)))
      // 198 = 3 × 66: bytes above it would favour the first 58 characters.
      if (byte < 198 && verifier.length < length) verifier += VERIFIER_ALPHABET.charAt(byte % 66)
  return verifier
}

/** The S256 PKCE challenge of `verifier`: base64url (no padding) of its SHA-256 (WebCrypto). */
export async function generateChallenge(verifier: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return btoa(String.fromCharCode(...new Uint8Array(hash)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
}

/** An OAuth `state`: derived from a random 43-character string (its S256 challenge). */
export const generateState = (): Promise<string> => generateChallenge(generateVerifier())

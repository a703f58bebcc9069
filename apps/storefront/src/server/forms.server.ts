import { isApiError } from '@vitrine/client'
import { describeError } from '@vitrine/react'
import { data } from 'react-router'

/** The largest form the shop's pages post (a few fields): anything bigger is refused. */
const FORM_LIMIT = 8 * 1024

/** `request`'s body, read up to `limit` bytes: a 413 past it. */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => data('This request is too large.', { status: 413 })
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge()
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const next = await reader?.read()
    if (!next || next.done) break
    size += next.value.byteLength
    if (size > limit) {
      await reader?.cancel()
      throw tooLarge()
    }
    chunks.push(next.value)
  }
  return Buffer.concat(chunks)
}

/**
 * The fields of a form posted to the shop (URL-encoded, as browsers send forms without files),
 * up to {@link FORM_LIMIT} bytes: a 413 past it, a 415 for another encoding.
 */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded'))
    throw data('Send the form URL-encoded.', { status: 415 })
  return new URLSearchParams((await readBody(request, FORM_LIMIT)).toString('utf8'))
}

/**
 * Why the platform did not make a form's change, for the page to say: its refusal (a 4xx, its
 * status), or its failure (a 5xx, or no answer: 503, try again), in words. Anything else is not
 * the platform's answer: rethrown.
 */
export function refusalOf(error: unknown): { status: number; error: string } {
  if (!isApiError(error)) throw error
  const refused = error.status >= 400 && error.status < 500
  return { status: refused ? error.status : 503, error: describeError(error) }
}

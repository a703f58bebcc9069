/** A redirect session as the wire carries it (wire-contract §2, §8). */
export interface WireRedirectSession {
  id: string
  fullUrl: string
  urlDetails: { endpoint: string; searchParams: Record<string, string> }
  /** The `auth` request's session token (direct login), when it had one. */
  sessionToken?: string
  /** No short-link service here: the full URL again. */
  shortUrl: string
}

/** `{redirectSession}` for a session `id` leading to `endpoint` with `searchParams`. */
export function wireRedirectSession(
  id: string,
  endpoint: string,
  searchParams: Record<string, string>,
  sessionToken?: string,
): { redirectSession: WireRedirectSession } {
  const query = new URLSearchParams(searchParams).toString()
  const fullUrl = query ? `${endpoint}?${query}` : endpoint
  return {
    redirectSession: {
      id,
      fullUrl,
      urlDetails: { endpoint, searchParams },
      ...(sessionToken && { sessionToken }),
      shortUrl: fullUrl,
    },
  }
}

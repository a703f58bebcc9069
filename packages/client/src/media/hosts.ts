import { PROVIDER_URL, type Http } from '../http/pipeline.js'
import type { MediaHosts } from './references.js'

/*
 * The media helpers' one rule per helper, with the host a parameter: the provider's hosts when a
 * helper is called as it is, a client's when the client binds it (`client.use(media)`).
 */

/** The provider's media hosts, as `@wix/sdk`'s helpers use them (wire-contract §7.3). */
const PROVIDER_HOSTS: MediaHosts = {
  image: 'https://static.wixstatic.com/media/',
  shape: 'https://static.wixstatic.com/shapes/',
  video: 'https://video.wixstatic.com/video/',
  audio: 'https://static.wixstatic.com/mp3/',
  document: 'https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/',
}

/** The media hosts of an API host: the provider's for the provider, else `<baseUrl>/media/`. */
function hostsOf(baseUrl: string): MediaHosts {
  if (baseUrl === PROVIDER_URL) return PROVIDER_HOSTS
  const served = `${baseUrl}/media/`
  return { image: served, shape: served, video: served, audio: served, document: served }
}

/**
 * One of the `media` helpers. Called with its arguments it answers on the provider's media
 * hosts, as the official helper does. Bound to a client — `client.use(media)`, which calls it with
 * the client's pipeline — it is the same helper on that client's host: the provider's for the
 * provider's API, the local platform's `/media/…` for a client whose `baseUrl` is the platform.
 *
 * @example
 * media.getImageUrl(line.image).url // https://static.wixstatic.com/media/<id>
 * const onPlatform = createClient({ baseUrl: 'http://127.0.0.1:4100' }).use(media)
 * onPlatform.getImageUrl(line.image).url // http://127.0.0.1:4100/media/<id>
 */
export interface MediaHelper<A extends unknown[], R> {
  (...args: A): R
  (http: Http): (...args: A) => R
}

const isHttp = (value: unknown): value is Http =>
  typeof value === 'object' && value !== null && typeof (value as Http).call === 'function'

/** A helper of `rule`: on the provider's hosts, or on a pipeline's when called with one. */
export function helper<A extends unknown[], R>(
  rule: (hosts: MediaHosts, ...args: A) => R,
): MediaHelper<A, R> {
  return ((...args: unknown[]) => {
    const [first] = args
    if (!isHttp(first)) return rule(PROVIDER_HOSTS, ...(args as A))
    const hosts = hostsOf(first.baseUrl)
    return (...bound: A) => rule(hosts, ...bound)
  }) as MediaHelper<A, R>
}

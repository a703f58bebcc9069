/** Where the shop finds the platform, from the build's environment (`VITE_…`, read by Vite). */
export const config = {
  /** `VITE_VITRINE_BASE_URL`: the platform's URL. Default: the local platform. */
  baseUrl: import.meta.env.VITE_VITRINE_BASE_URL || 'http://127.0.0.1:4100',
  /** `VITE_VITRINE_CLIENT_ID`: the shop's OAuth client id. */
  clientId: import.meta.env.VITE_VITRINE_CLIENT_ID || 'demo-storefront',
}

import { redirects } from '@vitrine/client'

/** The hosted pages' redirect sessions: loaded by `VitrineClient.redirects()` on first use. */
export const redirectModules = { redirects }

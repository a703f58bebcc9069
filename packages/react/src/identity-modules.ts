import { authentication, recovery, verification } from '@vitrine/client/identity'

/** The member identity modules: loaded by `VitrineClient.identity()` on first use. */
export const identityModules = { authentication, recovery, verification }

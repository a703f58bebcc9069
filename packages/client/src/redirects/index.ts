export { redirects, createRedirectSession } from './redirect-sessions.js'
export type * from './types.js'

export * from './redirect-sessions.js'
export type * from './types.js'

export * from './commerce.js'
export * from './catalog.js'
export * from './redirect.js'
export * from './identity.js'

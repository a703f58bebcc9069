export { orders } from './orders.js'
export { orderFulfillments } from './order-fulfillments.js'
export type * from './types.js'

/** Loads the cart drawer's code (a chunk of its own: the first page does not need it). */
export const loadCartDrawer = () => import('./cart-drawer')

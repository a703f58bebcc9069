import { redirect } from 'react-router'
import type { Route } from './+types/product-page-redirect'

/** `/product-page/:slug`, where the platform's product links point: moved for good to the shop's. */
export const loader = ({ params }: Route.LoaderArgs) =>
  redirect(`/products/${encodeURIComponent(params.slug)}`, 301)

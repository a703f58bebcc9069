import { redirect, type LoaderFunctionArgs } from 'react-router'

/** `/product-page/:slug`, where the platform's product links point: moved for good to the shop's. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/products/${encodeURIComponent(params.slug ?? '')}`, 301)

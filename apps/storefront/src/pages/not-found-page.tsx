import { PageError } from '../layout/page-error'
import { metaOf } from '../lib/head'
import { notFound } from '../lib/page-data'
import type { Route } from './+types/not-found-page'

/** Any path the shop does not know: a 404, on the server and in the browser alike. */
export const loader = () => notFound('page')
export const clientLoader = () => notFound('page')

export const meta: Route.MetaFunction = ({ matches, error }) =>
  metaOf({ matches, error }, undefined)
export const ErrorBoundary = PageError

/** Never shown: the loaders always end in the error boundary's "not found". */
export default function NotFoundPage() {
  return null
}

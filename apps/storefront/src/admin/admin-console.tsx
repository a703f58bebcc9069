import { MerchantProvider, vitrineKeys, type MerchantClient } from '@vitrine/react'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { AdminLayout } from './layout'
import { NotFound } from './not-found'
import { OrderPage } from './order-page'
import { OrdersPage } from './orders-page'
import { CollectionEditPage } from './collection-edit-page'
import { CollectionsPage } from './collections-page'
import { ProductEditPage } from './product-edit-page'
import { ProductNewPage } from './product-new-page'
import { ProductsPage } from './products-page'
import { AdminSessionContext, type AdminSession } from './session'
import { endSession, SignIn } from './sign-in'
import { ToastProvider } from './toasts'
import './styles/index.css'

/**
 * The merchant console under `/admin/*`: the sign-in screen until the console has a session, then
 * the orders and catalog pages with the merchant client `clientFor` makes of the session's
 * `token`.
 */
export function AdminConsole({
  token: initialToken,
  clientFor,
}: {
  /** The session's token, when the console is signed in already. */
  token: string | null
  clientFor: (token: string) => MerchantClient
}) {
  const [token, setToken] = useState(initialToken)
  const [notice, setNotice] = useState<string>()
  const queryClient = useQueryClient()
  const client = useMemo(() => (token ? clientFor(token) : null), [token, clientFor])

  const signOut = useCallback<AdminSession['signOut']>(
    (reason) => {
      if (token) void endSession(token)
      // What this key could read (hidden products, costs, buyers) must not outlive the session.
      queryClient.removeQueries({ queryKey: [...vitrineKeys.catalog(), 'merchant'] })
      queryClient.removeQueries({ queryKey: vitrineKeys.merchantOrders() })
      setNotice(reason)
      setToken(null)
    },
    [queryClient, token],
  )
  const session = useMemo(() => ({ signOut }), [signOut])

  if (!client)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(next) => {
          setNotice(undefined)
          setToken(next)
        }}
      />
    )
  return (
    <MerchantProvider client={client}>
      <AdminSessionContext.Provider value={session}>
        <ToastProvider>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route index element={<Navigate to="products" replace />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="orders/:id" element={<OrderPage />} />
              <Route path="products" element={<ProductsPage />} />
              <Route path="products/new" element={<ProductNewPage />} />
              <Route path="products/:id" element={<ProductEditPage />} />
              <Route path="collections" element={<CollectionsPage />} />
              <Route path="collections/:id" element={<CollectionEditPage />} />
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </ToastProvider>
      </AdminSessionContext.Provider>
    </MerchantProvider>
  )
}

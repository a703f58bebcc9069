import { createMerchantClient, MerchantProvider, vitrineKeys } from '@vitrine/react'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { clearAdminKey, readAdminKey, saveAdminKey } from './admin-key'
import { AdminLayout } from './layout'
import { NotFound } from './not-found'
import { CollectionEditPage } from './collection-edit-page'
import { CollectionsPage } from './collections-page'
import { ProductEditPage } from './product-edit-page'
import { ProductNewPage } from './product-new-page'
import { ProductsPage } from './products-page'
import { AdminSessionContext, type AdminSession } from './session'
import { SignIn } from './sign-in'
import { ToastProvider } from './toasts'
import './admin.css'

/**
 * The merchant console under `/admin/*`: the sign-in screen until the admin key is known, then
 * the catalog pages with a merchant client made from that key. `baseUrl` is the platform's.
 */
export function AdminConsole({ baseUrl }: { baseUrl?: string }) {
  const [apiKey, setApiKey] = useState(readAdminKey)
  const [notice, setNotice] = useState<string>()
  const queryClient = useQueryClient()
  const client = useMemo(
    () => (apiKey ? createMerchantClient({ apiKey, ...(baseUrl ? { baseUrl } : {}) }) : null),
    [apiKey, baseUrl],
  )

  const signOut = useCallback<AdminSession['signOut']>(
    (reason) => {
      clearAdminKey()
      // What this key could read (hidden products, costs) must not outlive the session.
      queryClient.removeQueries({ queryKey: [...vitrineKeys.catalog(), 'merchant'] })
      setNotice(reason)
      setApiKey(null)
    },
    [queryClient],
  )
  const session = useMemo(() => ({ signOut }), [signOut])

  if (!client)
    return (
      <SignIn
        baseUrl={baseUrl}
        notice={notice}
        onSignedIn={(key) => {
          saveAdminKey(key)
          setNotice(undefined)
          setApiKey(key)
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

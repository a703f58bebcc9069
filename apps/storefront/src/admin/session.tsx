import { createContext, useContext } from 'react'

/** What the signed-in console knows of its session. */
export interface AdminSession {
  /** Forgets the admin key and goes back to the sign-in screen (with a reason, if any). */
  signOut: (reason?: string) => void
}

export const AdminSessionContext = createContext<AdminSession | null>(null)

/** The console's session (inside the signed-in console). */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext)
  if (!session) throw new Error('useAdminSession needs the signed-in admin console around it')
  return session
}

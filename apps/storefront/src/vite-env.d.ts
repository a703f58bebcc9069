/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_VITRINE_BASE_URL?: string
  readonly VITE_VITRINE_CLIENT_ID?: string
}

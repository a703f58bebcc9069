import { VitrineProvider } from '@vitrine/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppRoutes, preloadLikelyPages } from './routes'
import './styles/index.css'
import { vitrine } from './vitrine'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <VitrineProvider client={vitrine}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </VitrineProvider>
  </StrictMode>,
)

preloadLikelyPages()

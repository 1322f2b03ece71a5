import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../index.css'
import { App } from './app'
import { applyTheme, initialTheme, storedTheme } from './theme'

applyTheme(
  initialTheme(
    window.location,
    storedTheme(),
    window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  ),
)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

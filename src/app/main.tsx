import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { appPath } from '../api/core/base-path'
import '../index.css'
import { messages, pageLanguage, speak } from '../components/i18n'
import { SHELL_PIECE } from '../components/message-pieces'
import { App, isKioskPath } from './app'
import { applyTheme, initialTheme, storedTheme } from './theme'

applyTheme(
  initialTheme(
    { pathname: appPath(window.location.pathname), search: window.location.search },
    storedTheme(),
    window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  ),
)

// the page speaks its language from the first paint: the shell's messages arrive before it renders (each
// page's own with its code, src/components/with-messages.ts). Then the first render, in a transition: React
// renders it in slices and lets the browser paint and take input between them, instead of one long task
// (on a phone, 4× slower than a desk PC, that task was 400 ms: the page could neither scroll nor answer a
// tap)
const root = createRoot(document.getElementById('root')!)
void speak(pageLanguage(window.location, isKioskPath(appPath(window.location.pathname))))
  .then(() => messages.need([SHELL_PIECE]))
  .then(() =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      )
    }),
  )

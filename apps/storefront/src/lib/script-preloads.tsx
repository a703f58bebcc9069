import { createContext, useContext } from 'react'

/**
 * The page's scripts (`entry.server.tsx`'s `scriptHrefs`), given by the server entry to the
 * document it renders; none in the browser, where they have loaded.
 */
export const ScriptPreloads = createContext<string[]>([])

/**
 * The page's scripts preloaded at low priority, ahead of React Router's own preloads (`<Scripts>`
 * gives them no priority): the browser fetches each module once (its module map), so the styles
 * and the page's main picture load first on a slow connection and the scripts after them.
 */
export function LowPriorityScripts() {
  return useContext(ScriptPreloads).map((href) => (
    <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
  ))
}

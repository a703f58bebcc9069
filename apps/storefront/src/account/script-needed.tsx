import { data, useActionData } from 'react-router'
import { Notice } from '../components/notice'

/**
 * The action of the sign-in pages. Their forms run in the page's script (the platform's sign-in
 * flows need it) and post only when it did not run: the page then says so. (They post, so that a
 * password never lands in a URL.)
 */
export const scriptNeeded = () => data({ scriptNeeded: true }, { status: 400 })

/** The notice of a sign-in form posted without the page's script. */
export function ScriptNeededNotice() {
  const posted = useActionData<typeof scriptNeeded>()
  if (!posted?.scriptNeeded) return null
  return (
    <Notice tone="error">
      This form needs JavaScript: turn it on in your browser, then try again.
    </Notice>
  )
}

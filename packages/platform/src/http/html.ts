/*
 * HTML (and SVG) that escapes by construction. `html` knows where each interpolation lands from the
 * template's own text: in text or a quoted attribute value a string is escaped; in a URL attribute
 * (`href`, `src`, `action`) a `javascript:`-like URL is replaced; inside a tag, an unquoted value or
 * a `<script>`/`<style>` a string is refused (thrown), since no escaping makes it safe there, and
 * an event handler or `style` attribute, or a second interpolation at a URL's start, take nothing.
 */

const MARKUP = Symbol('markup')

/** Markup that is safe to send: made by {@link html}, or trusted with {@link raw}. */
export interface Html {
  readonly [MARKUP]: string
  toString(): string
}

/** What `html` interpolates: text, markup, lists of them (`false`, `null`, `undefined`, `''`: nothing). */
export type Slot = string | number | Html | false | null | undefined | readonly Slot[]

const made = (markup: string): Html => ({ [MARKUP]: markup, toString: () => markup })

const isHtml = (value: unknown): value is Html =>
  typeof value === 'object' && value !== null && MARKUP in value

/**
 * Markup the code itself wrote (a style sheet, a script), sent as is. Mark it where it is made,
 * never around text that came from a request or the database.
 */
export const raw = (markup: string): Html => made(markup)

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)

/** Where an interpolation lands. */
type Context = 'text' | 'value' | 'url' | 'code' | 'tag' | 'raw'

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href'])

/** `url` unless its scheme can run or load something else than a page or a picture. */
function safeUrl(url: string): string {
  // Browsers ignore controls and spaces in a scheme (`java\tscript:`).
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\p{Cc} ]/gu, ''))?.[1]
  return !scheme || /^(https?|mailto)$/i.test(scheme) ? url : 'about:invalid'
}

/** `url` when it is an absolute http(s) URL, else `undefined`: for a link or picture a page shows. */
export function safeHttpUrl(url: string | null | undefined): string | undefined {
  const parsed = url && URL.canParse(url) ? new URL(url) : undefined
  return parsed?.protocol === 'http:' || parsed?.protocol === 'https:' ? parsed.href : undefined
}

const contextsOf = new WeakMap<TemplateStringsArray, Context[]>()

/** The context of each interpolation of a template, read from its literal parts (once). */
function contexts(strings: TemplateStringsArray): Context[] {
  const known = contextsOf.get(strings)
  if (known) return known
  const found: Context[] = []
  let state: 'text' | 'tag' | 'raw' = 'text'
  let tag = '' // the tag read so far, while in one
  let quote = ''
  let attribute = '' // the attribute whose quoted value this is, and where that value starts
  let valueAt = 0
  let rawEnd = '' // `</script` or `</style`
  strings.forEach((part, index) => {
    for (let at = 0; at < part.length; at++) {
      const c = part[at]!
      if (state === 'raw') {
        const end = part.toLowerCase().indexOf(rawEnd, at)
        if (end < 0) break
        ;[state, tag, at] = ['tag', rawEnd, end + rawEnd.length - 1]
      } else if (state === 'text') {
        if (c === '<' && /[a-z/!]/i.test(part[at + 1] ?? '')) [state, tag] = ['tag', '<']
      } else if (!quote && c === '>') {
        const name = /^<([a-z]+)/i.exec(tag)?.[1]?.toLowerCase()
        ;[state, rawEnd] =
          name === 'script' || name === 'style' ? ['raw', `</${name}`] : ['text', '']
      } else {
        if (c === quote) quote = ''
        else if (!quote && (c === '"' || c === "'")) {
          quote = c
          attribute = /([^\s"'=<>/]+)\s*=\s*$/.exec(tag)?.[1]?.toLowerCase() ?? ''
          valueAt = tag.length + 1
        }
        tag += c
      }
    }
    if (index === strings.length - 1) return
    if (state !== 'tag') found.push(state)
    else if (!quote) found.push('tag')
    else if (/^(on|style$)/.test(attribute)) found.push('code')
    else if (!URL_ATTRIBUTES.has(attribute) || tag.length > valueAt) found.push('value')
    // A URL's scheme is checked at the start of its value, which only one interpolation may take.
    else found.push(found.at(-1) === 'url' && strings[index] === '' ? 'code' : 'url')
  })
  contextsOf.set(strings, found)
  return found
}

function render(value: Slot, context: Context): string {
  if (value === false || value === null || value === undefined || value === '') return ''
  if (context === 'code')
    throw new TypeError('html: nothing goes into an event handler, a style or after a URL start')
  if (Array.isArray(value)) return value.map((item: Slot) => render(item, context)).join('')
  if (isHtml(value)) {
    if (context === 'value' || context === 'url')
      throw new TypeError('html: an attribute value takes text, not markup')
    return value[MARKUP]
  }
  const text = String(value)
  if (context === 'text' || context === 'value') return escape(text)
  if (context === 'url') return escape(safeUrl(text))
  throw new TypeError(
    context === 'tag'
      ? `html: text inside a tag must be a quoted attribute value (got "${text.slice(0, 40)}")`
      : 'html: a <script> or <style> takes raw() markup only',
  )
}

/**
 * Markup from a template whose interpolations are escaped for where they land (see above); an
 * {@link Html} value is inserted as is, a list joins its items.
 *
 * @example
 * html`<p class="name">${product.name}</p><a href="${url}">${raw('&rarr;')}</a>`
 */
export function html(strings: TemplateStringsArray, ...values: Slot[]): Html {
  const where = contexts(strings)
  let markup = strings[0]!
  values.forEach((value, index) => {
    markup += render(value, where[index]!) + strings[index + 1]!
  })
  return made(markup)
}

import { html, type Html } from '../../http/html.js'
import { drawMotif, type Motif } from './motifs.js'

/** The side of every illustration, in pixels. */
export const IMAGE_SIZE = 800

/** What an illustration shows. The same spec always gives the same SVG. */
export interface ImageSpec {
  /** The media id (`/media/<id>.svg`). */
  id: string
  /** The name written on it (the product's), and a second line (a colour, a detail). */
  label: string
  sublabel?: string
  motif: Motif
  /** `[background, main, accent]` colours. */
  palette: readonly [string, string, string]
  /** 0: the product centred; 1: a close-up on a dotted ground; 2: on a table with a shadow. */
  composition: 0 | 1 | 2
}

function backdrop({ palette: [background, main, accent], composition }: ImageSpec): Html {
  const base = html`<rect width="800" height="800" fill="${background}"/>`
  if (composition === 0)
    return html`${base}<circle cx="400" cy="360" r="290" fill="${accent}" opacity=".22"/>`
  if (composition === 1)
    return html`${base}<pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse">
<circle cx="20" cy="20" r="4" fill="${main}" opacity=".25"/></pattern>
<rect width="800" height="800" fill="url(#dots)"/>`
  return html`${base}<rect y="520" width="800" height="280" fill="${main}" opacity=".14"/>
<ellipse cx="400" cy="560" rx="210" ry="26" fill="#000" opacity=".14"/>`
}

/** Where the 400 × 400 drawing goes: scale and offset per composition. */
const PLACEMENT = {
  0: 'translate(140 100) scale(1.3)',
  1: 'translate(20 -40) scale(1.9)',
  2: 'translate(210 150) scale(0.95)',
} as const

function caption(label: string, sublabel: string | undefined): Html {
  const size = Math.min(38, Math.floor(1150 / Math.max(label.length, 1)))
  const line = (y: number, size: number, weight: number, fill: string, text: string) =>
    html`<text x="400" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" 
font-size="${size}" font-weight="${weight}" fill="${fill}">${text}</text>`
  return html`<rect x="60" y="660" width="680" height="110" rx="22" fill="#ffffff" opacity=".88"/>
${line(sublabel ? 712 : 728, size, 700, '#1f1f24', label)}${sublabel && line(748, 24, 400, '#55575c', sublabel)}`
}

/**
 * Draws `spec` as a self-contained SVG document (800 × 800, no script, no external reference):
 * a backdrop, the product's drawing in its colours, and its name.
 */
export function renderIllustration(spec: ImageSpec): string {
  const [, main, accent] = spec.palette
  const title = spec.sublabel ? `${spec.label} — ${spec.sublabel}` : spec.label
  return String(html`<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" 
viewBox="0 0 800 800" role="img"><title>${title}</title>${backdrop(spec)}
<g transform="${PLACEMENT[spec.composition]}">${drawMotif(spec.motif, main, accent)}</g>
${caption(spec.label, spec.sublabel)}</svg>`)
}

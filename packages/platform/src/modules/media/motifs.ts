import { html, raw, type Html, type Slot } from '../../http/html.js'

/*
 * Flat drawings of the demo catalog's products, each in a 400 × 400 box, from two colours: the
 * product's main colour and an accent. Outlines are a translucent dark stroke, so that a white
 * T-shirt still shows on a light background.
 */

const LINE = raw('stroke="#000" stroke-opacity=".28" stroke-width="5" stroke-linejoin="round"')
const THIN = raw(
  'stroke="#000" stroke-opacity=".28" stroke-width="3" fill="none" stroke-linecap="round"',
)

const shape = (d: string, fill: string) => html`<path d="${d}" fill="${fill}" ${LINE}/>`
const line = (d: string) => html`<path d="${d}" ${THIN}/>`
const circle = (cx: number, cy: number, r: number, fill: string) =>
  html`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${LINE}/>`
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string) =>
  html`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${LINE}/>`

const drawings = {
  tee: (main: string, accent: string) => [
    shape(
      'M130 80 L175 62 Q200 88 225 62 L270 80 L340 140 L300 180 L270 158 L270 340 L130 340 L130 158 L100 180 L60 140 Z',
      main,
    ),
    line('M175 62 Q200 100 225 62'),
    rect(185, 120, 30, 8, 4, accent),
  ],
  hoodie: (main: string, accent: string) => [
    shape(
      'M130 90 L60 300 L95 312 L140 170 L140 345 L260 345 L260 170 L305 312 L340 300 L270 90 Z',
      main,
    ),
    shape('M150 95 Q200 20 250 95 Q200 125 150 95 Z', main),
    rect(160, 255, 80, 50, 10, main),
    line(`M185 110 L182 165 M215 110 L218 165`),
    html`<circle cx="182" cy="168" r="5" fill="${accent}"/><circle cx="218" cy="168" r="5" fill="${accent}"/>`,
  ],
  sweater: (main: string, accent: string) => [
    shape(
      'M130 80 L175 65 Q200 85 225 65 L270 80 L330 300 L295 310 L262 170 L262 340 L138 340 L138 170 L105 310 L70 300 Z',
      main,
    ),
    rect(135, 322, 130, 22, 6, accent),
    rect(62, 292, 40, 22, 6, accent),
    rect(298, 292, 40, 22, 6, accent),
    line('M175 65 Q200 95 225 65'),
  ],
  shirt: (main: string, accent: string) => [
    shape(
      'M130 80 L172 62 L200 90 L228 62 L270 80 L330 300 L295 310 L262 170 L262 345 L138 345 L138 170 L105 310 L70 300 Z',
      main,
    ),
    shape('M172 62 L200 90 L185 110 Z', accent),
    shape('M228 62 L200 90 L215 110 Z', accent),
    line('M200 90 L200 345'),
    [130, 170, 210, 250, 290].map((y) => html`<circle cx="210" cy="${y}" r="4" fill="${accent}"/>`),
  ],
  jacket: (main: string, accent: string) => [
    shape(
      'M128 78 L172 60 L200 80 L228 60 L272 78 L335 310 L298 318 L265 175 L265 350 L135 350 L135 175 L102 318 L65 310 Z',
      main,
    ),
    line('M200 80 L200 350'),
    rect(148, 200, 38, 40, 5, main),
    rect(214, 200, 38, 40, 5, main),
    rect(148, 275, 40, 45, 5, main),
    [120, 170, 220, 270, 320].map((y) => html`<circle cx="208" cy="${y}" r="5" fill="${accent}"/>`),
  ],
  beanie: (main: string, accent: string) => [
    shape('M100 270 Q100 110 200 105 Q300 110 300 270 Z', main),
    rect(90, 255, 220, 70, 14, main),
    [120, 150, 180, 210, 240, 270].map((x) => line(`M${x} 265 L${x} 315`)),
    circle(200, 88, 30, accent),
  ],
  socks: (main: string, accent: string) =>
    [0, 1].map(
      (i) => html`<g transform="translate(${i * 110 - 55} ${i * 20})">
${shape('M150 60 L220 60 L220 250 Q220 300 270 310 Q300 320 290 350 L200 350 Q150 350 150 290 Z', main)}
${rect(150, 60, 70, 30, 4, accent)}
${shape('M250 305 Q290 315 290 350 L250 350 Z', accent)}
</g>`,
    ),
  mug: (main: string, accent: string) => [
    html`<path d="M135 150 Q105 130 100 110 M165 140 Q150 110 165 90 M195 150 Q180 120 195 95" ${THIN}/>`,
    shape('M110 170 L290 170 L280 340 Q280 355 265 355 L135 355 Q120 355 120 340 Z', main),
    html`<path d="M288 205 Q345 205 340 255 Q335 300 282 300" fill="none" stroke="${main}" stroke-width="26"/>`,
    line('M288 205 Q345 205 340 255 Q335 300 282 300'),
    rect(110, 165, 180, 16, 6, accent),
  ],
  coffee: (main: string, accent: string) => [
    shape('M125 70 L275 70 L235 150 L165 150 Z', accent),
    rect(150, 150, 100, 14, 4, accent),
    shape('M140 175 L260 175 L285 320 Q285 350 255 350 L145 350 Q115 350 115 320 Z', '#ffffff'),
    shape('M125 270 L275 270 L285 320 Q285 350 255 350 L145 350 Q115 350 115 320 Z', main),
    line('M200 165 L200 240'),
  ],
  pillow: (main: string, accent: string) => [
    shape('M80 90 Q200 120 320 90 Q290 200 320 310 Q200 280 80 310 Q110 200 80 90 Z', main),
    line('M95 200 Q200 215 305 200'),
    circle(200, 200, 10, accent),
    html`<path d="M120 120 Q200 140 280 120" fill="none" stroke="${accent}" stroke-width="8" stroke-opacity=".7"/>`,
  ],
  candle: (main: string, accent: string) => [
    html`<path d="M200 60 Q225 100 200 130 Q175 100 200 60 Z" fill="#f6b73c"/>`,
    html`<path d="M200 85 Q210 105 200 122 Q190 105 200 85 Z" fill="#fff3c4"/>`,
    line('M200 130 L200 160'),
    rect(115, 155, 170, 200, 24, main),
    rect(115, 155, 170, 40, 18, accent),
    rect(140, 235, 120, 60, 6, '#ffffff'),
  ],
  vase: (main: string, accent: string) => [
    line('M200 190 Q195 120 215 50'),
    html`<path d="M208 110 Q250 80 265 100 Q240 130 208 118 Z" fill="${accent}"/>`,
    html`<path d="M204 150 Q160 125 145 145 Q170 170 204 160 Z" fill="${accent}"/>`,
    shape(
      'M175 180 L225 180 L225 215 Q290 250 285 300 Q280 355 200 355 Q120 355 115 300 Q110 250 175 215 Z',
      main,
    ),
  ],
  blanket: (main: string, accent: string) => [
    [0, 1, 2].map((i) =>
      rect(70 + i * 10, 260 - i * 70, 260 - i * 20, 70, 16, i % 2 ? accent : main),
    ),
    [90, 130, 170, 210, 250, 290].map((x) => line(`M${x} 330 L${x - 4} 360`)),
  ],
  board: (main: string, accent: string) => [
    shape(
      'M110 130 Q110 100 140 100 L300 100 Q330 100 330 130 L330 330 Q330 360 300 360 L140 360 Q110 360 110 330 Z',
      main,
    ),
    shape('M180 100 L180 60 Q180 40 220 40 Q260 40 260 60 L260 100 Z', main),
    circle(220, 65, 10, '#ffffff'),
    html`<path d="M140 160 Q220 190 300 150 M140 230 Q230 250 300 220 M140 300 Q210 320 300 290" fill="none" stroke="${accent}" stroke-width="4" stroke-opacity=".6"/>`,
  ],
  beans: (main: string, accent: string) => [
    shape('M120 110 L280 110 L300 350 L100 350 Z', accent),
    shape('M120 110 L140 80 L260 80 L280 110 Z', accent),
    rect(145, 180, 110, 90, 8, '#ffffff'),
    [
      [170, 225],
      [230, 225],
      [200, 250],
    ].map(([x, y]) => [
      html`<ellipse cx="${x}" cy="${y}" rx="16" ry="22" fill="${main}" transform="rotate(25 ${x} ${y})"/>`,
      line(`M${x! - 4} ${y! - 16} Q${x! + 6} ${y} ${x! - 2} ${y! + 16}`),
    ]),
  ],
  lamp: (main: string, accent: string) => [
    html`<path d="M120 210 L80 360 L300 360 L190 210 Z" fill="${accent}" opacity=".35"/>`,
    shape('M90 120 L190 80 L215 150 L110 190 Z', main),
    line('M200 115 L270 200 L250 330'),
    html`<path d="M200 115 L270 200 L250 330" fill="none" stroke="${main}" stroke-width="10"/>`,
    html`<ellipse cx="250" cy="340" rx="70" ry="18" fill="${main}" ${LINE}/>`,
  ],
  tote: (main: string, accent: string) => [
    html`<path d="M150 160 Q150 60 200 60 Q250 60 250 160" fill="none" stroke="${accent}" stroke-width="14"/>`,
    shape('M90 150 L310 150 L295 355 L105 355 Z', main),
    rect(150, 220, 100, 80, 8, main),
    line('M150 245 L250 245'),
  ],
  wallet: (main: string, accent: string) => [
    rect(110, 100, 180, 130, 10, accent),
    rect(130, 85, 160, 100, 10, '#f6f1e7'),
    rect(80, 150, 240, 190, 22, main),
    html`<rect x="96" y="166" width="208" height="158" rx="14" fill="none" stroke="#ffffff" stroke-opacity=".6" stroke-width="3" stroke-dasharray="8 7"/>`,
  ],
  sunglasses: (main: string, accent: string) => [
    line('M60 180 L30 150 M340 180 L370 150'),
    rect(55, 170, 130, 95, 40, main),
    rect(215, 170, 130, 95, 40, main),
    rect(70, 185, 100, 65, 30, accent),
    rect(230, 185, 100, 65, 30, accent),
    html`<path d="M185 195 Q200 180 215 195" fill="none" stroke="${main}" stroke-width="12"/>`,
  ],
  watch: (main: string, accent: string) => [
    rect(160, 40, 80, 320, 22, main),
    circle(200, 200, 85, accent),
    circle(200, 200, 70, '#fbfaf7'),
    line('M200 200 L200 150 M200 200 L238 215'),
    [0, 90, 180, 270].map(
      (a) =>
        html`<rect x="197" y="138" width="6" height="14" fill="${main}" transform="rotate(${a} 200 200)"/>`,
    ),
  ],
  scarf: (main: string, accent: string) => [
    shape('M200 50 L350 200 L200 350 L50 200 Z', main),
    [
      [200, 130],
      [130, 200],
      [270, 200],
      [200, 270],
    ].map(([x, y]) => circle(x!, y!, 22, accent)),
    circle(200, 200, 36, '#f6f1e7'),
  ],
  pins: (main: string, accent: string) => [
    circle(120, 150, 60, main),
    shape(
      'M280 80 L300 135 L355 135 L310 168 L328 222 L280 190 L232 222 L250 168 L205 135 L260 135 Z',
      accent,
    ),
    shape(
      'M200 350 L140 290 Q110 250 150 235 Q185 225 200 260 Q215 225 250 235 Q290 250 260 290 Z',
      main,
    ),
  ],
  notebook: (main: string, accent: string) => [
    rect(100, 60, 210, 290, 14, main),
    html`<rect x="265" y="60" width="14" height="290" fill="${accent}"/>`,
    rect(130, 110, 110, 40, 4, '#f6f1e7'),
  ],
  giftcard: (main: string, accent: string) => [
    rect(60, 110, 280, 180, 18, main),
    html`<rect x="150" y="110" width="22" height="180" fill="${accent}"/>`,
    html`<rect x="60" y="175" width="280" height="22" fill="${accent}"/>`,
    shape('M161 186 Q110 130 130 120 Q150 110 161 186 Q172 110 192 120 Q212 130 161 186 Z', accent),
  ],
  book: (main: string, accent: string) => [
    rect(110, 50, 200, 300, 8, main),
    html`<rect x="110" y="50" width="26" height="300" fill="#000" opacity=".15"/>`,
    circle(223, 170, 45, accent),
    rect(160, 255, 125, 12, 6, '#f6f1e7'),
    rect(175, 280, 95, 10, 5, '#f6f1e7'),
  ],
  art: (main: string, accent: string) => [
    rect(40, 90, 140, 190, 4, '#fbfaf7'),
    circle(110, 170, 40, main),
    rect(210, 60, 150, 110, 4, '#fbfaf7'),
    shape('M225 150 Q260 80 300 130 Q320 150 345 100 L345 155 L225 155 Z', accent),
    rect(210, 195, 150, 150, 4, '#fbfaf7'),
    html`<path d="M285 330 Q240 270 285 215 Q330 270 285 330 Z" fill="${main}"/>`,
  ],
  tag: (main: string, accent: string) => [
    shape('M90 200 L170 90 L330 90 L330 310 L170 310 Z', main),
    circle(165, 200, 18, accent),
    html`<text x="255" y="228" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="90" font-weight="700" fill="${accent}">%</text>`,
  ],
  spark: (main: string, accent: string) => [
    shape('M200 40 L235 160 L360 200 L235 240 L200 360 L165 240 L40 200 L165 160 Z', main),
    shape('M310 60 L322 98 L360 110 L322 122 L310 160 L298 122 L260 110 L298 98 Z', accent),
  ],
} satisfies Record<string, (main: string, accent: string) => Slot>

/** The drawings there are: one per kind of product. */
export type Motif = keyof typeof drawings

/** The motifs, for checks. */
export const MOTIFS = Object.keys(drawings) as Motif[]

/** The SVG elements of `motif` in a 400 × 400 box. */
export function drawMotif(motif: Motif, main: string, accent: string): Html {
  return html`${drawings[motif](main, accent)}`
}

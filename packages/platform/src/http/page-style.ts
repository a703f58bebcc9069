import { raw } from './html.js'

/**
 * The one style sheet of every hosted page (sign-in, recovery, messages, checkout, mailbox), in the
 * shop's design system (apps/storefront/src/styles: its colours, font stacks, pill buttons and
 * rounded fields). The sign-in / register / forgot panels switch by CSS alone (`#register` in the
 * URL shows that panel; the server marks the panel to open `active`). On a phone the checkout is
 * one column in reading order — the steps, the order summary, then "Place order"; from 56rem the
 * summary is a sticky column beside them.
 */
export const PAGE_STYLE =
  raw(`:root{--bg:#f7f4ee;--surface:#fff;--muted:#efe9df;--ink:#1d2330;--soft:#485061;--faint:#5d6472;--line:#e2dbcf;--strong:#c9c0b1;--accent:#9a3f1b;--accent-soft:#f3e3d8;--danger:#a5261b;--focus:#2350c4;--on-ink:#fbf9f5;--display:'Iowan Old Style','Palatino Linotype',Palatino,'Book Antiqua','DejaVu Serif',Georgia,serif}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--ink);font:16px/1.6 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Liberation Sans',sans-serif;-webkit-font-smoothing:antialiased}
.top{border-bottom:1px solid var(--line)}
.bar,.wide{width:100%;max-width:68rem;margin:0 auto;padding:0 clamp(1rem,4vw,2rem)}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;min-height:4.25rem}
.brand{display:flex;align-items:center;gap:.5rem;margin:0;font:600 1.5rem/1.2 var(--display);letter-spacing:-.02em;overflow-wrap:anywhere}
.mark{display:inline-grid;place-items:center;flex:none;width:1.75rem;height:1.75rem;border-radius:.4375rem;background:var(--ink);color:var(--on-ink);font:600 1rem/1 var(--display)}
.badge{flex:none;padding:.125rem .75rem;border-radius:999px;background:var(--accent-soft);color:var(--accent);font-size:.8125rem;font-weight:600}
main{flex:1}
.card{width:calc(100% - 2rem);max-width:27rem;margin:3rem auto;flex:none;padding:2rem;background:var(--surface);border:1px solid var(--line);border-radius:20px;box-shadow:0 1px 2px rgb(29 35 48/6%),0 1px 3px rgb(29 35 48/8%)}
.card>:last-child,.box>:last-child{margin-bottom:0}
.foot{margin-top:auto;padding:1.5rem 1rem 2rem;text-align:center;font-size:.8125rem;color:var(--faint)}
h1{margin:0;font:500 2.25rem/1.15 var(--display);letter-spacing:-.015em}
.card h1{font-size:1.875rem}
.wide h1{margin:2rem 0 1.5rem}
h2{margin:0 0 .75rem;font-size:1.125rem;line-height:1.35}
p{margin:0}
a{color:inherit;text-underline-offset:.2em}
a:hover{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.lead{margin:.5rem 0 1.5rem;color:var(--soft)}
.field{margin:0 0 1rem}
label,legend{display:block;margin:0 0 .375rem;font-size:.875rem;font-weight:600}
input,select{display:block;width:100%;min-height:2.875rem;padding:0 1rem;font:inherit;color:inherit;background:var(--surface);border:1px solid var(--strong);border-radius:12px}
input:hover,select:hover{border-color:var(--faint)}
input:focus-visible,select:focus-visible{outline-offset:0;border-color:var(--focus)}
[aria-invalid=true]{border-color:var(--danger);border-width:2px}
input.code{font:600 1.5rem/1 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.5em;text-align:center;padding-left:1.5rem}
.hint{margin:-.5rem 0 1rem;font-size:.8125rem;color:var(--faint)}
.field-error{margin:.375rem 0 0;font-size:.8125rem;font-weight:600;color:var(--danger)}
button,.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:3.25rem;padding:0 1.5rem;font:inherit;font-weight:600;color:var(--on-ink);background:var(--ink);border:1px solid transparent;border-radius:999px;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#2c3547;color:var(--on-ink)}
button.secondary{display:inline-flex;width:auto;min-height:2.5rem;margin-top:1rem;font-size:.875rem;color:var(--ink);background:var(--surface);border-color:var(--strong)}
button.secondary:hover{color:var(--ink);background:var(--surface);border-color:var(--ink)}
button.link{display:inline;width:auto;min-height:0;padding:0;color:inherit;background:none;border:0;text-decoration:underline;text-underline-offset:.2em}
.error,.notice{margin:0 0 1.25rem;padding:.75rem 1rem;border:1px solid #efc3bd;border-radius:12px;font-size:.875rem;font-weight:600;color:var(--danger);background:#fbe9e7}
.notice{border-color:#bcdcc6;color:#23623f;background:#e2f0e6}
.aside{margin:-.25rem 0 1.25rem;text-align:right;font-size:.875rem}
.switch{margin:1.5rem 0 0;padding-top:1.25rem;border-top:1px solid var(--line);text-align:center;font-size:.875rem;color:var(--soft)}
.panel{display:none}
.panel.active,.panel:target{display:block}
.card:has(.panel:target) .panel.active:not(:target){display:none}
.checkout{display:grid;padding-bottom:3rem}
.box{padding:1.25rem 1.5rem;margin:0 0 1rem;background:var(--surface);border:1px solid var(--line);border-radius:20px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem}
fieldset{margin:0;padding:0;border:0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.option{display:flex;gap:.75rem;align-items:center;margin:.5rem 0 0;padding:.75rem 1rem;border:1px solid var(--strong);border-radius:12px;background:var(--surface);font-size:.9375rem;font-weight:400;cursor:pointer}
.option:has(input:checked){border-color:var(--ink);box-shadow:inset 0 0 0 1px var(--ink)}
.option input{width:1.125rem;min-height:1.125rem;margin:0;accent-color:var(--ink)}
.option .what{flex:1}
.muted,small{color:var(--faint)}
.items{list-style:none;margin:0;padding:0}
.items li{display:flex;gap:.875rem;align-items:center;padding:.75rem 0;border-bottom:1px solid var(--line)}
.items img,.thumb{width:64px;height:64px;flex:none;object-fit:cover;border-radius:12px;background:var(--muted)}
.item{flex:1;min-width:0}
.name{font-weight:600}
.meta{font-size:.875rem;color:var(--faint)}
.price,.totals dd{font-weight:600;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{display:grid;grid-template-columns:1fr auto;gap:.375rem 0;margin:1rem 0 0}
.totals dt{color:var(--soft)}
.totals dd{margin:0;padding-left:1rem;text-align:right;font-weight:400}
.totals .total{margin-top:.25rem;padding-top:.75rem;border-top:1px solid var(--line);font-size:1.25rem;font-weight:700;color:var(--ink)}
.back{display:inline-block;margin-top:1rem;font-size:.875rem}
@media (min-width:56rem){.checkout{grid-template-columns:minmax(0,1.45fr) minmax(0,1fr);column-gap:2rem;align-items:start}.summary{grid-column:2;grid-row:1/span 2;position:sticky;top:1rem}}
.filter{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:1rem 0 1.5rem}
.filter .field{flex:1 1 16rem;margin:0}
.filter button{width:auto;min-height:2.875rem}
dl.mail{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.mail dt{font-weight:600}
dl.mail dd{margin:0;overflow-wrap:anywhere}
.code{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.2em}
pre{margin:.75rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.875rem}`)

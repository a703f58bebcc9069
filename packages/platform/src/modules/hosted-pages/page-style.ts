/**
 * The style sheet of every hosted page: one centred card on a quiet background, full-width
 * fields and button, visible focus, and the sign-in / register / forgot panels switched by CSS
 * alone (`#register` in the URL shows that panel; the server marks the panel to open `active`).
 * No script runs on the hosted pages.
 */
export const PAGE_STYLE = `*{box-sizing:border-box}
html{background:#f4f4f5}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:2rem 1rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#18181b}
.card{width:100%;max-width:25rem;background:#fff;border:1px solid #e4e4e7;border-radius:1rem;box-shadow:0 1px 2px rgba(0,0,0,.04),0 12px 32px -12px rgba(0,0,0,.12);padding:2rem}
.brand{display:flex;align-items:center;gap:.625rem;margin:0 0 1.5rem;font-weight:600;color:#3f3f46}
.mark{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:.5rem;background:#18181b;color:#fff;font-weight:700}
h1{font-size:1.5rem;line-height:1.25;margin:0;letter-spacing:-.01em}
.lead{margin:.25rem 0 1.5rem;color:#52525b}
.field{margin:0 0 1rem}
label{display:block;font-size:.875rem;font-weight:600;margin:0 0 .375rem}
input{display:block;width:100%;height:2.75rem;padding:0 .875rem;font:inherit;color:inherit;background:#fff;border:1px solid #a1a1aa;border-radius:.5rem}
input:hover{border-color:#71717a}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
input[aria-invalid=true]{border-color:#b91c1c}
input.code{font:600 1.5rem/1 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.5em;text-align:center;padding-left:1.375rem}
.hint{margin:-.5rem 0 1rem;font-size:.875rem;color:#52525b}
.aside{margin:-.25rem 0 1.25rem;text-align:right;font-size:.875rem}
button{display:block;width:100%;height:2.75rem;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;border-radius:.5rem;cursor:pointer}
button:hover{background:#1d4ed8}
button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
button.link{display:inline;width:auto;height:auto;padding:0;background:none;color:#1d4ed8;font-weight:500;text-decoration:underline;text-underline-offset:2px}
a{color:#1d4ed8;text-underline-offset:2px}
a.button{display:block;text-align:center;line-height:2.75rem;color:#fff;background:#2563eb;border-radius:.5rem;font-weight:600;text-decoration:none}
.switch{margin:1.5rem 0 0;padding-top:1.25rem;border-top:1px solid #e4e4e7;text-align:center;font-size:.9375rem;color:#52525b}
.error,.notice{margin:0 0 1.25rem;padding:.75rem .875rem;border-radius:.5rem;font-size:.9375rem}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fecaca}
.notice{color:#166534;background:#f0fdf4;border:1px solid #bbf7d0}
.foot{margin:1.5rem 0 0;font-size:.8125rem;color:#52525b}
.panel{display:none}
.panel.active,.panel:target{display:block}
.card:has(.panel:target) .panel.active:not(:target){display:none}`

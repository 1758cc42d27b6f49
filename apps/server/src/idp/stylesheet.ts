/**
 * The sign-in pages' stylesheet, served from /idp/assets/bloom.css (the CSP allows
 * style sheets from 'self' only in practice, and no inline scripts at all). Colours are
 * the web app's tokens (apps/web/src/styles/tokens.css); every text/background pair
 * meets WCAG AA: ink #1c2733 on white 15.9:1, muted #45535f on white 7.6:1, button
 * white on #265d93 6.9:1, error #b3261e on white 6.5:1, link #265d93 on white 6.9:1.
 */
export const SIGN_IN_STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:100%}
body{margin:0;background:#fbf7ef;color:#1c2733;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem 1rem}
header{background:#16324f;color:#fff;padding:1rem 1.5rem}
.brand{margin:0;font-size:1.5rem;font-weight:700;letter-spacing:.02em}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border-radius:12px;padding:1.5rem 1.5rem 2rem;box-shadow:0 1px 3px rgba(22,50,79,.15)}
h1{color:#16324f;font-size:1.5rem;margin:0 0 .5rem}
p{margin:.5rem 0 1rem}
.muted{color:#45535f}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
.hint{display:block;color:#45535f;font-size:.9rem;margin-bottom:.25rem}
input{display:block;width:100%;font:inherit;padding:.6rem .75rem;border:2px solid #56636f;border-radius:8px;background:#fff;color:#1c2733}
input:focus-visible{outline:3px solid #2f6fad;outline-offset:2px}
input[aria-invalid="true"]{border-color:#b3261e}
.error{display:block;color:#b3261e;font-weight:600;margin-top:.25rem}
.summary{border:2px solid #b3261e;border-radius:8px;padding:.75rem 1rem;margin:0 0 1.25rem;background:#fdf0ee;color:#1c2733}
.summary h2{font-size:1.05rem;margin:0 0 .25rem;color:#b3261e}
.summary ul{margin:0;padding-left:1.25rem}
button{font:inherit;font-weight:600;width:100%;padding:.75rem 1rem;border:0;border-radius:8px;background:#265d93;color:#fff;cursor:pointer}
button:hover{background:#1f4d7a}
button:focus-visible{outline:3px solid #16324f;outline-offset:3px}
a{color:#265d93}
a:focus-visible{outline:3px solid #2f6fad;outline-offset:2px}
.switch{margin-top:1.5rem;text-align:center}
.aside{margin:-.75rem 0 1.25rem;text-align:right}
/* An e-mail address has no spaces: it breaks anywhere rather than push a 390 px page sideways. */
h1,p,li{overflow-wrap:anywhere}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;

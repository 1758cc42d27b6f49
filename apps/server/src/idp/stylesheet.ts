/**
 * The sign-in pages' stylesheet, served from /idp/assets/bloom.css (the CSP allows style sheets
 * from 'self' only in practice, and no inline scripts at all). It copies the web app's look
 * (issue 25 part 6): the tokens of apps/web/src/styles/tokens.css written out (the header of
 * components/layout/SiteHeader.module.css, the panels, fields and pill buttons of
 * styles/scaffold.css and components/ui/Button.module.css). Every text/background pair meets
 * WCAG AA: ink #1c2733 on white 15.9:1, navy #16324f headings on cream 12.3:1, muted #45535f on
 * white 7.6:1, button white on #2f6fad 5.3:1, error #b3261e on white 6.5:1, link #265d93 6.9:1.
 */
export const SIGN_IN_STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
*{margin:0}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{min-height:100vh;background:#fbf7ef;color:#1c2733;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",sans-serif;font-size:1.0625rem;line-height:1.6;-webkit-font-smoothing:antialiased}
img{display:block;max-width:100%}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;z-index:2;background:#fff;padding:.5rem 1rem}
header{height:64px;background:rgb(255 253 249 / .94);border-bottom:1px solid #ddd3c0}
.header-inner{display:flex;align-items:center;height:100%;max-width:1440px;margin:0 auto;padding:0 1rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;color:#16324f;text-decoration:none;border-radius:6px}
.brand:hover{color:#16324f}
.mark{width:44px;height:33px}
.wordmark{font-family:"Iowan Old Style","Palatino Linotype","DejaVu Serif",serif;font-size:1.6rem;font-weight:600;letter-spacing:.01em;line-height:1}
main{max-width:30rem;margin:0 auto;padding:2rem 1rem 4rem}
.card{display:grid;grid-template-columns:minmax(0,1fr);gap:.75rem;background:#fff;border:1px solid #ddd3c0;border-radius:20px;padding:1.5rem;box-shadow:0 1px 2px rgb(22 50 79 / .08)}
h1,h2{color:#16324f;font-family:"Iowan Old Style","Palatino Linotype","DejaVu Serif",serif;font-weight:600;line-height:1.2;letter-spacing:-.01em;text-wrap:balance}
h1{font-size:clamp(1.75rem,1.3rem + 1.8vw,2.25rem)}
p{text-wrap:pretty}
.muted{color:#45535f}
form{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;margin-top:.5rem}
.field{display:grid;grid-template-columns:minmax(0,1fr);gap:.25rem}
label{font-weight:600}
.hint{color:#45535f;font-size:.9375rem}
input{display:block;width:100%;min-height:44px;font:inherit;padding:.5rem .75rem;border:2px solid #56636f;border-radius:6px;background:#fff;color:#1c2733}
input:focus-visible{outline:3px solid #1b5fa8;outline-offset:2px}
input[aria-invalid="true"]{border-color:#b3261e}
.error{color:#b3261e;font-weight:600}
.summary{border:2px solid #b3261e;border-radius:12px;padding:.75rem 1rem;background:#fdf0ee;color:#1c2733}
.summary h2{font-family:inherit;font-size:1.0625rem;margin:0 0 .25rem;color:#b3261e}
.summary ul{margin:0;padding-left:1.25rem}
button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:44px;font:inherit;font-weight:600;line-height:1.2;padding:.625rem 1.375rem;border:2px solid #2f6fad;border-radius:999px;background:#2f6fad;color:#fff;cursor:pointer}
button:hover{background:#1f4d7a;border-color:#1f4d7a}
button:focus-visible{outline:3px solid #1b5fa8;outline-offset:3px}
a{color:#265d93;text-underline-offset:.15em}
a:hover{color:#1f4d7a}
a:focus-visible{outline:3px solid #1b5fa8;outline-offset:2px}
.switch{margin-top:.75rem;padding-top:1rem;border-top:1px solid #ddd3c0;text-align:center}
.aside{margin-top:-.5rem;text-align:center;font-size:.9375rem}
/* A button that leads to another sign-in page with the address typed so far (views.ts carryPath): it looks like the link it is announced as. */
button.link{display:inline;width:auto;min-height:0;padding:0;border:0;border-radius:0;background:none;color:#265d93;font-weight:inherit;line-height:inherit;text-align:inherit;text-decoration:underline;text-underline-offset:.15em}
button.link:hover{background:none;color:#1f4d7a}
button.link:focus-visible{outline-offset:2px}
/* An e-mail address has no spaces: it breaks anywhere rather than push a 390 px page sideways. */
h1,p,li{overflow-wrap:anywhere}
@media (min-width:768px){.header-inner{padding:0 2rem}main{padding-top:3rem}.card{padding:2rem}}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;

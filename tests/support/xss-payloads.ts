/**
 * Classic injection payloads for the security tests: markup that would run a script, attribute
 * break-outs, dangerous URL schemes, template syntax and spreadsheet formulas. Every payload that
 * could execute calls alert(), so a test can listen for dialogs as well as inspect the DOM.
 */
export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "</textarea><script>alert(1)</script>",
  "<iframe src=javascript:alert(1)></iframe>",
  '<a href="javascript:alert(1)">click</a>',
  "<details open ontoggle=alert(1)>",
  "<body onload=alert(1)>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<!--<img src=x onerror=alert(1)>-->",
  '" autofocus onfocus="alert(1)',
  "' onmouseover='alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "<%= alert(1) %>",
  '=HYPERLINK("https://evil.example","x")',
  "=cmd|' /C calc'!A0",
  "+1+1",
  "-2+3",
  "@SUM(1+1)",
  "\u202e<script>alert(1)</script>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
] as const;

/** A short payload good for a field with a low length limit (a zip code, a state …). */
export const SHORT_XSS_PAYLOAD = "<b onclick=alert(1)>";

/** Payloads that start a spreadsheet formula; the CSV export must neutralise them. */
export const FORMULA_PAYLOADS = XSS_PAYLOADS.filter((p) => /^[=+\-@]/.test(p));

/** Keys that pollute prototypes when a parser or merge is careless. */
export const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
] as const;

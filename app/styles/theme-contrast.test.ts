import fs from "node:fs";
import path from "node:path";
import Color from "color";
import { describe, expect, it } from "vitest";

/**
 * The themes are a swap of the tokens in theme.css: components colour text and surfaces with the
 * tokens only (bg-surface, text-muted-foreground …; white and black only over photographs, which no
 * theme changes). So WCAG AA contrast in both themes comes down to the pairs of tokens the
 * components put together, checked here for every theme, and to one axe scan per kind of page in
 * the dark theme in the browser suite (tests/e2e/support/a11y.ts) for what the tokens cannot show.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, "theme.css"), "utf8");

function tokensOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in theme.css`);
  const block = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const light = tokensOf(":root");
const dark = tokensOf(".dark");
const systemDark = tokensOf(":root:not(.light)");
const THEMES = { light, dark };

/** [text, background] token pairs as the components use them (class names text-X on bg-Y). */
const BODY_TEXT_PAIRS: [string, string][] = [
  ...["foreground", "muted-foreground", "accent", "accent-strong", "danger", "success"].flatMap((text) =>
    ["background", "surface", "surface-muted", "accent-soft"].map((bg): [string, string] => [text, bg]),
  ),
  ["accent-foreground", "accent"],
  ["accent-foreground", "accent-strong"],
  ["background", "foreground"],
  ["surface", "danger"],
  ["surface", "success"],
  ...["band-foreground", "band-muted", "band-accent", "band-danger"].map((text): [string, string] => [text, "band"]),
  ["band", "band-foreground"],
  ["band", "band-accent"],
];

const contrast = (tokens: Record<string, string>, text: string, background: string) =>
  Color(tokens[text]).contrast(Color(tokens[background]));

describe("the theme tokens", () => {
  for (const [theme, tokens] of Object.entries(THEMES)) {
    it(`${theme}: every text colour on every surface it is used on reads at WCAG AA (4.5:1)`, () => {
      const tooLow = BODY_TEXT_PAIRS.map(([text, bg]) => ({
        pair: `${text} on ${bg}`,
        ratio: contrast(tokens, text, bg),
      }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
      expect(tooLow).toEqual([]);
    });

    it(`${theme}: the focus ring stands out from every surface (3:1, non-text contrast)`, () => {
      for (const bg of ["background", "surface", "surface-muted"])
        expect(contrast(tokens, "ring", bg), `ring on ${bg}`).toBeGreaterThanOrEqual(3);
      expect(contrast(tokens, "band-accent", "band"), "the band's ring").toBeGreaterThanOrEqual(3);
    });
  }

  it("both themes define the same tokens", () => {
    expect(Object.keys(dark).sort()).toEqual(
      Object.keys(light)
        .filter((k) => !k.endsWith("-face"))
        .sort(),
    );
  });

  it("the system's dark preference gets exactly the dark theme's tokens", () => {
    expect(systemDark).toEqual(dark);
  });
});

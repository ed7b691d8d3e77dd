#!/bin/sh
# Makes app/fonts/*.woff2 from the @fontsource-variable packages: the Latin subset only, cut to the
# weights the site uses (Inter 400–700, Playfair Display 400–600, its italic at 400); their small
# hinting tables stay, as Chromium draws the glyphs differently without them. About 80 KB for the
# three instead of 124 KB. Needs fonttools and brotli (pip install fonttools brotli).
set -eu
cd "$(dirname "$0")/.."
src=node_modules/@fontsource-variable
out=app/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# fontsource's "latin" unicode-range: what app.css declares for these faces.
latin="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
features="kern,liga,calt,ccmp,locl,mark,mkmk,rlig,lnum,pnum,tnum"
make() {
  fonttools varLib.instancer -q "$src/$1" "wght=$2" -o "$tmp/font.ttf"
  pyftsubset "$tmp/font.ttf" --unicodes="$latin" --layout-features="$features" --desubroutinize \
    --flavor=woff2 --output-file="$out/$3"
}
make inter/files/inter-latin-wght-normal.woff2 400:700 inter-latin-400-700.woff2
make playfair-display/files/playfair-display-latin-wght-normal.woff2 400:600 playfair-display-latin-400-600.woff2
make playfair-display/files/playfair-display-latin-wght-italic.woff2 400 playfair-display-latin-italic-400.woff2
ls -l "$out"

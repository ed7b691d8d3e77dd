#!/bin/sh
# Makes app/fonts/*.woff2 from the @fontsource-variable packages, cut to the weights the site uses
# (Inter 400–700, Playfair Display 400–600, its italic at 400), each face in two files:
#   core  Basic Latin, é and the punctuation the site's texts use (– — ‘ ’ “ ” · • … © € ™): what
#         nearly every page needs, ~57 KB for the three faces;
#   ext   the rest of fontsource's "latin" range (accented capitals and letters, rarer symbols),
#         which a browser fetches only for a page whose text has one of those characters.
# The ranges below are the unicode-range declarations in app/styles/theme.css: keep them equal.
# The small hinting tables stay, as Chromium draws the glyphs differently without them.
# Needs fonttools and brotli (pip install fonttools brotli).
set -eu
cd "$(dirname "$0")/.."
src=node_modules/@fontsource-variable
out=app/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
core="U+0000-007E,U+00A0,U+00A3,U+00A9,U+00AE,U+00B0,U+00B7,U+00D7,U+00E9,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+20AC,U+2122,U+FEFF,U+FFFD"
ext="U+00A1-00A2,U+00A4-00A8,U+00AA-00AD,U+00AF,U+00B1-00B6,U+00B8-00D6,U+00D8-00E8,U+00EA-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-2012,U+2015-2017,U+201B,U+201F-2021,U+2023-2025,U+2027-206F,U+2191,U+2193,U+2212,U+2215"
features="kern,liga,calt,ccmp,locl,mark,mkmk,rlig,lnum,pnum,tnum"
make() {
  fonttools varLib.instancer -q "$src/$1" "wght=$2" -o "$tmp/font.ttf"
  for part in core ext; do
    eval "unicodes=\$$part"
    pyftsubset "$tmp/font.ttf" --unicodes="$unicodes" --layout-features="$features" --desubroutinize \
      --flavor=woff2 --output-file="$out/$3-$part-$4.woff2"
  done
}
rm -f "$out"/*.woff2
make inter/files/inter-latin-wght-normal.woff2 400:700 inter 400-700
make playfair-display/files/playfair-display-latin-wght-normal.woff2 400:600 playfair-display 400-600
make playfair-display/files/playfair-display-latin-wght-italic.woff2 400 playfair-display-italic 400
ls -l "$out"

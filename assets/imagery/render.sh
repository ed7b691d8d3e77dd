#!/usr/bin/env bash
# Renders the site's default imagery with Blender (Cycles, CPU) and converts the
# results to the JPEG masters in public/images/.
#
#   assets/imagery/render.sh                 # render what is missing, convert all
#   FORCE=1 assets/imagery/render.sh         # re-render everything
#   assets/imagery/render.sh service-nails   # only these images
#
# Needs: blender (Debian package `blender`, 3.4) and node with the repo's `sharp`.
# Raw renders are kept in $RENDER_DIR (default /tmp/aurelia-renders).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
RENDER_DIR="${RENDER_DIR:-/tmp/aurelia-renders}"
OUT="$ROOT/public/images"
mkdir -p "$RENDER_DIR" "$OUT"

# name  master-width  master-height
LIST="
hero-welcome 2400 1350
hero-suites 2400 1350
hero-specials 2400 1350
hero-premium 2400 1350
suites-hero 2400 1350
contact-hero 2400 1350
suite-interior 1600 1200
about-welcome 1600 1200
about-journey 1600 1200
about-ceo 1600 1200
gallery-1 1600 1200
gallery-2 1600 1200
gallery-3 1600 1200
gallery-4 1600 1200
service-hair 1600 1200
service-nails 1600 1200
service-body-sculpting 1600 1200
service-eyebrows 1600 1200
service-makeup 1600 1200
service-lashes 1600 1200
service-facials 1600 1200
service-lip-fillers 1600 1200
service-waxing 1600 1200
treatment-facial 1600 1200
treatment-spa 1600 1200
treatment-manicure 1600 1200
treatment-waxing 1600 1200
treatment-skin-care 1600 1200
treatment-spa-package 1600 1200
suites-gallery-1 1600 1200
suites-gallery-2 1600 1200
suites-gallery-3 1600 1200
suites-gallery-4 1600 1200
suites-gallery-5 1600 1200
suites-gallery-6 1600 1200
suites-gallery-7 1600 1200
suites-gallery-8 1600 1200
suites-gallery-9 1600 1200
"

want() {  # is $1 requested on the command line (or nothing requested)?
  [ "$#" -eq 1 ] && return 0
  local n="$1"; shift
  for a in "$@"; do [ "$a" = "$n" ] && return 0; done
  return 1
}

start=$(date +%s)
echo "$LIST" | while read -r name w h; do
  [ -z "$name" ] && continue
  want "$name" "$@" || continue
  png="$RENDER_DIR/$name.png"
  if [ ! -f "$png" ] || [ -n "${FORCE:-}" ]; then
    t0=$(date +%s)
    blender -b -P "$HERE/render_one.py" -- "$name" "$png" > "$RENDER_DIR/$name.log" 2>&1 || {
      echo "FAILED $name (see $RENDER_DIR/$name.log)"; continue; }
    echo "rendered $name in $(( $(date +%s) - t0 ))s"
  fi
  node "$HERE/to_jpeg.cjs" "$png" "$OUT/$name.jpg" "$w" "$h"
done
echo "total $(( $(date +%s) - start ))s"

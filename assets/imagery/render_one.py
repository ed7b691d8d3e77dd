"""Render one named scene:  blender -b -P render_one.py -- NAME OUT.png [SCALE] [SAMPLES]

SCALE multiplies the internal render size (default 1.0); SAMPLES overrides
the scene's sample count (handy for quick previews)."""
import sys
import os
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy  # noqa: E402
import lib  # noqa: E402
import scenes  # noqa: E402

argv = sys.argv[sys.argv.index('--') + 1:]
name, out = argv[0], argv[1]
scale = float(argv[2]) if len(argv) > 2 else 1.0
samples = int(argv[3]) if len(argv) > 3 else None
t0 = time.time()
lib.reset()
fn = scenes.SCENES[name]
fn()
sc = bpy.context.scene
sc.render.resolution_x = int(sc.render.resolution_x * scale)
sc.render.resolution_y = int(sc.render.resolution_y * scale)
if samples:
    sc.cycles.samples = samples
lib.render(os.path.abspath(out))
print('RENDERED %s in %.1fs' % (name, time.time() - t0))

"""Procedural props: bottles, jars, brushes, towels, furniture..."""
import math
import random
from mathutils import Vector
from lib import (principled, marble, velvet, brass, glass, wood, towel, plaster, leaf, emit,
                 lampshade, box, cushion, lathe, cyl, sphere, torus, tube_path, plane, arch_panel,
                 eucalyptus, stone, mesh_obj, smooth)


def ceramic(name, color, rough=0.25):
    return principled(name, color, rough=rough, coat=0.6, coat_rough=0.1)


def matte(name, color, rough=0.6):
    return principled(name, color, rough=rough, coat=0.15)


# ---------------------------------------------------------------- small props
def dropper_bottle(x, y, h=0.09, r=0.018, glass_col='#b8793a', liquid='#d9a441', bulb='#1e1c1b',
                   collar=None, z=0.0):
    g = glass('amber_' + glass_col, glass_col, 0.02, 1.5)
    prof = [(0, 0), (r * 0.92, 0), (r, 0.003), (r, h * 0.68), (r * 0.9, h * 0.75), (r * 0.45, h * 0.8),
            (r * 0.42, h * 0.84), (0, h * 0.84)]
    lathe(prof, (x, y, z), g, 48, 'dropper')
    liq = [(0, 0.004), (r * 0.88, 0.004), (r * 0.9, h * 0.5), (0, h * 0.5)]
    lathe(liq, (x, y, z), principled('oil_' + liquid, liquid, 0.1, coat=0.5), 48, 'oil')
    cm = collar or brass('brass_pol', '#d8b272', 0.18, False)
    cyl(r * 0.5, h * 0.1, (x, y, z + h * 0.82), cm, 40, bevel=0.001)
    bl = [(r * 0.38, 0), (r * 0.4, h * 0.08), (r * 0.36, h * 0.16), (r * 0.18, h * 0.2), (0, h * 0.205)]
    lathe(bl, (x, y, z + h * 0.92), principled('bulb_' + bulb, bulb, 0.55), 32, 'bulb')


def jar(x, y, r=0.035, h=0.04, body=None, lid=None, lid_h=0.016, z=0.0):
    body = body or glass('frost', '#f4efe9', 0.25, 1.5)
    lathe([(0, 0), (r * 0.95, 0), (r, 0.003), (r, h - 0.002), (r * 0.93, h), (0, h)], (x, y, z), body,
          64, 'jar')
    cream = principled('cream', '#f3ece3', 0.4)
    lathe([(0, 0.004), (r * 0.85, 0.004), (r * 0.85, h * 0.8), (0, h * 0.8)], (x, y, z), cream, 48)
    cyl(r * 1.01, lid_h, (x, y, z + h), lid or brass('brass_pol', '#d8b272', 0.18, False), 64,
        bevel=0.002)


def pump_bottle(x, y, r=0.03, h=0.17, body=None, pump=None, z=0.0):
    body = body or ceramic('pump_body', '#efe6da')
    cyl(r, h, (x, y, z), body, 64, bevel=0.006)
    pm = pump or principled('pump_black', '#1d1b1a', 0.35)
    cyl(r * 0.42, 0.015, (x, y, z + h), pm, 40, bevel=0.002)
    cyl(0.004, 0.02, (x, y, z + h + 0.015), pm, 16)
    box((0.045, 0.012, 0.012), (x - 0.012, y, z + h + 0.04), pm, bevel=0.004)


def towel_fold(x, y, w=0.3, d=0.2, t=0.035, color='#efe6da', rot=0.0, z=0.0, name='towel'):
    """A folded towel: soft block with a hint of the fold edge."""
    m = towel('towel_' + color, color)
    ob = cushion((w, d, t), (x, y, z + t / 2), m, rot=(0, 0, rot), softness=0.45, name=name)
    return ob


def towel_stack(x, y, colors, w=0.3, d=0.2, t=0.035, rot=0.0, z=0.0, jitter=0.01, seed=1):
    rnd = random.Random(seed)
    zz = z
    for c in colors:
        towel_fold(x + rnd.uniform(-jitter, jitter), y + rnd.uniform(-jitter, jitter), w, d, t, c,
                   rot + rnd.uniform(-0.04, 0.04), zz)
        zz += t * 0.92
    return zz


def towel_roll(x, y, r=0.04, length=0.25, color='#efe6da', rot=0.0, z=0.0):
    m = towel('towel_' + color, color)
    ob = cyl(r, length, (0, 0, 0), m, 48, bevel=r * 0.35)
    ob.rotation_euler = (0, math.pi / 2, rot)
    c, s = math.cos(rot), math.sin(rot)
    ob.location = (x - c * length / 2, y - s * length / 2, z + r * 0.97)
    # spiral seam hint
    ob2 = cyl(r * 0.35, length + 0.002, (0, 0, 0), principled('towel_in_' + color, color, 1.0), 24)
    ob2.rotation_euler = ob.rotation_euler
    ob2.location = (ob.location[0] - c * 0.001, ob.location[1] - s * 0.001, ob.location[2])
    return ob


def lying_rod(x, y, length, profile_fn, mat, rot=0.0, z=0.0, segs=32, name='rod'):
    """profile along length: list of (radius, t) with t in 0..length; lies on table along rot."""
    prof = profile_fn
    rmax = max(p[0] for p in prof)
    ob = lathe(prof, (0, 0, 0), mat, segs, name)
    ob.rotation_euler = (0, math.pi / 2, rot)
    ob.location = (x, y, z + rmax)
    return ob


def makeup_brush(x, y, rot=0.0, length=0.17, handle='#1f1c1b', bristle='#d9c3b0', kind='round',
                 z=0.0, ferrule=None):
    """Brush lying on the table, pointing toward +rot direction; x,y = handle end."""
    hm = principled('handle_' + handle, handle, 0.3, coat=0.8)
    fm = ferrule or brass('brass_pol', '#d8b272', 0.18, False)
    bm = principled('bristle_' + bristle, bristle, 0.7, sheen=0.8, bump=0.4, bump_scale=400)
    hl = length * 0.55
    fl = length * 0.18
    bl = length * 0.27
    rh = 0.0055
    c, s = math.cos(rot), math.sin(rot)
    rmax = 0.011 if kind == 'round' else 0.008
    zc = z + rmax

    def place(ob, t0):
        ob.rotation_euler = (0, math.pi / 2, rot)
        ob.location = (x + c * t0, y + s * t0, zc)
        return ob
    place(lathe([(0, 0), (rh * 0.6, 0), (rh * 0.8, 0.004), (rh, hl * 0.7), (rh * 0.85, hl), (0, hl)],
                (0, 0, 0), hm, 24, 'handle'), 0)
    place(lathe([(0, 0), (rh * 0.88, 0), (rh * 1.0, fl * 0.2), (rh * 1.25, fl), (0, fl)], (0, 0, 0), fm,
                24, 'ferrule'), hl)
    if kind == 'round':
        br = [(0, 0), (rh * 1.2, 0), (rmax * 0.98, bl * 0.45), (rmax * 0.85, bl * 0.75),
              (rmax * 0.45, bl * 0.95), (0, bl)]
    else:
        br = [(0, 0), (rh * 1.15, 0), (rh * 1.05, bl * 0.6), (rh * 0.5, bl * 0.95), (0, bl)]
    ob = place(lathe(br, (0, 0, 0), bm, 32, 'bristle'), hl + fl)
    # keep it resting: lower the whole brush slightly so bristles touch the table
    return ob


def pencil(x, y, rot=0.0, length=0.16, color='#6f5648', tip='#3b2a22', z=0.0, cap=None):
    r = 0.0038
    m = principled('pencil_' + color, color, 0.35, coat=0.5)
    ob = lathe([(0, 0), (r, 0), (r, length * 0.88), (r * 0.45, length * 0.97), (0.0008, length),
                (0, length)], (0, 0, 0), m, 6, 'pencil', smooth_angle=20)
    ob.rotation_euler = (0, math.pi / 2, rot)
    ob.location = (x, y, z + r * 0.87)
    c, s = math.cos(rot), math.sin(rot)
    tp = lathe([(r * 0.45, 0), (0.0009, length * 0.09), (0, length * 0.095)], (0, 0, 0),
               principled('lead_' + tip, tip, 0.5), 12, 'tip')
    tp.rotation_euler = ob.rotation_euler
    tp.location = (x + c * length * 0.905, y + s * length * 0.905, z + r * 0.87)
    if cap:
        cp = cyl(r * 1.05, 0.012, (0, 0, 0), cap, 12)
        cp.rotation_euler = ob.rotation_euler
        cp.location = (x - c * 0.001, y - s * 0.001, z + r * 0.87)


def lipstick(x, y, h=0.075, r=0.0095, color='#a3272f', metal=None, z=0.0, open_=True):
    mm = metal or brass('brass_pol', '#d8b272', 0.18, False)
    cyl(r, h * 0.55, (x, y, z), mm, 48, bevel=0.0012)
    if open_:
        cyl(r * 0.82, h * 0.12, (x, y, z + h * 0.55), brass('brass_dark', '#b8934f', 0.25), 48)
        bul = principled('lip_' + color, color, 0.22, coat=0.5)
        pr = [(0, 0), (r * 0.66, 0), (r * 0.66, h * 0.22), (r * 0.4, h * 0.33), (0, h * 0.36)]
        ob = lathe(pr, (x, y, z + h * 0.67), bul, 48, 'bullet')
        ob.rotation_euler = (0.0, 0.0, 0.0)


def compact(x, y, r=0.04, h=0.014, mat=None, z=0.0):
    m = mat or brass('brass_pol', '#d8b272', 0.18, False)
    cyl(r, h, (x, y, z), m, 64, bevel=0.004)
    torus(r * 0.55, 0.0012, (x, y, z + h), brass('brass_dark', '#b8934f', 0.25))


def palette(x, y, rot=0.0, cols=None, z=0.0, case='#efe6da'):
    cols = cols or ['#d9b6a3', '#c48f7c', '#9c6a58', '#e8cfbf', '#b07a6a', '#6f4a3e', '#e2b9a1',
                    '#a5837a', '#7d5548']
    W, D = 0.16, 0.11
    c, s = math.cos(rot), math.sin(rot)
    box((W, D, 0.012), (x, y, z + 0.006), principled('case_' + case, case, 0.35, coat=0.5),
        bevel=0.004, rot=(0, 0, rot))
    k = 0
    for i in range(3):
        for j in range(3):
            lx = -W / 2 + 0.03 + i * 0.05
            ly = -D / 2 + 0.022 + j * 0.033
            px = x + c * lx - s * ly
            py = y + s * lx + c * ly
            m = principled('shadow_' + cols[k], cols[k], 0.75, sheen=0.3, bump=0.2, bump_scale=500)
            box((0.044, 0.028, 0.004), (px, py, z + 0.0115), m, bevel=0.002, rot=(0, 0, rot))
            k += 1


def tweezers(x, y, rot=0.0, mat=None, z=0.0, length=0.095):
    m = mat or brass('rosegold', '#d9a48c', 0.2, False)
    c, s = math.cos(rot), math.sin(rot)
    for sgn in (-1, 1):
        a = rot + sgn * 0.06
        cc, ss = math.cos(a), math.sin(a)
        box((length, 0.006, 0.0012), (x + cc * length / 2, y + ss * length / 2, z + 0.0035 + 0.0015 * sgn),
            m, bevel=0.0004, rot=(0, 0, a))
    box((0.012, 0.007, 0.004), (x, y, z + 0.003), m, bevel=0.001, rot=(0, 0, rot))


def spoolie(x, y, rot=0.0, z=0.0, handle='#1f1c1b'):
    hm = principled('handle_' + handle, handle, 0.3, coat=0.8)
    c, s = math.cos(rot), math.sin(rot)
    ob = cyl(0.004, 0.1, (0, 0, 0), hm, 20, bevel=0.001)
    ob.rotation_euler = (0, math.pi / 2, rot)
    ob.location = (x, y, z + 0.0065)
    w = cyl(0.0009, 0.03, (0, 0, 0), brass('steel', '#cfd0d2', 0.25), 8)
    w.rotation_euler = ob.rotation_euler
    w.location = (x + c * 0.1, y + s * 0.1, z + 0.0065)
    hd = lathe([(0, 0), (0.005, 0.002), (0.0062, 0.012), (0.005, 0.024), (0, 0.026)], (0, 0, 0),
               principled('spool', '#2b2523', 0.8, sheen=1, bump=1.0, bump_scale=900), 24, 'spool')
    hd.rotation_euler = ob.rotation_euler
    hd.location = (x + c * 0.115, y + s * 0.115, z + 0.0065)


def round_mirror(x, y, r=0.07, z=0.0, face_rot=0.0, tilt=0.15):
    """Small vanity mirror on a brass stand, facing -Y rotated by face_rot."""
    b = brass('brass_pol', '#d8b272', 0.18, False)
    cyl(0.035, 0.008, (x, y, z), b, 48, bevel=0.003)
    cyl(0.004, 0.06, (x, y, z + 0.008), b, 16)
    fr = torus(r, 0.005, (x, y, z + 0.07 + r), b, rot=(math.pi / 2 - tilt, 0, face_rot))
    mr = cyl(r, 0.003, (0, 0, 0), principled('mirror', '#e8e8e8', 0.02, metal=1.0), 64)
    mr.rotation_euler = (math.pi / 2 - tilt, 0, face_rot)
    mr.location = (x, y, z + 0.07 + r)
    return fr


def vase_with_stems(x, y, z=0.0, h=0.22, r=0.06, mat=None, n=5, seed=3, spread=0.7, stem_len=0.45,
                    leaf_size=0.04):
    m = mat or ceramic('vase_ivory', '#ece3d6', 0.45)
    pr = [(0, 0), (r * 0.7, 0), (r, h * 0.25), (r * 0.95, h * 0.55), (r * 0.45, h * 0.85),
          (r * 0.4, h * 0.97), (r * 0.48, h), (r * 0.36, h), (r * 0.33, h * 0.9), (0, h * 0.88)]
    lathe(pr, (x, y, z), m, 64, 'vase', cap=False)
    rnd = random.Random(seed)
    for k in range(n):
        a = rnd.uniform(0, 2 * math.pi)
        el = rnd.uniform(1.0, 1.35)
        d = (math.cos(a) * spread, math.sin(a) * spread, el * 1.4)
        eucalyptus((x + math.cos(a) * r * 0.2, y + math.sin(a) * r * 0.2, z + h * 0.9), d,
                   length=stem_len * rnd.uniform(0.8, 1.1), leaf_size=leaf_size, seed=seed * 10 + k,
                   droop=rnd.uniform(0.2, 0.45), leaves_per=8)


def candle(x, y, r=0.035, h=0.07, z=0.0, vessel=None, lit=True):
    v = vessel or glass('smoke', '#d8c8b8', 0.05, 1.5)
    lathe([(0, 0), (r, 0), (r, h), (r * 0.9, h), (r * 0.9, 0.004), (0, 0.004)], (x, y, z), v, 48,
          'candle', cap=False)
    lathe([(0, 0.004), (r * 0.88, 0.004), (r * 0.88, h * 0.7), (0, h * 0.68)], (x, y, z),
          principled('wax', '#f1e8da', 0.5, sheen=0.3), 48)
    cyl(0.0008, 0.008, (x, y, z + h * 0.68), principled('wick', '#222', 0.8), 8)
    if lit:
        sphere(0.0035, (x, y, z + h * 0.68 + 0.014), emit('flame', '#ffb35c', 30), 16, 8,
               scale=(1, 1, 2.4))
        from lib import point_light
        point_light((x, y, z + h * 0.68 + 0.02), power=0.8, radius=0.004, color='#ffb060')


def stones_stack(x, y, z=0.0, sizes=(0.06, 0.05, 0.04, 0.03), seed=2):
    m = principled('basalt', '#2b2826', 0.35, coat=0.3, bump=0.15, bump_scale=60)
    zz = z
    rnd = random.Random(seed)
    for i, r in enumerate(sizes):
        ob = stone(r, (x + rnd.uniform(-0.004, 0.004), y + rnd.uniform(-0.004, 0.004), zz), m, seed=seed + i,
                   flat=0.38, rot_z=rnd.uniform(0, 3))
        zz += r * 0.38 * 2 * 0.93


def vial(x, y, r=0.011, h=0.045, z=0.0, cap='#9aa3a8', liquid=None):
    g = glass('vialglass', '#ffffff', 0.0, 1.5)
    lathe([(0, 0), (r * 0.9, 0), (r, 0.002), (r, h * 0.8), (r * 0.7, h * 0.86), (r * 0.7, h * 0.9),
           (0, h * 0.9)], (x, y, z), g, 40, 'vial')
    if liquid:
        lathe([(0, 0.002), (r * 0.85, 0.002), (r * 0.85, h * 0.55), (0, h * 0.55)], (x, y, z),
              glass('liq_' + liquid, liquid, 0.0, 1.33), 40)
    cyl(r * 0.95, h * 0.18, (x, y, z + h * 0.86), principled('vcap_' + cap, cap, 0.3, metal=0.6), 40,
        bevel=0.0008)


def syringe(x, y, rot=0.0, z=0.0, length=0.1):
    g = glass('syr', '#ffffff', 0.05, 1.5)
    r = 0.005
    ob = lathe([(0, 0), (r, 0), (r, length * 0.7), (r * 0.4, length * 0.75), (r * 0.3, length * 0.8),
                (0, length * 0.8)], (0, 0, 0), g, 32, 'syr')
    ob.rotation_euler = (0, math.pi / 2, rot)
    ob.location = (x, y, z + r)
    c, s = math.cos(rot), math.sin(rot)
    pl = lathe([(0, 0), (r * 0.8, 0), (r * 0.8, length * 0.55), (0, length * 0.55)], (0, 0, 0),
               principled('plunger', '#f2f2f0', 0.3), 24)
    pl.rotation_euler = ob.rotation_euler
    pl.location = (x - c * length * 0.2, y - s * length * 0.2, z + r)
    fl = box((0.004, 0.03, 0.012), (x, y, z + r), principled('plunger', '#f2f2f0', 0.3), bevel=0.001,
             rot=(0, 0, rot))
    cp = lathe([(r * 0.35, 0), (r * 0.35, length * 0.12), (0, length * 0.13)], (0, 0, 0),
               principled('needlecap', '#c9d3d6', 0.3), 16)
    cp.rotation_euler = ob.rotation_euler
    cp.location = (x + c * length * 0.8, y + s * length * 0.8, z + r)


def scissors(x, y, rot=0.0, z=0.0, mat=None):
    m = mat or brass('steel_pol', '#d6d6d4', 0.15, False)
    c, s = math.cos(rot), math.sin(rot)
    for sgn, off in ((1, 0.0012), (-1, 0.0036)):
        a = rot + sgn * 0.09
        cc, ss = math.cos(a), math.sin(a)
        bl = lathe([(0, 0), (0.006, 0), (0.0045, 0.06), (0.0005, 0.1), (0, 0.1)], (0, 0, 0), m, 4,
                   'blade', smooth_angle=10)
        bl.scale = (1, 0.25, 1)
        bl.rotation_euler = (0, math.pi / 2, a)
        bl.location = (x, y, z + off)
        ring_c = (x - cc * 0.03 + sgn * -ss * 0.012, y - ss * 0.03 + sgn * cc * 0.012, z + off)
        torus(0.012, 0.0025, ring_c, m, rot=(0, 0, 0))
        tube_path([(x, y, z + off), ((x + ring_c[0]) / 2, (y + ring_c[1]) / 2, z + off), ring_c],
                  0.0024, m)
    cyl(0.003, 0.006, (x, y, z), m, 16)


def comb(x, y, rot=0.0, z=0.0, color='#1f1c1b', length=0.17):
    m = principled('comb_' + color, color, 0.3, coat=0.6)
    box((length, 0.012, 0.003), (x, y, z + 0.0015), m, bevel=0.001, rot=(0, 0, rot))
    c, s = math.cos(rot), math.sin(rot)
    n = 34
    for i in range(n):
        t = -length / 2 + 0.006 + i * (length - 0.012) / (n - 1)
        tl = 0.02 if i < n // 2 else 0.014
        px = x + c * t - (-s) * (0.006 + tl / 2)
        py = y + s * t - c * (0.006 + tl / 2)
        box((0.0018, tl, 0.0025), (px, py, z + 0.00125), m, bevel=0.0005, rot=(0, 0, rot))


def hair_dryer(x, y, rot=0.0, z=0.0, color='#ede4d8', metal=None):
    m = principled('dryer_' + color, color, 0.3, coat=0.6)
    mt = metal or brass('brass_pol', '#d8b272', 0.18, False)
    c, s = math.cos(rot), math.sin(rot)
    # body lies on its side along rot direction
    body = lathe([(0, 0), (0.036, 0), (0.04, 0.01), (0.04, 0.12), (0.03, 0.15), (0.026, 0.2),
                  (0.024, 0.2), (0, 0.195)], (0, 0, 0), m, 48, 'dryer')
    body.rotation_euler = (0, math.pi / 2, rot)
    body.location = (x, y, z + 0.04)
    ring = torus(0.0245, 0.003, (0, 0, 0), mt)
    ring.rotation_euler = (0, math.pi / 2, rot)
    ring.location = (x + c * 0.2, y + s * 0.2, z + 0.04)
    # handle lying flat, perpendicular
    hx, hy = x + c * 0.07, y + s * 0.07
    h = lathe([(0, 0), (0.017, 0), (0.018, 0.09), (0.015, 0.13), (0, 0.132)], (0, 0, 0), m, 32, 'handle')
    h.rotation_euler = (0, math.pi / 2, rot - math.pi / 2)
    h.location = (hx, hy, z + 0.018)


def round_brush(x, y, rot=0.0, z=0.0):
    hm = principled('handle_wood', '#8a6040', 0.35, coat=0.6)
    c, s = math.cos(rot), math.sin(rot)
    h = lathe([(0, 0), (0.008, 0), (0.011, 0.09), (0.01, 0.12), (0, 0.12)], (0, 0, 0), hm, 24)
    h.rotation_euler = (0, math.pi / 2, rot)
    h.location = (x, y, z + 0.025)
    br = cyl(0.025, 0.11, (0, 0, 0), principled('boar', '#3a2e28', 0.9, sheen=1.0, bump=1.5,
                                                    bump_scale=700), 32, bevel=0.008)
    br.rotation_euler = h.rotation_euler
    br.location = (x + c * 0.12, y + s * 0.12, z + 0.025)
    cb = cyl(0.013, 0.112, (0, 0, 0), brass('brass_pol', '#d8b272', 0.18, False), 24)
    cb.rotation_euler = h.rotation_euler
    cb.location = (x + c * 0.119, y + s * 0.119, z + 0.025)


def jade_roller(x, y, rot=0.0, z=0.0, stone_col='#8fb5a0'):
    jm = principled('jade_' + stone_col, stone_col, 0.12, coat=0.5, transmission=0.0)
    b = brass('brass_pol', '#d8b272', 0.18, False)
    c, s = math.cos(rot), math.sin(rot)
    # big roller across
    r1 = cyl(0.014, 0.055, (0, 0, 0), jm, 32, bevel=0.004)
    r1.rotation_euler = (math.pi / 2, 0, rot)
    r1.location = (x - s * -0.0275, y + c * -0.0275, z + 0.014)
    # handle
    hx, hy = x + c * 0.1, y + s * 0.1
    hd = cyl(0.008, 0.08, (0, 0, 0), jm, 24, bevel=0.003)
    hd.rotation_euler = (0, math.pi / 2, rot)
    hd.location = (x + c * 0.035, y + s * 0.035, z + 0.009)
    tube_path([(x + c * 0.0, y + s * 0.0, z + 0.014), (x + c * 0.02, y + s * 0.02, z + 0.011),
               (x + c * 0.04, y + s * 0.04, z + 0.009)], 0.0016, b)
    sm = cyl(0.008, 0.03, (0, 0, 0), jm, 24, bevel=0.003)
    sm.rotation_euler = (math.pi / 2, 0, rot)
    sm.location = (hx + c * 0.02 - s * -0.015, hy + s * 0.02 + c * -0.015, z + 0.008)
    tube_path([(hx - c * 0.005, hy - s * 0.005, z + 0.009), (hx + c * 0.02, hy + s * 0.02, z + 0.008)],
              0.0015, b)


def spatula(x, y, rot=0.0, z=0.0, length=0.15):
    m = wood('birch', '#dcc09a', '#c4a276', 6, 0.6)
    box((length, 0.018, 0.002), (x, y, z + 0.001), m, bevel=0.0009, rot=(0, 0, rot), segs=4)


def wax_warmer(x, y, z=0.0, color='#efe6da', wax='#d9a441'):
    m = principled('warmer_' + color, color, 0.3, coat=0.5)
    lathe([(0, 0), (0.08, 0), (0.085, 0.01), (0.085, 0.12), (0.075, 0.13), (0, 0.13)], (x, y, z), m, 64,
          'warmer')
    b = brass('steel', '#cfd0d2', 0.25)
    lathe([(0, 0.07), (0.07, 0.07), (0.072, 0.135), (0.078, 0.14), (0.078, 0.145), (0.066, 0.145),
           (0.066, 0.08), (0, 0.08)], (x, y, z), b, 64, 'pot')
    lathe([(0, 0.08), (0.066, 0.08), (0.066, 0.125), (0, 0.125)], (x, y, z),
          principled('wax_' + wax, wax, 0.15, coat=0.8), 64, 'wax')
    cyl(0.012, 0.006, (x + 0.05, y - 0.07, z + 0.03), principled('knob', '#b8934f', 0.3, metal=1), 24)
    spatula(x - 0.02, y + 0.0, rot=1.2, z=z + 0.125)
    s = box((0.2, 0.018, 0.002), (0, 0, 0), wood('birch', '#dcc09a', '#c4a276', 6, 0.6), bevel=0.0009)
    s.rotation_euler = (0, -0.6, 0.4)
    s.location = (x + 0.03, y + 0.015, z + 0.15)


def lash_tray(x, y, rot=0.0, z=0.0, rows=5, color='#1b1817'):
    W, D = 0.1, 0.07
    c, s = math.cos(rot), math.sin(rot)
    box((W, D, 0.004), (x, y, z + 0.002), principled('lashcard', '#e9c9bd', 0.5), bevel=0.0015,
        rot=(0, 0, rot))
    lm = principled('lash', color, 0.4, sheen=1)
    for i in range(rows):
        ly = -D / 2 + 0.012 + i * (D - 0.024) / (rows - 1)
        px = x - s * ly
        py = y + c * ly
        box((W * 0.62, 0.0045, 0.0014), (px + c * 0.006, py + s * 0.006, z + 0.0047), lm, bevel=0.0006,
            rot=(0, 0, rot))



def tray(x, y, w=0.3, d=0.2, rot=0.0, z=0.0, mat=None, rim=0.012):
    m = mat or brass('brass_tray', '#d7b37a', 0.3)
    box((w, d, 0.004), (x, y, z + 0.002), m, bevel=0.0015, rot=(0, 0, rot))
    c, s = math.cos(rot), math.sin(rot)
    for (lx, ly, sx, sy) in ((0, d / 2, w, 0.004), (0, -d / 2, w, 0.004), (w / 2, 0, 0.004, d),
                             (-w / 2, 0, 0.004, d)):
        box((sx, sy, rim), (x + c * lx - s * ly, y + s * lx + c * ly, z + rim / 2), m, bevel=0.0015,
            rot=(0, 0, rot))
    return z + 0.004


# ---------------------------------------------------------------- furniture
def leg(x, y, h, r=0.012, mat=None, z=0.0):
    return cyl(r, h, (x, y, z), mat or brass('brass', '#d9b374', 0.3), 20, bevel=0.002)


def velvet_chair(x, y, rot=0.0, color='#c98f84', z=0.0, legs=None, scale=1.0):
    """Curved-back lounge chair (simplified tub chair)."""
    vm = velvet('velvet_' + color, color)
    c, s = math.cos(rot), math.sin(rot)
    S = scale

    def P(lx, ly, lz):
        return (x + (c * lx - s * ly) * S, y + (s * lx + c * ly) * S, z + lz * S)
    cushion((0.7 * S, 0.62 * S, 0.16 * S), P(0, 0.02, 0.34), vm, rot=(0, 0, rot), softness=0.3)
    cushion((0.62 * S, 0.5 * S, 0.1 * S), P(0, -0.02, 0.46), vm, rot=(0, 0, rot), softness=0.45)
    # back as a bent slab: several rotated cushions around an arc
    for k in range(7):
        a = -1.2 + 2.4 * k / 6
        r = 0.31
        lx = math.sin(a) * r
        ly = math.cos(a) * r * 0.8 + 0.04
        cushion((0.17 * S, 0.14 * S, 0.42 * S), P(lx, ly, 0.62), vm, rot=(0, 0, rot - a * 0.9),
                softness=0.45)
    lm = legs or brass('brass', '#d9b374', 0.3)
    for lx, ly in ((-0.27, -0.22), (0.27, -0.22), (-0.27, 0.24), (0.27, 0.24)):
        leg(*P(lx, ly, 0)[:2], 0.27 * S, 0.013 * S, lm, z)


def sofa(x, y, rot=0.0, color='#d8c2a8', length=2.0, z=0.0):
    vm = velvet('velvet_' + color, color)
    c, s = math.cos(rot), math.sin(rot)

    def P(lx, ly, lz):
        return (x + c * lx - s * ly, y + s * lx + c * ly, z + lz)
    cushion((length, 0.9, 0.26), P(0, 0, 0.25), vm, rot=(0, 0, rot), softness=0.25)
    n = 3 if length > 1.6 else 2
    for i in range(n):
        lx = -length / 2 + 0.15 + (length - 0.3) * (i + 0.5) / n
        cushion(((length - 0.3) / n - 0.02, 0.7, 0.14), P(lx, -0.06, 0.44), vm, rot=(0, 0, rot),
                softness=0.45)
        cushion(((length - 0.3) / n - 0.02, 0.22, 0.45), P(lx, 0.3, 0.66), vm, rot=(0.15, 0, rot),
                softness=0.45)
    cushion((length, 0.2, 0.55), P(0, 0.36, 0.55), vm, rot=(0, 0, rot), softness=0.35)
    for sx in (-1, 1):
        cushion((0.17, 0.9, 0.5), P(sx * (length / 2 - 0.06), 0, 0.5), vm, rot=(0, 0, rot),
                softness=0.45)
    for lx, ly in ((-length / 2 + 0.1, -0.36), (length / 2 - 0.1, -0.36), (-length / 2 + 0.1, 0.36),
                   (length / 2 - 0.1, 0.36)):
        leg(*P(lx, ly, 0)[:2], 0.12, 0.014, None, z)


def round_table(x, y, r=0.45, h=0.42, top=None, z=0.0):
    t = top or marble('marble_w', '#efe9e1', '#9a8f84', 2.5)
    cyl(r, 0.035, (x, y, z + h - 0.035), t, 96, bevel=0.008)
    b = brass('brass', '#d9b374', 0.3)
    lathe([(0, 0), (r * 0.45, 0), (r * 0.45, 0.015), (r * 0.12, 0.04), (r * 0.1, h - 0.05),
           (r * 0.25, h - 0.035), (0, h - 0.035)], (x, y, z), b, 64, 'pedestal')


def pendant(x, y, z_top, drop=0.8, r=0.16, glow=1.6, name='pendant'):
    """Opal globe pendant on a brass rod, with a real light inside."""
    b = brass('brass', '#d9b374', 0.3)
    cyl(0.004, drop, (x, y, z_top - drop), b, 12)
    cyl(0.03, 0.04, (x, y, z_top - drop - 0.03), b, 24, bevel=0.005)
    sphere(r, (x, y, z_top - drop - r - 0.01), lampshade('opal_p', '#f3e6d3', glow), 48, 24)
    from lib import point_light
    point_light((x, y, z_top - drop - 2 * r - 0.04), power=12, radius=0.03, color='#ffd9a8')


def sconce(x, y, z, facing=(0, -1), glow=1.6):
    b = brass('brass', '#d9b374', 0.3)
    fx, fy = facing
    cyl(0.05, 0.012, (0, 0, 0), b, 32, rot=(math.pi / 2, 0, math.atan2(fy, fx) + math.pi / 2)).location = (
        x, y, z)
    tube_path([(x, y, z), (x + fx * 0.08, y + fy * 0.08, z + 0.02), (x + fx * 0.1, y + fy * 0.1, z + 0.08)],
              0.005, b)
    sphere(0.07, (x + fx * 0.1, y + fy * 0.1, z + 0.15), lampshade('opal_s', '#f3e6d3', glow), 32, 16)



def styling_chair(x, y, rot=0.0, color='#c98f84', z=0.0, leather=True):
    """Salon styling chair: upholstered seat/back/arms on a chrome pump base."""
    um = (principled('leather_' + color, color, 0.45, coat=0.25, bump=0.15, bump_scale=80) if leather
          else velvet('velvet_' + color, color))
    ch = brass('chrome', '#e4e4e2', 0.08, False)
    c, s = math.cos(rot), math.sin(rot)

    def P(lx, ly, lz):
        return (x + c * lx - s * ly, y + s * lx + c * ly, z + lz)
    lathe([(0, 0), (0.3, 0), (0.3, 0.01), (0.26, 0.04), (0.05, 0.06), (0, 0.06)], (x, y, z), ch, 64, 'base')
    cyl(0.05, 0.3, (x, y, z + 0.05), ch, 32)
    cyl(0.08, 0.04, (x, y, z + 0.33), ch, 32)
    cushion((0.56, 0.54, 0.15), P(0, 0, 0.45), um, rot=(0, 0, rot), softness=0.3)
    cushion((0.54, 0.14, 0.62), P(0, 0.27, 0.78), um, rot=(-0.12, 0, rot), softness=0.3)
    for sx in (-1, 1):
        cushion((0.1, 0.5, 0.2), P(sx * 0.31, 0.02, 0.6), um, rot=(0, 0, rot), softness=0.4)
    # footrest
    box((0.4, 0.06, 0.02), P(0, -0.36, 0.12), ch, bevel=0.006, rot=(0.3, 0, rot))
    tube_path([P(-0.15, -0.22, 0.3), P(-0.15, -0.34, 0.14)], 0.01, ch)
    tube_path([P(0.15, -0.22, 0.3), P(0.15, -0.34, 0.14)], 0.01, ch)


def arched_mirror(x, y, z, w=0.9, h=1.6, rot=0.0, frame=None, backlit=True):
    """Wall arched mirror (on wall plane facing -Y), optional LED backlight halo."""
    fm = frame or brass('brass', '#d9b374', 0.3)
    mm = principled('mirror', '#e8e8e8', 0.02, metal=1.0)
    c, s = math.cos(rot), math.sin(rot)

    def off(d):  # move d toward the room (-Y rotated)
        return (x + s * d, y - c * d)
    if backlit:
        arch_panel(w - 0.04, h - 0.04, 0.01, (*off(0.025), z + 0.02), emit('led', '#ffd9a8', 12.0),
                   rot=(0, 0, rot))
    arch_panel(w + 0.04, h + 0.02, 0.025, (*off(0.05), z - 0.01), fm, rot=(0, 0, rot))
    arch_panel(w, h, 0.01, (*off(0.068), z), mm, rot=(0, 0, rot))

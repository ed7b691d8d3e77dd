"""One small function per image. Each builds its scene into the empty file."""
import math
import random
from mathutils import Vector
from lib import (P, srgb, setup_render, world, denoise_compositor, principled, marble, velvet,
                 brass, glass, wood, towel, plaster, leaf, emit, lampshade, box, cushion, lathe,
                 cyl, sphere, torus, tube_path, plane, arch_panel, eucalyptus, stone, area_light,
                 sun_from, point_light, camera, gobo_window, window_spot, hide_from_camera, mesh_obj, smooth)

# internal render sizes (upscaled by render.sh to the master sizes)
WIDE = (1200, 675)
STD = (880, 660)
SCENES = {}


def scene(name):
    def deco(fn):
        SCENES[name] = fn
        return fn
    return deco


# ====================================================================== templates
def tabletop(top_mat, wall_mat, size=WIDE, wall_y=0.55, sun_az=235, sun_el=28, sun_power=3.2,
             gobo=True, gobo_rot=0.0, samples=24, exposure=0.0, fill=8, amb='#f3e9de',
             amb_strength=0.35, table_h=0.04, seed=3, front_edge=None):
    setup_render(*size, samples=samples, exposure=exposure)
    world(amb, amb_strength)
    denoise_compositor()
    import lib
    lib.CAM_PULL[0] = 1.3
    # table top (top face at z=0)
    fy = front_edge if front_edge is not None else -1.5
    depth = wall_y - fy
    box((3.0, depth, table_h), (0, fy + depth / 2, -table_h / 2), top_mat, bevel=0.006, name='table')
    # wall
    box((4.0, 0.05, 3.0), (0, wall_y + 0.025, 1.5 - 0.2), wall_mat, bevel=0, name='wall')
    if gobo:
        _, d = window_spot((0.0, 0.1, 0.1), sun_az, sun_el, dist=6.0, power=sun_power * 700, rot=gobo_rot,
                    seed=seed, panes=(4, 3), pane=0.042, bar=0.006, soft=0.0015)
    else:
        _, d = sun_from(sun_az, sun_el, strength=sun_power, angle=2.0)
    area_light((-0.2, -1.6, 0.9), (0, 0, 0.1), size=(1.4, 1.0), power=fill, color='#fff6ec')
    return d


def nail_bottle(x, y, color, cap='#1e1b1a', h=0.05, r=0.017, seed=0, cap_metal=False, rot=0.0):
    g = glass('bottleglass', '#ffffff', 0.0, 1.5)
    pr = [(0, 0), (r * 0.9, 0), (r, 0.002), (r, h * 0.72), (r * 0.96, h * 0.78), (r * 0.45, h * 0.86),
          (r * 0.38, h * 0.9), (0, h * 0.9)]
    lathe(pr, (x, y, 0), g, segs=48, name='bottle', smooth_angle=60)
    inner = [(0, 0.003), (r * 0.86, 0.003), (r * 0.9, 0.005), (r * 0.9, h * 0.66), (r * 0.8, h * 0.72),
             (0, h * 0.72)]
    lathe(inner, (x, y, 0), principled('polish_' + color, color, rough=0.15, coat=0.8, spec=0.5),
          segs=48, name='polish')
    cm = brass('capbrass', '#d4af6a', 0.22, True) if cap_metal else principled(
        'cap_' + cap, cap, rough=0.35, coat=0.3)
    cyl(r * 0.55, h * 0.95, (x, y, h * 0.86), cm, segs=40, bevel=0.0015, name='cap')


# ====================================================================== services
@scene('service-nails')
def service_nails():
    tabletop(marble('marble_w', '#efe9e1', '#9a8f84', 2.5), plaster('wall_blush', '#e8d2c6'), size=STD,
             wall_y=0.35, sun_az=228, sun_el=30, sun_power=4.5, amb_strength=0.35, exposure=0.3)
    spots = [((-0.03, -0.03), '#d9a596', '#efe7dc', False, 0.052),
             ((0.035, 0.045), '#9b3345', '#1f1c1b', False, 0.058),
             ((-0.085, 0.06), '#e9cfc4', '#1f1c1b', False, 0.056),
             ((0.075, -0.005), '#c77f78', '#d4af6a', True, 0.05),
             ((0.14, 0.085), '#f0e4dc', '#efe7dc', False, 0.054)]
    for (x, y), c, cap, metal, h in spots:
        nail_bottle(x, y, c, cap=cap, cap_metal=metal, h=h)
    # small ceramic manicure bowl with floating petals
    cer = principled('ceramic_ivory', '#f1ebe2', rough=0.22, coat=0.6)
    bowl = [(0, 0), (0.028, 0), (0.04, 0.004), (0.052, 0.028), (0.05, 0.03), (0.041, 0.007),
            (0, 0.005)]
    lathe(bowl, (-0.2, -0.02, 0), cer, 64, 'bowl', cap=False)
    water = [(0, 0.006), (0.041, 0.008), (0.0465, 0.022), (0, 0.022)]
    lathe(water, (-0.2, -0.02, 0), glass('water', '#f4fbfb', 0.0, 1.33), 64, 'water')
    for k, (px, py) in enumerate([(-0.205, -0.03), (-0.19, -0.005), (-0.215, -0.005)]):
        sphere(0.011, (px, py, 0.0235), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
               scale=(1.0, 0.8, 0.1), name='petal')
    # velvet manicure cushion on a folded towel
    box((0.2, 0.14, 0.012), (0.215, -0.09, 0.006), towel('towel_ivory', '#efe6da'), bevel=0.005,
        rot=(0, 0, 0.18))
    cushion((0.13, 0.08, 0.04), (0.21, -0.09, 0.032), velvet('velvet_blush', '#d5a094'),
            rot=(0, 0, 0.18))
    # nail file and cuticle pusher
    box((0.13, 0.017, 0.0025), (0.02, -0.13, 0.00125), principled('file', '#e7d2c2', 0.9, bump=0.4,
        bump_scale=300), bevel=0.001, rot=(0, 0, -0.3))
    cyl(0.0022, 0.1, (-0.11, -0.15, 0.0022), brass('steel', '#cfd0d2', 0.25), rot=(0, math.pi / 2, 0.25))
    eucalyptus((-0.12, 0.2, 0.002), (-0.2, -1, 0.0), length=0.28, leaf_size=0.03, seed=5, droop=0.0)
    camera((0.0, -0.6, 0.26), (0.0, 0.02, 0.02), lens=70, fstop=2.8, focus=(-0.03, -0.03, 0.03))


from props import *  # noqa: E402,F401,F403


def linen(name, color):
    return principled(name, color, rough=0.95, spec=0.25, sheen=0.6, bump=0.25, bump_scale=160)


def travertine(name='travertine', color='#e3d5c2'):
    return principled(name, color, rough=0.6, spec=0.35, bump=0.3, bump_scale=35)


@scene('service-lashes')
def service_lashes():
    tabletop(linen('linen_blush', '#e8cfc3'), plaster('wall_cream', '#efe4d6'), size=STD, wall_y=0.4,
             sun_az=215, sun_el=34, sun_power=4.0, amb_strength=0.35, exposure=0.2, seed=7)
    # marble slab as a work tray
    box((0.26, 0.17, 0.012), (-0.02, 0.03, 0.006), marble('marble_w', '#efe9e1', '#9a8f84', 2.5),
        bevel=0.003, rot=(0, 0, 0.1))
    lash_tray(-0.06, 0.03, rot=0.1, z=0.012, color='#161312')
    lash_tray(0.055, 0.05, rot=0.1, z=0.012, color='#2a1f1b')
    tweezers(-0.12, -0.09, rot=0.3)
    tweezers(-0.07, -0.12, rot=0.18, mat=brass('steel_pol', '#d6d6d4', 0.15, False))
    round_mirror(-0.22, 0.17, r=0.075, face_rot=0.5)
    for k, (x, y) in enumerate([(0.17, 0.1), (0.2, 0.05)]):
        lipstick(x, y, h=0.11, r=0.009, color='#1b1817', open_=False,
                 metal=brass('brass_pol', '#d8b272', 0.18, False) if k == 0 else principled(
                     'masc_black', '#1d1a19', 0.3, coat=0.8))
    spoolie(0.05, -0.13, rot=-0.2)
    cushion((0.12, 0.08, 0.035), (0.16, -0.08, 0.0175), velvet('velvet_blush', '#d5a094'), rot=(0, 0, -0.3))
    eucalyptus((0.3, 0.25, 0.0), (-1, -0.3, 0.0), length=0.3, leaf_size=0.032, seed=11, droop=0.0)
    camera((0.02, -0.62, 0.3), (0.0, 0.02, 0.02), lens=60, fstop=3.5, focus=(-0.05, 0.0, 0.02))


@scene('service-eyebrows')
def service_eyebrows():
    # flat lay, seen from above
    tabletop(plaster('table_sand', '#e4d3c0', 0.12), plaster('wall_cream', '#efe4d6'), size=STD,
             wall_y=1.0, sun_az=200, sun_el=48, sun_power=4.5, amb_strength=0.4, exposure=0.2,
             seed=4, gobo_rot=0.4)
    cols = ['#6f5648', '#4a3a31', '#8a6a55']
    for i, c in enumerate(cols):
        pencil(-0.12 + i * 0.012, -0.06 + i * 0.045, rot=0.55, color=c, tip=c, length=0.17,
               cap=brass('brass_pol', '#d8b272', 0.18, False))
    spoolie(0.02, 0.1, rot=-0.25)
    spoolie(0.06, 0.06, rot=-0.3, handle='#e9dccf')
    tweezers(0.08, -0.12, rot=2.6)
    compact(-0.16, 0.13, r=0.045)
    cyl(0.036, 0.002, (0.09, 0.0, 0.0), principled('mirror', '#e8e8e8', 0.02, metal=1.0), 48)
    torus(0.037, 0.003, (0.09, 0.0, 0.001), brass('brass_pol', '#d8b272', 0.18, False))
    box((0.06, 0.03, 0.012), (-0.02, -0.15, 0.006), principled('pomade', '#5a4436', 0.3, coat=0.5),
        bevel=0.004, rot=(0, 0, -0.2))
    eucalyptus((0.25, 0.2, 0.0), (-1, -0.5, 0.0), length=0.3, leaf_size=0.035, seed=21, droop=0.0)
    eucalyptus((-0.28, -0.2, 0.0), (1, 0.2, 0.0), length=0.2, leaf_size=0.03, seed=22, droop=0.0)
    camera((0.0, -0.02, 0.62), (0.0, 0.0, 0.0), lens=50, fstop=8)


@scene('service-makeup')
def service_makeup():
    tabletop(marble('marble_w', '#efe9e1', '#9a8f84', 2.5), plaster('wall_rose', '#d9b0a3'), size=STD,
             wall_y=0.38, sun_az=240, sun_el=30, sun_power=4.0, amb_strength=0.35, exposure=0.25, seed=9)
    b = brass('brass_pol', '#d8b272', 0.18, False)
    # brush cup
    lathe([(0, 0), (0.04, 0), (0.042, 0.1), (0.038, 0.1), (0.036, 0.004), (0, 0.004)], (-0.08, 0.09, 0),
          ceramic('cer_ivory', '#f0e8dd'), 64, 'cup', cap=False)
    rnd = random.Random(4)
    for k in range(6):
        a = rnd.uniform(-0.35, 0.35)
        bb = rnd.uniform(-0.25, 0.25)
        ln = rnd.uniform(0.17, 0.21)
        ob = lathe([(0, 0), (0.005, 0), (0.006, ln * 0.6), (0.007, ln * 0.62), (0.008, ln * 0.75),
                    (0.011 if k % 2 else 0.007, ln * 0.88), (0.006, ln * 0.98), (0, ln)],
                   (-0.08 + rnd.uniform(-0.012, 0.012), 0.09 + rnd.uniform(-0.012, 0.012), 0.004),
                   principled('handle_#1f1c1b' if k % 2 else 'handle_ivory', '#1f1c1b' if k % 2 else '#eee4d8',
                              0.3, coat=0.8), 24, 'brushup')
        ob.rotation_euler = (a, bb, 0)
    palette(0.1, 0.03, rot=-0.25)
    lipstick(-0.02, -0.06, color='#a3272f')
    lipstick(0.01, -0.1, color='#c27a70', open_=True)
    compact(0.17, -0.1, r=0.04)
    makeup_brush(-0.2, -0.12, rot=0.25, handle='#eee4d8', bristle='#e0c9b6')
    makeup_brush(-0.1, -0.16, rot=0.05, handle='#1f1c1b', bristle='#cfae95', kind='flat')
    camera((0.02, -0.62, 0.27), (0.0, 0.0, 0.04), lens=65, fstop=3.2, focus=(-0.01, -0.06, 0.04))


@scene('service-facials')
def service_facials():
    tabletop(travertine(), plaster('wall_sage', '#c9cfbf'), size=STD, wall_y=0.36, sun_az=230, sun_el=32,
             sun_power=4.2, amb_strength=0.35, exposure=0.25, seed=12)
    towel_stack(0.13, 0.06, ['#efe6da', '#e9d9c6'], w=0.26, d=0.18, t=0.03, rot=-0.15)
    dropper_bottle(0.12, 0.05, h=0.1, z=0.057)
    dropper_bottle(-0.04, 0.06, h=0.12, r=0.021)
    dropper_bottle(0.0, -0.04, h=0.085, r=0.016, glass_col='#e6ddd2', liquid='#f0e0c8', bulb='#e9dfd3')
    jar(-0.13, -0.02, r=0.04, h=0.045, body=ceramic('cer_ivory', '#f0e8dd'))
    jade_roller(-0.05, -0.14, rot=0.35)
    eucalyptus((-0.3, 0.2, 0.0), (1, -0.4, 0.0), length=0.32, leaf_size=0.035, seed=31, droop=0.0)
    camera((0.0, -0.6, 0.24), (0.0, 0.0, 0.05), lens=65, fstop=3.2, focus=(0.0, -0.04, 0.05))


@scene('service-lip-fillers')
def service_lip_fillers():
    tabletop(marble('marble_cool', '#f1eeea', '#a8a29c', 2.0), plaster('wall_blush2', '#ecd7cf'), size=STD,
             wall_y=0.4, sun_az=220, sun_el=40, sun_power=4.0, amb_strength=0.4, exposure=0.3, seed=14)
    tray(0.0, 0.0, 0.32, 0.22, rot=0.08, mat=ceramic('tray_white', '#f4f1ec', 0.3))
    for i in range(4):
        vial(-0.08 + i * 0.032, 0.05, cap='#c9a7a0' if i % 2 else '#b9bcbf', liquid='#f6f0f4', z=0.004)
    syringe(-0.1, -0.03, rot=0.08, z=0.004)
    syringe(-0.08, -0.065, rot=0.08, z=0.004)
    box((0.07, 0.07, 0.006), (0.1, -0.04, 0.007), towel('gauze', '#f7f4ef'), bevel=0.003, rot=(0, 0, 0.3))
    sphere(0.018, (0.2, 0.12, 0.012), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
           scale=(1.4, 1.0, 0.3))
    vase_with_stems(0.22, 0.22, h=0.14, r=0.04, n=3, seed=5, stem_len=0.28, leaf_size=0.03,
                    mat=glass('vaseglass', '#f2f6f3', 0.0))
    camera((0.0, -0.55, 0.3), (0.0, 0.0, 0.02), lens=70, fstop=3.5, focus=(-0.04, 0.0, 0.02))


@scene('service-waxing')
def service_waxing():
    tabletop(wood('oak_light', '#d2b08a', '#a98460', 3.0, 0.5), plaster('wall_ivory', '#efe6d8'), size=STD,
             wall_y=0.45, sun_az=235, sun_el=30, sun_power=4.0, amb_strength=0.35, exposure=0.25, seed=16)
    wax_warmer(-0.02, 0.06)
    lathe([(0, 0), (0.03, 0), (0.03, 0.1), (0, 0.1)], (0.15, 0.1, 0), glass('jarglass', '#f4f7f5', 0.0),
          48, 'jar', cap=False)
    for k in range(5):
        s = box((0.15, 0.018, 0.002), (0, 0, 0), wood('birch', '#dcc09a', '#c4a276', 6, 0.6), bevel=0.0009)
        s.rotation_euler = (0, -1.35 + k * 0.05, 0.4 * k)
        s.location = (0.15 + 0.008 * math.cos(k), 0.1 + 0.008 * math.sin(k), 0.075)
    towel_roll(-0.16, -0.12, r=0.035, length=0.22, color='#efe6da', rot=0.3)
    towel_roll(-0.12, -0.05, r=0.035, length=0.22, color='#e6cfc1', rot=0.3)
    spatula(0.06, -0.12, rot=-0.2)
    spatula(0.08, -0.15, rot=-0.35)
    eucalyptus((0.35, 0.1, 0.0), (-1, -0.3, 0.0), length=0.3, leaf_size=0.035, seed=41, droop=0.0)
    camera((0.02, -0.62, 0.3), (0.0, 0.0, 0.06), lens=60, fstop=3.2, focus=(-0.02, 0.0, 0.08))


@scene('service-hair')
def service_hair():
    tabletop(marble('marble_w', '#efe9e1', '#9a8f84', 2.5), plaster('wall_clay', '#cfa593'), size=STD,
             wall_y=0.42, sun_az=228, sun_el=30, sun_power=4.0, amb_strength=0.35, exposure=0.25, seed=18)
    hair_dryer(-0.14, 0.03, rot=0.3, color='#e7c4b8')
    scissors(-0.1, -0.13, rot=-0.35)
    comb(0.18, -0.05, rot=-0.5, color='#d8b272')
    round_brush(0.04, -0.1, rot=0.55)
    pump_bottle(-0.25, 0.2, r=0.03, h=0.16, body=ceramic('cer_clay', '#b87763'))
    pump_bottle(-0.16, 0.24, r=0.026, h=0.13, body=ceramic('cer_ivory', '#f0e8dd'))
    vase_with_stems(0.22, 0.2, h=0.16, r=0.05, n=4, seed=61, stem_len=0.32, leaf_size=0.035)
    camera((0.03, -0.55, 0.2), (0.0, 0.0, 0.03), lens=55, fstop=3.2, focus=(-0.05, -0.06, 0.03))


@scene('hero-specials')
def hero_specials():
    tabletop(marble('marble_w', '#efe9e1', '#9a8f84', 2.5), plaster('wall_blush', '#e8d2c6'), size=WIDE,
             wall_y=0.45, sun_az=232, sun_el=28, sun_power=4.2, amb_strength=0.35, exposure=0.25, seed=19)
    hair_dryer(0.08, 0.12, rot=-0.1, color='#e7c4b8')
    scissors(0.24, -0.05, rot=0.4)
    round_brush(0.33, 0.12, rot=2.9)
    comb(0.2, -0.17, rot=0.25, color='#d8b272')
    pump_bottle(-0.25, 0.14, r=0.032, h=0.18, body=ceramic('cer_ivory', '#f0e8dd'))
    pump_bottle(-0.17, 0.18, r=0.028, h=0.15, body=ceramic('cer_blush', '#e6c3b6'))
    dropper_bottle(-0.1, 0.04, h=0.1)
    jar(-0.22, -0.03, r=0.04, h=0.04, body=ceramic('cer_ivory', '#f0e8dd'))
    makeup_brush(-0.05, -0.12, rot=-0.15, handle='#eee4d8', bristle='#e0c9b6')
    vase_with_stems(-0.45, 0.25, h=0.2, r=0.06, n=5, seed=7)
    camera((-0.02, -0.72, 0.28), (-0.02, 0.0, 0.05), lens=55, fstop=3.5, focus=(0.0, -0.05, 0.05))


# ====================================================================== interiors
def room(size, W=6.0, D=7.0, H=3.0, wall='#efe6d8', floor_mat=None, window=(2.0, 4.6, 0.5, 2.6),
         sun_az=165, sun_el=32, sun_power=3.0, exposure=0.0, samples=16, ceiling=False, amb='#f4ece2',
         amb_strength=0.9, panels=True, right_wall=True, left_wall=True, skirting=True, wall_mat=None,
         pane=0.55, seed=3, sun_target=None, front_wall=-0.8):
    # interiors render a little smaller (they cost more per pixel) and are upscaled
    size = (int(size[0] * 0.85), int(size[1] * 0.85))
    setup_render(*size, samples=samples, exposure=exposure)
    world(amb, amb_strength)
    denoise_compositor(sigma_space=7.0, sigma_color=0.3)
    wm = wall_mat or plaster('wall_' + wall, wall, 0.04)
    fm = floor_mat or wood('floor_oak', '#c9a27a', '#9b7452', 2.0, 0.35, stretch=8.0)
    T = 0.1
    box((W + 2, D + 2, 0.1), (0, D / 2, -0.05), fm, bevel=0, name='floor')
    box((W, T, H), (0, D + T / 2, H / 2), wm, bevel=0, name='backwall')
    if right_wall:
        box((T, D + 1, H), (W / 2 + T / 2, D / 2, H / 2), wm, bevel=0, name='rightwall')
    if left_wall:
        y0, y1, z0, z1 = window
        x = -W / 2 - T / 2
        box((T, y0 + 0.5, H), (x, (y0 - 0.5) / 2, H / 2), wm, bevel=0)
        box((T, D - y1, H), (x, (y1 + D) / 2, H / 2), wm, bevel=0)
        box((T, y1 - y0, z0), (x, (y0 + y1) / 2, z0 / 2), wm, bevel=0)
        box((T, y1 - y0, H - z1), (x, (y0 + y1) / 2, (H + z1) / 2), wm, bevel=0)
        fr = principled('winframe', '#f2ece4', 0.4)
        # slim window frame + mullions
        n = max(2, int(round((y1 - y0) / 0.7)))
        for i in range(n + 1):
            yy = y0 + (y1 - y0) * i / n
            box((0.06, 0.045, z1 - z0), (x, yy, (z0 + z1) / 2), fr, bevel=0.004)
        for zz in (z0, z0 + (z1 - z0) * 0.62, z1):
            box((0.06, y1 - y0, 0.045), (x, (y0 + y1) / 2, zz), fr, bevel=0.004)
    if front_wall is not None:
        # behind the camera: gives mirrors something room-like to reflect
        box((W, T, H), (0, front_wall - T / 2, H / 2), wm, bevel=0, name='frontwall')
    if ceiling:
        box((W + 1, D + 1, 0.1), (0, D / 2, H + 0.05), plaster('ceiling', '#f5efe7', 0.0), bevel=0)
    if skirting:
        sk = principled('skirting', '#f1ebe3', 0.5)
        box((W, 0.02, 0.12), (0, D - 0.01, 0.06), sk, bevel=0.004)
        if right_wall:
            box((0.02, D, 0.12), (W / 2 - 0.01, D / 2, 0.06), sk, bevel=0.004)
    if panels:
        # shallow wall mouldings on the back wall (Parisian panelling)
        mm = plaster('moulding', wall, 0.0)
        for (cx, w) in ((-W / 3, W / 3 - 0.4), (0, W / 3 - 0.4), (W / 3, W / 3 - 0.4)):
            for (zc, h) in ((0.55, 0.6), (1.85, 1.5)):
                for (dx, dz, sx, sz) in ((0, h / 2, w, 0.03), (0, -h / 2, w, 0.03), (w / 2, 0, 0.03, h),
                                         (-w / 2, 0, 0.03, h)):
                    box((sx, 0.02, sz), (cx + dx, D - 0.01, zc + dz), mm, bevel=0.006, segs=2)
    tgt = sun_target or (-W / 2 + 1.6, (window[0] + window[1]) / 2 + 0.3, 0.6)
    window_spot(tgt, sun_az, sun_el, dist=7.0, power=sun_power * 2500, panes=(12, 12), pane=pane / 7.0,
                bar=0.05 / 7.0, soft=0.002, leaves=0.3, radius=0.08, seed=seed)
    return W, D, H


def rug(x, y, w, d, color='#e6dccf', rot=0.0):
    return box((w, d, 0.012), (x, y, 0.006), towel('rug_' + color, color), bevel=0.004, rot=(0, 0, rot))


def side_table(x, y, r=0.25, h=0.55, top=None):
    round_table(x, y, r=r, h=h, top=top)


def console(x, y, w=1.4, d=0.42, h=0.82, mat=None, top=None, rot=0.0):
    m = mat or wood('walnut', '#8a6040', '#5a3e2e', 3.0, 0.4)
    box((w, d, 0.04), (x, y, h - 0.02), top or marble('marble_w', '#efe9e1', '#9a8f84', 2.5), bevel=0.006,
        rot=(0, 0, rot))
    box((w - 0.04, d - 0.04, 0.3), (x, y, h - 0.19), m, bevel=0.006, rot=(0, 0, rot))
    b = brass('brass', '#d9b374', 0.3)
    for sx in (-1, 1):
        leg(x + sx * (w / 2 - 0.05), y - d / 2 + 0.05, h - 0.34, 0.012, b)
        leg(x + sx * (w / 2 - 0.05), y + d / 2 - 0.05, h - 0.34, 0.012, b)
    for sx in (-1, 0, 1):
        cyl(0.008, 0.02, (0, 0, 0), b, 16, rot=(math.pi / 2, 0, 0)).location = (
            x + sx * w / 3, y - d / 2 + 0.01, h - 0.19)


def products_row(x0, y, z, n=6, seed=1, spacing=0.09, palette_=None):
    rnd = random.Random(seed)
    pal = palette_ or ['#efe6da', '#e6c3b6', '#b87763', '#d8b272', '#f0e8dd', '#c9cfbf', '#8a6040']
    x = x0
    for i in range(n):
        k = rnd.randint(0, 3)
        col = pal[rnd.randint(0, len(pal) - 1)]
        if k == 0:
            pump_bottle(x, y, r=0.028, h=rnd.uniform(0.13, 0.18), body=ceramic('cer_' + col, col), z=z)
        elif k == 1:
            dropper_bottle(x, y, h=rnd.uniform(0.08, 0.11), z=z)
        elif k == 2:
            jar(x, y, r=0.035, h=0.045, body=ceramic('cer_' + col, col), z=z)
        else:
            hh = rnd.uniform(0.12, 0.16)
            cyl(0.025, hh, (x, y, z), ceramic('cer_' + col, col), 48, bevel=0.004)
            cyl(0.012, 0.025, (x, y, z + hh), brass('brass_pol', '#d8b272', 0.18, False), 32, bevel=0.002)
        x += spacing * rnd.uniform(0.85, 1.2)


def build_lounge(variant=0):
    W, D, H = 7.0, 7.5, 3.2
    sofa(0.2, D - 0.6, 0, color=['#dcc3ad', '#e2bfb2', '#c9cfbf'][variant % 3], length=2.3)
    velvet_chair(-1.6, D - 2.4, rot=-2.2, color='#c98f84')
    velvet_chair(1.95, D - 2.3, rot=2.3, color=['#b87763', '#9aa893', '#c98f84'][variant % 3])
    round_table(0.25, D - 2.0, r=0.5, h=0.4)
    vase_with_stems(0.15, D - 2.0, z=0.4, h=0.25, r=0.07, n=6, seed=3 + variant, stem_len=0.5)
    candle(0.5, D - 1.85, z=0.4)
    rug(0.2, D - 1.9, 3.0, 2.2, '#c4ab95')
    arched_mirror(0.2, D, 1.2, w=1.3, h=1.7, backlit=True)
    for x in (-0.9, 1.3):
        pendant(x, D - 2.0, H, drop=0.9)
    side_table(-1.3, D - 0.55, r=0.22, h=0.55)
    vase_with_stems(-1.3, D - 0.55, z=0.55, h=0.32, r=0.09, n=7, seed=9, stem_len=0.6, leaf_size=0.05)
    side_table(1.7, D - 0.55, r=0.22, h=0.55)
    books = principled('book', '#e9dfd2', 0.6)
    box((0.28, 0.2, 0.05), (1.7, D - 0.55, 0.58), books, bevel=0.004)
    box((0.25, 0.18, 0.04), (1.7, D - 0.55, 0.625), principled('book2', '#c98f84', 0.6), bevel=0.004)
    pot = ceramic('pot_clay', '#b87763', 0.6)
    vase_with_stems(-2.7, D - 0.6, z=0.0, h=0.6, r=0.18, n=11, seed=20 + variant, stem_len=1.1,
                    leaf_size=0.065, mat=pot)
    vase_with_stems(2.8, D - 0.7, z=0.0, h=0.5, r=0.15, n=9, seed=30 + variant, stem_len=0.9,
                    leaf_size=0.06, mat=ceramic('pot_ivory', '#ece3d6', 0.5))
    return W, D, H


@scene('hero-welcome')
def hero_welcome():
    room(WIDE, W=7.0, D=7.5, H=3.2, wall='#efe6d8', window=(2.2, 5.6, 0.45, 2.8), sun_az=170, sun_el=30,
         sun_power=3.0, exposure=0.2, sun_target=(-1.0, 5.5, 0.0))
    build_lounge(0)
    camera((1.3, 2.3, 1.25), (-0.15, 7.0, 0.85), lens=24, fstop=8)


@scene('about-welcome')
def about_welcome():
    room(STD, W=7.0, D=7.5, H=3.2, wall='#efe6d8', window=(2.2, 5.6, 0.45, 2.8), sun_az=170, sun_el=30,
         sun_power=3.0, exposure=0.2, sun_target=(-1.0, 5.5, 0.0), seed=5)
    build_lounge(1)
    camera((-0.3, 2.2, 1.0), (0.9, 6.0, 0.6), lens=32, fstop=4.0, focus=(1.95, 5.2, 0.6))


@scene('gallery-1')
def gallery_1():
    room(STD, W=7.0, D=7.5, H=3.2, wall='#ecdcd0', window=(2.2, 5.6, 0.45, 2.8), sun_az=165, sun_el=26,
         sun_power=3.0, exposure=0.2, sun_target=(-0.5, 6.0, 0.3), seed=8)
    build_lounge(2)
    camera((0.9, 3.4, 1.1), (-0.2, 7.3, 0.8), lens=30, fstop=4.5, focus=(0.2, 6.9, 0.6))


def wall_shelf(x, y_wall, z, w=1.0, d=0.22, mat=None):
    m = mat or wood('oak_shelf', '#c49a6c', '#8a6040', 3.0, 0.45)
    box((w, d, 0.035), (x, y_wall - d / 2, z), m, bevel=0.004)
    b = brass('brass', '#d9b374', 0.3)
    for sx in (-1, 1):
        box((0.02, d * 0.8, 0.05), (x + sx * (w / 2 - 0.12), y_wall - d * 0.4, z - 0.04), b, bevel=0.004)
    return z + 0.0175


def build_suite(variant=0, W=4.2, D=4.6, H=3.0):
    """A private suite: backlit arched mirror, styling chair, vanity console, shelf, plant."""
    chair_col = ['#c98f84', '#9aa893', '#d8c2a8', '#b87763'][variant % 4]
    arched_mirror(0.0, D, 0.95, w=0.95, h=1.75, backlit=True)
    console(0.0, D - 0.23, w=1.5, d=0.42, h=0.82)
    y = D - 0.23
    jar(-0.55, y, r=0.04, h=0.05, body=ceramic('cer_ivory', '#f0e8dd'), z=0.84)
    pump_bottle(-0.42, y + 0.05, r=0.028, h=0.16, body=ceramic('cer_clay', '#b87763'), z=0.84)
    pump_bottle(-0.34, y + 0.06, r=0.025, h=0.13, body=ceramic('cer_ivory', '#f0e8dd'), z=0.84)
    round_brush(0.25, y - 0.06, rot=0.2, z=0.84)
    hair_dryer(0.5, y + 0.02, rot=3.0, z=0.84, color='#efe6da')
    vase_with_stems(0.62, y + 0.05, z=0.84, h=0.2, r=0.055, n=5, seed=variant + 2, stem_len=0.4)
    styling_chair(0.05, D - 1.35, rot=math.pi + 0.9 * (1 if variant % 2 else -1), color=chair_col)
    # side shelves with products
    for k, z in enumerate((1.25, 1.7)):
        zz = wall_shelf(1.45, D, z, w=0.9)
        products_row(1.12, D - 0.1, zz, n=6, seed=variant * 10 + k, spacing=0.11)
    # trolley
    b = brass('brass', '#d9b374', 0.3)
    for zt in (0.15, 0.5, 0.8):
        box((0.45, 0.35, 0.02), (-1.25, D - 0.9, zt), marble('marble_w', '#efe9e1', '#9a8f84', 2.5) if zt > 0.7
            else wood('walnut', '#8a6040', '#5a3e2e', 3.0, 0.4), bevel=0.004)
    for sx in (-1, 1):
        for sy in (-1, 1):
            cyl(0.01, 0.8, (-1.25 + sx * 0.21, D - 0.9 + sy * 0.16, 0.0), b, 16)
    towel_stack(-1.25, D - 0.9, ['#efe6da', '#e6cfc1', '#efe6da'], w=0.3, d=0.22, t=0.045, z=0.51)
    dropper_bottle(-1.35, D - 0.95, h=0.1, z=0.81)
    jar(-1.16, D - 0.85, r=0.035, h=0.04, body=ceramic('cer_blush', '#e6c3b6'), z=0.81)
    # tall plant in floor pot
    vase_with_stems(1.55, D - 1.3, z=0.0, h=0.55, r=0.16, n=9, seed=variant + 7, stem_len=0.9, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    pendant(0.0, D - 1.3, H, drop=0.8, r=0.14)
    return W, D, H


@scene('hero-suites')
def hero_suites():
    room(WIDE, W=4.6, D=4.6, H=3.0, wall='#efe6d8', window=(1.8, 3.8, 0.5, 2.6), sun_az=160, sun_el=30,
         sun_power=3.0, exposure=0.25, sun_target=(-0.6, 3.8, 0.5), seed=11)
    build_suite(0)
    camera((0.9, 0.45, 1.35), (0.0, 4.3, 1.0), lens=22, fstop=8)


@scene('suites-hero')
def suites_hero():
    room(WIDE, W=4.6, D=4.6, H=3.0, wall='#e9ddd0', window=(1.8, 3.8, 0.5, 2.6), sun_az=150, sun_el=28,
         sun_power=3.0, exposure=0.25, sun_target=(-0.2, 3.6, 0.4), seed=12)
    build_suite(1)
    camera((-1.1, 0.5, 1.5), (0.5, 4.3, 0.9), lens=22, fstop=8)


@scene('suite-interior')
def suite_interior():
    room(STD, W=4.6, D=4.6, H=3.0, wall='#efe6d8', window=(1.8, 3.8, 0.5, 2.6), sun_az=165, sun_el=32,
         sun_power=3.0, exposure=0.25, sun_target=(-0.6, 3.8, 0.5), seed=13)
    build_suite(2)
    camera((0.6, 1.3, 1.3), (0.0, 4.5, 1.0), lens=24, fstop=5.6)


@scene('gallery-2')
def gallery_2():
    room(STD, W=4.6, D=4.6, H=3.0, wall='#ecdcd0', window=(1.8, 3.8, 0.5, 2.6), sun_az=160, sun_el=30,
         sun_power=3.0, exposure=0.25, sun_target=(-0.3, 4.0, 0.8), seed=14)
    build_suite(3)
    camera((0.35, 2.1, 1.25), (0.0, 4.6, 1.25), lens=28, fstop=4.0, focus=(0.05, 3.25, 0.8))


@scene('suites-gallery-1')
def suites_gallery_1():
    room(STD, W=4.6, D=4.6, H=3.0, wall='#efe6d8', window=(1.8, 3.8, 0.5, 2.6), sun_az=165, sun_el=30,
         sun_power=3.0, exposure=0.25, sun_target=(-0.6, 3.8, 0.5), seed=21)
    build_suite(0)
    camera((-0.9, 0.9, 1.45), (0.4, 4.4, 0.9), lens=22, fstop=8)


@scene('suites-gallery-2')
def suites_gallery_2():
    # close on the vanity console
    room(STD, W=4.6, D=4.6, H=3.0, wall='#efe6d8', window=(1.8, 3.8, 0.5, 2.6), sun_az=160, sun_el=30,
         sun_power=3.0, exposure=0.3, sun_target=(0.0, 4.2, 0.9), seed=22)
    build_suite(2)
    camera((0.45, 3.2, 1.2), (0.15, 4.5, 0.95), lens=35, fstop=2.8, focus=(0.3, 4.35, 0.9))


@scene('suites-gallery-6')
def suites_gallery_6():
    room(STD, W=4.6, D=4.6, H=3.0, wall='#dfe2d6', window=(1.8, 3.8, 0.5, 2.6), sun_az=165, sun_el=30,
         sun_power=3.0, exposure=0.25, sun_target=(-0.6, 3.8, 0.5), seed=26)
    build_suite(1)
    camera((1.6, 1.4, 1.2), (-0.5, 4.2, 0.9), lens=24, fstop=6)


@scene('suites-gallery-9')
def suites_gallery_9():
    # shelves and trolley corner
    room(STD, W=4.6, D=4.6, H=3.0, wall='#efe6d8', window=(1.8, 3.8, 0.5, 2.6), sun_az=150, sun_el=25,
         sun_power=3.0, exposure=0.3, sun_target=(1.2, 4.3, 1.2), seed=29)
    build_suite(3)
    camera((0.5, 2.6, 1.35), (1.45, 4.6, 1.3), lens=30, fstop=4, focus=(1.45, 4.45, 1.4))


def door(x, y, rot=0.0, w=0.95, h=2.3, color='#b98a78', frame='#efe6d8'):
    """Panelled door set into a wall at x,y (wall plane), facing the corridor."""
    c, s = math.cos(rot), math.sin(rot)
    dm = principled('door_' + color, color, 0.45, coat=0.3)
    fm = principled('doorframe', frame, 0.5)
    box((w + 0.16, 0.06, h + 0.08), (x, y, (h + 0.08) / 2), fm, bevel=0.01, rot=(0, 0, rot))
    box((w, 0.08, h), (x - s * 0.01, y + c * 0.01, h / 2), dm, bevel=0.006, rot=(0, 0, rot))
    # raised panels
    for zc, ph in ((0.55, 0.7), (1.6, 1.1)):
        box((w - 0.24, 0.09, ph), (x - s * 0.012, y + c * 0.012, zc), dm, bevel=0.015, rot=(0, 0, rot))
    b = brass('brass_pol', '#d8b272', 0.18, False)
    hx, hy = x + c * (w / 2 - 0.1), y + s * (w / 2 - 0.1)
    ob = cyl(0.012, 0.16, (0, 0, 0), b, 16)
    ob.location = (hx - s * -0.06, hy + c * -0.06, 1.0)


@scene('hero-premium')
def hero_premium():
    setup_render(int(WIDE[0] * 0.85), int(WIDE[1] * 0.85), samples=18, exposure=0.35)
    world('#f4ece2', 0.25)
    denoise_compositor(sigma_space=7.0, sigma_color=0.3)
    L = 12.0
    Wc = 2.4
    H = 2.9
    fl = marble('marble_floor', '#ece6de', '#a0968c', 0.7, rough=0.08)
    box((Wc + 1, L + 2, 0.1), (0, L / 2, -0.05), fl, bevel=0, name='floor')
    wm = plaster('wall_hall', '#eee4d7', 0.03)
    for sx in (-1, 1):
        box((0.1, L, H), (sx * (Wc / 2 + 0.05), L / 2, H / 2), wm, bevel=0)
    box((Wc, 0.1, H), (0, L + 0.05, H / 2), plaster('wall_end', '#e2c8bb', 0.03), bevel=0)
    box((Wc + 1, L + 1, 0.1), (0, L / 2, H + 0.05), plaster('ceiling', '#f5efe7', 0.0), bevel=0)
    # cove light strip along the ceiling edges
    for sx in (-1, 1):
        box((0.05, L, 0.02), (sx * (Wc / 2 - 0.03), L / 2, H - 0.01), emit('cove', '#ffdcb0', 6.0), bevel=0)
    sk = principled('skirting', '#f1ebe3', 0.5)
    for sx in (-1, 1):
        box((0.02, L, 0.12), (sx * (Wc / 2 - 0.01), L / 2, 0.06), sk, bevel=0.004)
    cols = ['#a8705e', '#8f9c8e', '#7a5a48']
    for i in range(4):
        y = 2.0 + i * 2.6
        door(-Wc / 2 + 0.03, y, rot=-math.pi / 2, color=cols[i % 3])
        door(Wc / 2 - 0.03, y + 1.3, rot=math.pi / 2, color=cols[(i + 1) % 3])
        sconce(-Wc / 2 + 0.02, y + 1.1, 1.7, facing=(1, 0))
        sconce(Wc / 2 - 0.02, y + 0.1, 1.7, facing=(-1, 0))
    arched_mirror(0.0, L, 0.3, w=1.0, h=2.0, backlit=True)
    side_table(0.0, L - 0.45, r=0.3, h=0.75)
    vase_with_stems(0.0, L - 0.45, z=0.75, h=0.35, r=0.09, n=8, seed=4, stem_len=0.7, leaf_size=0.05)
    rug(0.0, L / 2, 1.3, L - 1.5, '#cdb3a0')
    for i in range(4):
        area_light((0, 1.5 + i * 2.8, H - 0.05), (0, 1.5 + i * 2.8, 0), size=(0.3, 0.3), power=60,
                   color='#ffe4c4')
    camera((0.25, 0.2, 1.45), (0.0, L, 1.2), lens=24, fstop=8)


@scene('suites-gallery-7')
def suites_gallery_7():
    SCENES['hero-premium']()
    import bpy
    sc = bpy.context.scene
    sc.render.resolution_x, sc.render.resolution_y = int(STD[0] * 0.85), int(STD[1] * 0.85)
    cam = sc.camera
    cam.location = (-0.7, 3.0, 1.3)
    from lib import look_at
    look_at(cam, (0.9, 7.5, 1.1))
    cam.data.lens = 26


def fluted_desk(x, y, w=2.4, d=0.7, h=1.05, rot=0.0, mat=None, top=None):
    m = mat or plaster('desk_plaster', '#e6cfc1', 0.05)
    box((w, d, h - 0.05), (x, y, (h - 0.05) / 2), m, bevel=0.01, name='desk')
    n = int(w / 0.06)
    for i in range(n):
        xx = x - w / 2 + 0.03 + i * (w - 0.06) / (n - 1)
        cyl(0.028, h - 0.1, (xx, y - d / 2 + 0.005, 0.03), m, 16)
    box((w + 0.08, d + 0.1, 0.05), (x, y, h - 0.025), top or marble('marble_w', '#efe9e1', '#9a8f84', 2.5),
        bevel=0.01)
    box((w - 0.1, 0.02, 0.03), (x, y - d / 2 - 0.02, 0.015), brass('brass', '#d9b374', 0.3), bevel=0.004)


@scene('contact-hero')
def contact_hero():
    room(WIDE, W=7.0, D=6.0, H=3.2, wall='#efe6d8', window=(1.2, 4.2, 0.45, 2.8), sun_az=165, sun_el=28,
         sun_power=3.0, exposure=0.25, sun_target=(-0.8, 4.0, 0.2), seed=31, panels=True)
    fluted_desk(0.6, 4.6, w=2.6)
    for x in (-0.2, 0.6, 1.4):
        pendant(x, 4.6, 3.2, drop=1.0, r=0.13)
    vase_with_stems(1.55, 4.6, z=1.05, h=0.3, r=0.08, n=8, seed=12, stem_len=0.6, leaf_size=0.05)
    box((0.35, 0.25, 0.03), (-0.25, 4.7, 1.065), principled('book', '#e9dfd2', 0.6), bevel=0.004)
    candle(0.2, 4.6, z=1.05)
    arched_mirror(0.6, 6.0, 1.25, w=1.1, h=1.6, backlit=True)
    velvet_chair(-2.2, 2.8, rot=-2.0, color='#c98f84')
    side_table(-2.5, 3.8, r=0.25, h=0.5)
    vase_with_stems(2.8, 5.4, z=0.0, h=0.6, r=0.17, n=10, seed=8, stem_len=1.0, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    rug(-1.6, 3.3, 1.8, 1.4, '#c4ab95')
    camera((1.5, 1.2, 1.45), (0.1, 5.5, 1.0), lens=24, fstop=8)


def treatment_bed(x, y, rot=0.0, length=1.9, color='#efe6da', base=None):
    c, s = math.cos(rot), math.sin(rot)
    bm = base or wood('oak_light', '#d2b08a', '#a98460', 3.0, 0.5)
    box((length - 0.1, 0.6, 0.5), (x, y, 0.25), bm, bevel=0.01, rot=(0, 0, rot))
    cushion((length, 0.72, 0.14), (x, y, 0.57), principled('bedleather', color, 0.6, sheen=0.5, bump=0.1,
                                                            bump_scale=90), rot=(0, 0, rot), softness=0.3)
    return 0.64


@scene('gallery-3')
def gallery_3():
    room(STD, W=4.6, D=4.2, H=3.0, wall='#ece3d7', window=(1.2, 3.4, 0.6, 2.6), sun_az=165, sun_el=32,
         sun_power=3.0, exposure=0.3, sun_target=(0.0, 2.8, 0.6), seed=33, panels=True)
    zt = treatment_bed(0.2, 2.6, rot=0.0)
    # sheet + folded towel + rolled towel at head end
    box((1.5, 0.74, 0.01), (0.35, 2.6, zt + 0.005), towel('sheet', '#f4efe8'), bevel=0.004)
    towel_stack(-0.35, 2.6, ['#e6cfc1', '#efe6da'], w=0.4, d=0.3, t=0.04, z=zt + 0.01)
    towel_roll(0.95, 2.6, r=0.06, length=0.55, color='#efe6da', rot=math.pi / 2, z=zt + 0.01)
    sphere(0.02, (-0.1, 2.5, zt + 0.015), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
           scale=(1.3, 1, 0.25))
    # trolley with products
    b = brass('brass', '#d9b374', 0.3)
    for zt2 in (0.2, 0.75):
        box((0.5, 0.38, 0.02), (1.55, 3.4, zt2), marble('marble_w', '#efe9e1', '#9a8f84', 2.5), bevel=0.004)
    for sx in (-1, 1):
        for sy in (-1, 1):
            cyl(0.01, 0.75, (1.55 + sx * 0.23, 3.4 + sy * 0.17, 0.0), b, 16)
    dropper_bottle(1.45, 3.35, h=0.1, z=0.76)
    jar(1.62, 3.45, r=0.04, h=0.045, body=ceramic('cer_ivory', '#f0e8dd'), z=0.76)
    jade_roller(1.55, 3.28, rot=0.3, z=0.76)
    towel_stack(1.55, 3.4, ['#efe6da', '#efe6da'], w=0.3, d=0.22, t=0.045, z=0.21)
    candle(1.72, 3.3, z=0.76)
    vase_with_stems(-1.6, 3.7, z=0.0, h=0.55, r=0.16, n=9, seed=13, stem_len=0.9, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    pendant(0.2, 2.6, 3.0, drop=0.9, r=0.13)
    camera((1.9, 0.35, 1.5), (0.1, 3.2, 0.6), lens=26, fstop=6)


@scene('service-body-sculpting')
def service_body_sculpting():
    room(STD, W=4.6, D=4.2, H=3.0, wall='#e8d8cc', window=(1.2, 3.4, 0.6, 2.6), sun_az=160, sun_el=28,
         sun_power=3.0, exposure=0.3, sun_target=(0.2, 2.6, 0.6), seed=35, panels=False)
    zt = treatment_bed(0.2, 2.6, rot=0.0, color='#e6cfc1')
    box((1.5, 0.74, 0.01), (0.35, 2.6, zt + 0.005), towel('sheet', '#f4efe8'), bevel=0.004)
    towel_roll(-0.45, 2.6, r=0.07, length=0.6, color='#efe6da', rot=math.pi / 2, z=zt + 0.01)
    towel_roll(0.8, 2.45, r=0.05, length=0.35, color='#e6cfc1', rot=0.2, z=zt + 0.01)
    stones_stack(0.25, 2.65, z=zt + 0.01, sizes=(0.07, 0.06, 0.05, 0.04, 0.03), seed=4)
    stone(0.05, (0.5, 2.8, zt + 0.01), principled('basalt', '#2b2826', 0.35, coat=0.3, bump=0.15,
                                                  bump_scale=60), seed=9, flat=0.38)
    eucalyptus((0.55, 2.45, zt + 0.012), (1, 0.4, 0.0), length=0.3, leaf_size=0.035, seed=17, droop=0.0)
    candle(1.5, 3.5, z=0.0, r=0.06, h=0.15)
    candle(1.7, 3.4, z=0.0, r=0.05, h=0.1)
    vase_with_stems(-1.6, 3.7, z=0.0, h=0.55, r=0.16, n=9, seed=15, stem_len=0.9, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    camera((0.9, 1.0, 1.2), (0.25, 2.65, 0.62), lens=35, fstop=3.5, focus=(0.25, 2.65, 0.7))


@scene('about-ceo')
def about_ceo():
    # the founder's desk: walnut desk, notebook, brass lamp, coffee, flowers
    tabletop(wood('walnut_desk', '#8a6040', '#5a3e2e', 3.0, 0.35), plaster('wall_sage', '#c9cfbf'), size=STD,
             wall_y=0.5, sun_az=225, sun_el=30, sun_power=4.0, amb_strength=0.35, exposure=0.35, seed=41)
    b = brass('brass_pol', '#d8b272', 0.18, False)
    # notebook with linen cover
    box((0.21, 0.15, 0.016), (-0.02, -0.05, 0.008), linen('linen_clay', '#b87763'), bevel=0.003,
        rot=(0, 0, 0.15))
    box((0.2, 0.145, 0.004), (-0.02, -0.05, 0.017), principled('paper', '#f4efe6', 0.8), bevel=0.001,
        rot=(0, 0, 0.15))
    # pen
    ob = cyl(0.0045, 0.14, (0, 0, 0), b, 24, bevel=0.001)
    ob.rotation_euler = (0, math.pi / 2, 0.6)
    ob.location = (0.05, -0.1, 0.0235)
    # cup and saucer
    cer = ceramic('cer_ivory', '#f0e8dd')
    lathe([(0, 0), (0.06, 0), (0.065, 0.006), (0.062, 0.008), (0, 0.004)], (0.2, -0.02, 0), cer, 64, 'saucer')
    lathe([(0, 0.004), (0.03, 0.004), (0.042, 0.05), (0.04, 0.05), (0.028, 0.01), (0, 0.01)],
          (0.2, -0.02, 0.004), cer, 64, 'cup', cap=False)
    lathe([(0, 0.04), (0.038, 0.04), (0, 0.04)], (0.2, -0.02, 0.004), principled('coffee', '#3b2418', 0.1),
          48, 'coffee')
    torus(0.014, 0.003, (0.245, -0.02, 0.034), cer, rot=(math.pi / 2, 0, 0))
    # brass desk lamp
    cyl(0.05, 0.012, (-0.3, 0.22, 0.0), b, 48, bevel=0.004)
    cyl(0.005, 0.24, (-0.3, 0.22, 0.012), b, 16)
    lathe([(0.075, 0), (0.07, 0.008), (0.04, 0.075), (0.01, 0.085), (0, 0.085)], (-0.3, 0.22, 0.2),
          lampshade('lampshade', '#f2e6d3', 1.5), 48, 'shade')
    from lib import point_light
    point_light((-0.3, 0.22, 0.21), power=4, radius=0.02)
    vase_with_stems(0.16, 0.22, h=0.18, r=0.05, n=5, seed=44, stem_len=0.36, leaf_size=0.035,
                    mat=glass('vaseglass', '#f2f6f3', 0.0))
    round_mirror(0.33, 0.12, r=0.06, face_rot=-0.5)
    camera((0.05, -0.7, 0.38), (0.0, 0.05, 0.06), lens=50, fstop=3.5, focus=(0.0, -0.05, 0.02))


@scene('about-journey')
def about_journey():
    # a quiet corner: velvet chair, side table with flowers and candles, window light
    room(STD, W=4.0, D=3.6, H=3.0, wall='#ecdcd0', window=(0.6, 2.8, 0.5, 2.7), sun_az=160, sun_el=25,
         sun_power=3.2, exposure=0.3, sun_target=(0.3, 2.8, 0.8), seed=43, panels=True)
    velvet_chair(0.5, 2.9, rot=0.35, color='#b87763')
    side_table(-0.35, 3.1, r=0.24, h=0.55)
    vase_with_stems(-0.35, 3.1, z=0.55, h=0.3, r=0.08, n=8, seed=46, stem_len=0.6, leaf_size=0.05)
    candle(-0.2, 2.98, z=0.55)
    sconce(1.2, 3.6, 1.7, facing=(0, -1))
    rug(0.3, 2.6, 1.8, 1.3, '#c4ab95')
    camera((0.9, 0.5, 1.15), (0.1, 3.2, 0.75), lens=35, fstop=4, focus=(0.5, 2.9, 0.6))


@scene('gallery-4')
def gallery_4():
    setup_render(*STD, samples=24, exposure=0.35)
    world('#f3e9de', 0.35)
    denoise_compositor()
    wm = plaster('wall_blush', '#e8d2c6')
    box((4.0, 0.05, 3.0), (0, 0.025, 1.5), wm, bevel=0, name='wall')
    box((4.0, 3.0, 0.1), (0, -1.5, -0.05), wood('floor_oak', '#c9a27a', '#9b7452', 2.0, 0.35), bevel=0)
    pal = [['#efe6da', '#e6c3b6', '#d8b272'], ['#b87763', '#f0e8dd', '#c9cfbf'], ['#e6c3b6', '#8a6040', '#efe6da']]
    for k, z in enumerate((0.95, 1.35, 1.75)):
        zz = wall_shelf(0.0, 0.0, z, w=1.3, d=0.24)
        products_row(-0.55, -0.12, zz, n=9, seed=50 + k, spacing=0.125, palette_=pal[k] + ['#d8b272'])
    console(0.0, -0.23, w=1.6, d=0.42, h=0.75)
    towel_stack(-0.45, -0.23, ['#efe6da', '#e6cfc1', '#efe6da'], w=0.3, d=0.22, t=0.045, z=0.77)
    vase_with_stems(0.45, -0.23, z=0.77, h=0.22, r=0.06, n=6, seed=51, stem_len=0.45)
    _, d = window_spot((0.0, -0.2, 1.2), 215, 30, dist=6.0, power=3000, panes=(4, 3), pane=0.09, bar=0.01,
                       soft=0.002, seed=52)
    area_light((0, -3, 1.5), (0, 0, 1.3), size=(2, 2), power=60)
    camera((0.35, -2.6, 1.35), (0.0, 0.0, 1.3), lens=50, fstop=4, focus=(0.0, -0.12, 1.4))


def laundry_machine(x, y, z=0.0, color='#f1ede7'):
    m = principled('appliance', color, 0.3, coat=0.5)
    box((0.6, 0.6, 0.85), (x, y, z + 0.425), m, bevel=0.02)
    ch = brass('chrome', '#e4e4e2', 0.08, False)
    torus(0.2, 0.025, (x, y - 0.3, z + 0.45), ch, rot=(math.pi / 2, 0, 0))
    d = cyl(0.19, 0.04, (0, 0, 0), glass('smoke', '#d8c8b8', 0.05, 1.5), 48, bevel=0.01)
    d.rotation_euler = (math.pi / 2, 0, 0)
    d.location = (x, y - 0.28, z + 0.45)
    cyl(0.25, 0.002, (0, 0, 0), principled('drum', '#3a3634', 0.4, metal=0.8), 48).rotation_euler = (
        math.pi / 2, 0, 0)
    bpy_last = None  # noqa: F841
    box((0.5, 0.02, 0.1), (x, y - 0.3, z + 0.78), principled('panel', '#e6e1da', 0.3), bevel=0.005)
    cyl(0.025, 0.02, (0, 0, 0), ch, 24).rotation_euler = (math.pi / 2, 0, 0)


@scene('suites-gallery-4')
def suites_gallery_4():
    # laundry & amenities nook
    room(STD, W=3.2, D=2.6, H=2.9, wall='#e6e9df', window=(0.4, 1.6, 0.9, 2.6), sun_az=165, sun_el=30,
         sun_power=3.0, exposure=0.35, sun_target=(0.3, 2.0, 1.0), seed=55, panels=False)
    for x in (0.05, 0.7):
        laundry_machine(x, 2.28, 0.0)
    box((1.5, 0.65, 0.04), (0.35, 2.28, 0.87), wood('oak_light', '#d2b08a', '#a98460', 3.0, 0.5), bevel=0.005)
    for k, z in enumerate((1.45, 1.85)):
        zz = wall_shelf(0.35, 2.6, z, w=1.5, d=0.3)
        towel_stack(-0.05, 2.45, ['#efe6da', '#e6cfc1', '#efe6da'][k:], w=0.32, d=0.24, t=0.05, z=zz)
        towel_stack(0.35, 2.45, ['#efe6da', '#efe6da'], w=0.32, d=0.24, t=0.05, z=zz)
        basket = principled('rattan', '#b88d62', 0.8, bump=0.8, bump_scale=150)
        cyl(0.14, 0.2, (0.78, 2.45, zz), basket, 48, bevel=0.01)
    pump_bottle(0.15, 2.3, r=0.04, h=0.2, body=ceramic('cer_sage', '#9aa893'), z=0.89)
    pump_bottle(0.27, 2.32, r=0.035, h=0.17, body=ceramic('cer_ivory', '#f0e8dd'), z=0.89)
    vase_with_stems(0.85, 2.3, z=0.89, h=0.22, r=0.06, n=5, seed=57, stem_len=0.4)
    cyl(0.2, 0.45, (-0.95, 2.0, 0.0), principled('rattan', '#b88d62', 0.8, bump=0.8, bump_scale=150), 48,
        bevel=0.02)
    towel_roll(-0.95, 2.0, r=0.06, length=0.34, color='#efe6da', z=0.45)
    camera((0.55, 0.1, 1.35), (0.3, 2.4, 1.05), lens=26, fstop=5.6)


def shampoo_station(x, y, color='#2c2927', chair='#c98f84'):
    cab = principled('cab_' + color, color, 0.35, coat=0.4)
    box((0.6, 0.55, 0.8), (x, y, 0.4), cab, bevel=0.01)
    bowl = ceramic('bowl_' + color, color, 0.2)
    ob = lathe([(0, 0), (0.15, 0.0), (0.26, 0.1), (0.3, 0.2), (0.28, 0.22), (0.24, 0.12), (0.12, 0.03),
                (0, 0.03)], (0, 0, 0), bowl, 64, 'bowl', cap=False)
    ob.rotation_euler = (0.35, 0, 0)
    ob.location = (x, y - 0.05, 0.75)
    ch = brass('brass_pol', '#d8b272', 0.18, False)
    tube_path([(x, y + 0.28, 0.8), (x, y + 0.28, 1.05), (x, y + 0.12, 1.08)], 0.012, ch)
    vm = principled('leather_' + chair, chair, 0.45, coat=0.25, bump=0.15, bump_scale=80)
    cushion((0.6, 0.6, 0.14), (x, y - 0.75, 0.5), vm, softness=0.3)
    cushion((0.6, 0.16, 0.6), (x, y - 0.42, 0.72), vm, rot=(0.35, 0, 0), softness=0.3)
    box((0.52, 0.52, 0.42), (x, y - 0.75, 0.21), cab, bevel=0.01)
    cushion((0.56, 0.5, 0.12), (x, y - 1.25, 0.42), vm, rot=(-0.3, 0, 0), softness=0.3)


@scene('suites-gallery-5')
def suites_gallery_5():
    room(STD, W=4.2, D=4.0, H=3.0, wall='#efe6d8', window=(0.8, 3.0, 0.6, 2.7), sun_az=160, sun_el=30,
         sun_power=3.0, exposure=0.3, sun_target=(0.2, 3.0, 0.6), seed=58, panels=True)
    shampoo_station(-0.45, 3.7)
    shampoo_station(0.45, 3.7, chair='#b87763')
    for x in (-0.45, 0.45):
        pendant(x, 3.4, 3.0, drop=0.8, r=0.12)
    zz = wall_shelf(1.45, 4.0, 1.5, w=0.8)
    products_row(1.15, 3.9, zz, n=5, seed=59, spacing=0.12)
    vase_with_stems(1.6, 3.0, z=0.0, h=0.55, r=0.16, n=9, seed=60, stem_len=0.9, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    camera((1.1, 0.4, 1.45), (0.0, 3.6, 0.75), lens=28, fstop=6)


@scene('suites-gallery-3')
def suites_gallery_3():
    room(STD, W=7.0, D=7.5, H=3.2, wall='#efe6d8', window=(2.2, 5.6, 0.45, 2.8), sun_az=175, sun_el=28,
         sun_power=3.0, exposure=0.25, sun_target=(0.5, 6.0, 0.3), seed=61)
    build_lounge(1)
    camera((-1.3, 3.9, 1.2), (1.0, 6.9, 0.7), lens=28, fstop=5, focus=(0.25, 5.5, 0.5))


@scene('suites-gallery-8')
def suites_gallery_8():
    # lash / beauty suite: treatment bed, ring of lamps, trolley
    room(STD, W=4.2, D=4.0, H=3.0, wall='#ecdcd0', window=(0.8, 3.0, 0.6, 2.7), sun_az=165, sun_el=30,
         sun_power=3.0, exposure=0.3, sun_target=(0.3, 2.6, 0.6), seed=63, panels=True)
    zt = treatment_bed(0.2, 2.7, rot=0.0, color='#d5a094')
    towel_roll(-0.5, 2.7, r=0.06, length=0.5, color='#efe6da', rot=math.pi / 2, z=zt + 0.005)
    box((1.2, 0.74, 0.01), (0.45, 2.7, zt + 0.005), towel('sheet', '#f4efe8'), bevel=0.004)
    # magnifier ring lamp on stand
    b = brass('brass', '#d9b374', 0.3)
    cyl(0.2, 0.03, (-1.0, 3.2, 0.0), b, 48, bevel=0.01)
    cyl(0.012, 1.5, (-1.0, 3.2, 0.03), b, 16)
    tube_path([(-1.0, 3.2, 1.53), (-0.8, 3.0, 1.6), (-0.55, 2.8, 1.45)], 0.012, b)
    torus(0.16, 0.035, (-0.55, 2.75, 1.35), lampshade('ringlamp', '#fff7ec', 4.0), rot=(0.5, 0.3, 0.4))
    for zt2 in (0.2, 0.75):
        box((0.5, 0.38, 0.02), (1.45, 3.4, zt2), marble('marble_w', '#efe9e1', '#9a8f84', 2.5), bevel=0.004)
    for sx in (-1, 1):
        for sy in (-1, 1):
            cyl(0.01, 0.75, (1.45 + sx * 0.23, 3.4 + sy * 0.17, 0.0), b, 16)
    lash_tray(1.4, 3.35, rot=0.2, z=0.76)
    jar(1.58, 3.45, r=0.035, h=0.04, body=ceramic('cer_blush', '#e6c3b6'), z=0.76)
    towel_stack(1.45, 3.4, ['#e6cfc1', '#efe6da'], w=0.3, d=0.22, t=0.045, z=0.21)
    vase_with_stems(-1.6, 3.7, z=0.0, h=0.55, r=0.16, n=9, seed=64, stem_len=0.9, leaf_size=0.06,
                    mat=ceramic('pot_clay', '#b87763', 0.6))
    camera((1.6, 0.5, 1.45), (0.0, 3.0, 0.7), lens=26, fstop=6)


# ====================================================================== treatments
@scene('treatment-facial')
def treatment_facial():
    # top-down: folded towels, dropper, jade roller, clay mask bowl, eucalyptus
    tabletop(linen('linen_ivory', '#ece3d7'), plaster('wall_cream', '#efe4d6'), size=STD, wall_y=1.0,
             sun_az=205, sun_el=50, sun_power=4.5, amb_strength=0.4, exposure=0.2, seed=71, gobo_rot=0.3)
    towel_stack(-0.12, 0.07, ['#efe6da', '#e6cfc1'], w=0.26, d=0.18, t=0.025, rot=0.2)
    cer = ceramic('cer_clay', '#b87763', 0.35)
    lathe([(0, 0), (0.035, 0), (0.055, 0.025), (0.052, 0.027), (0.032, 0.005), (0, 0.004)], (0.12, 0.08, 0),
          cer, 64, 'maskbowl', cap=False)
    lathe([(0, 0.004), (0.034, 0.006), (0.047, 0.02), (0, 0.02)], (0.12, 0.08, 0),
          principled('clay_mask', '#d9b49f', 0.8, bump=0.5, bump_scale=60), 64, 'mask')
    makeup_brush(0.05, -0.02, rot=0.5, handle='#eee4d8', bristle='#f2ece4', kind='flat', length=0.14)
    jade_roller(-0.05, -0.12, rot=0.2, stone_col='#e3b7ae')
    dropper_bottle(0.14, -0.09, h=0.09, glass_col='#e6ddd2', liquid='#f0e0c8', bulb='#e9dfd3')
    for k, (x, y) in enumerate([(0.02, 0.15), (0.05, 0.17), (0.0, 0.18)]):
        sphere(0.012, (x, y, 0.003), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
               scale=(1.3, 0.9, 0.15))
    eucalyptus((-0.3, -0.1, 0.0), (1, 0.8, 0.0), length=0.3, leaf_size=0.035, seed=72, droop=0.0)
    eucalyptus((0.3, 0.22, 0.0), (-1, -0.3, 0.0), length=0.25, leaf_size=0.03, seed=73, droop=0.0)
    camera((0.0, -0.01, 0.5), (0.0, 0.02, 0.0), lens=45, fstop=8)


@scene('treatment-spa')
def treatment_spa():
    tabletop(travertine('travertine2', '#dcccb6'), plaster('wall_clay', '#cfa593'), size=STD, wall_y=0.45,
             sun_az=235, sun_el=26, sun_power=4.2, amb_strength=0.35, exposure=0.25, seed=74)
    stones_stack(-0.02, 0.02, sizes=(0.07, 0.06, 0.05, 0.038, 0.028), seed=5)
    towel_roll(0.12, -0.1, r=0.04, length=0.24, color='#efe6da', rot=-0.3)
    towel_roll(0.15, -0.02, r=0.04, length=0.24, color='#e6cfc1', rot=-0.3)
    candle(-0.17, -0.05, r=0.04, h=0.08)
    candle(-0.22, 0.08, r=0.03, h=0.06)
    eucalyptus((0.3, 0.2, 0.0), (-1, -0.3, 0.0), length=0.35, leaf_size=0.035, seed=75, droop=0.0)
    sphere(0.014, (0.03, -0.13, 0.003), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
           scale=(1.3, 0.9, 0.2))
    camera((0.0, -0.6, 0.22), (0.0, 0.0, 0.06), lens=60, fstop=3.2, focus=(-0.02, 0.02, 0.08))


@scene('treatment-manicure')
def treatment_manicure():
    # flat lay manicure set on blush linen
    tabletop(linen('linen_blush2', '#e3c2b6'), plaster('wall_cream', '#efe4d6'), size=STD, wall_y=1.0,
             sun_az=210, sun_el=48, sun_power=4.5, amb_strength=0.4, exposure=0.15, seed=76, gobo_rot=-0.3)
    towel_fold(-0.08, 0.02, w=0.3, d=0.2, t=0.02, color='#efe6da', rot=-0.1)
    cer = ceramic('cer_ivory', '#f0e8dd')
    lathe([(0, 0), (0.03, 0), (0.052, 0.028), (0.049, 0.03), (0.028, 0.005), (0, 0.004)], (-0.12, 0.04, 0.02),
          cer, 64, 'bowl', cap=False)
    lathe([(0, 0.006), (0.03, 0.007), (0.045, 0.022), (0, 0.022)], (-0.12, 0.04, 0.02),
          glass('water', '#f4fbfb', 0.0, 1.33), 64, 'water')
    for k, (x, y) in enumerate([(-0.13, 0.04), (-0.11, 0.05), (-0.12, 0.025)]):
        sphere(0.01, (x, y, 0.043), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
               scale=(1.2, 0.9, 0.15))
    cols = ['#c77f78', '#9b3345', '#e9cfc4', '#d9a596']
    for i, c in enumerate(cols):
        nail_bottle(0.09 + (i % 2) * 0.05, -0.02 + (i // 2) * 0.06, c, cap='#efe7dc' if i % 2 else '#1f1c1b',
                    h=0.045)
    box((0.12, 0.016, 0.0025), (0.0, -0.14, 0.00125), principled('file', '#e7d2c2', 0.9, bump=0.4,
        bump_scale=300), bevel=0.001, rot=(0, 0, 0.2))
    tweezers(0.15, -0.14, rot=2.8, mat=brass('steel_pol', '#d6d6d4', 0.15, False))
    eucalyptus((-0.3, -0.2, 0.0), (1, 0.5, 0.0), length=0.3, leaf_size=0.035, seed=77, droop=0.0)
    camera((0.0, -0.18, 0.52), (0.0, 0.0, 0.0), lens=45, fstop=6, focus=(0.02, 0.0, 0.03))


@scene('treatment-waxing')
def treatment_waxing():
    tabletop(marble('marble_warm', '#eee6dc', '#a38f80', 2.2), plaster('wall_blush', '#e8d2c6'), size=STD,
             wall_y=0.4, sun_az=225, sun_el=30, sun_power=4.0, amb_strength=0.35, exposure=0.25, seed=78)
    towel_stack(-0.12, 0.07, ['#efe6da', '#e6cfc1', '#efe6da'], w=0.26, d=0.18, t=0.03, rot=0.1)
    # glass jar of wooden spatulas
    lathe([(0, 0), (0.035, 0), (0.035, 0.11), (0, 0.11)], (0.08, 0.08, 0), glass('jarglass', '#f4f7f5', 0.0),
          48, 'jar', cap=False)
    for k in range(6):
        s = box((0.16, 0.018, 0.002), (0, 0, 0), wood('birch', '#dcc09a', '#c4a276', 6, 0.6), bevel=0.0009)
        s.rotation_euler = (0, -1.3 + 0.06 * (k % 3), 0.5 * k)
        s.location = (0.08 + 0.01 * math.cos(k * 1.3), 0.08 + 0.01 * math.sin(k * 1.3), 0.08)
    # bowl of wax beads
    cer = ceramic('cer_ivory', '#f0e8dd')
    lathe([(0, 0), (0.03, 0), (0.05, 0.03), (0.047, 0.032), (0.027, 0.005), (0, 0.004)], (0.12, -0.08, 0),
          cer, 64, 'bowl', cap=False)
    rnd = random.Random(3)
    wax = principled('waxbead', '#e3b35c', 0.15, coat=0.6)
    for k in range(40):
        a = rnd.uniform(0, 6.28)
        r = rnd.uniform(0, 0.036)
        sphere(0.006, (0.12 + r * math.cos(a), -0.08 + r * math.sin(a), 0.02 + 0.005 * (1 - r / 0.04) +
                       rnd.uniform(0, 0.006)), wax, 12, 6, scale=(1, 1, 0.6))
    spatula(-0.05, -0.13, rot=0.2)
    eucalyptus((-0.35, -0.05, 0.0), (1, 0.3, 0.0), length=0.25, leaf_size=0.03, seed=79, droop=0.0)
    camera((0.0, -0.6, 0.3), (0.0, 0.0, 0.04), lens=60, fstop=3.5, focus=(0.05, -0.04, 0.05))


@scene('treatment-skin-care')
def treatment_skin_care():
    # products on travertine plinths
    tabletop(travertine(), plaster('wall_blush', '#e8d2c6'), size=STD, wall_y=0.45, sun_az=240, sun_el=30,
             sun_power=4.2, amb_strength=0.35, exposure=0.25, seed=80)
    tv = travertine('travertine_block', '#e6d8c6')
    cyl(0.09, 0.08, (-0.08, 0.05, 0), tv, 64, bevel=0.004)
    box((0.14, 0.14, 0.05), (0.1, 0.02, 0.025), tv, bevel=0.004, rot=(0, 0, 0.3))
    pump_bottle(-0.1, 0.07, r=0.032, h=0.16, body=ceramic('cer_blush', '#e6c3b6'), z=0.08)
    dropper_bottle(-0.03, 0.02, h=0.1, z=0.08)
    jar(0.1, 0.02, r=0.04, h=0.045, body=ceramic('cer_ivory', '#f0e8dd'), z=0.05)
    jar(0.03, -0.09, r=0.032, h=0.035, body=glass('frost', '#f4efe9', 0.25, 1.5), lid=ceramic('cer_clay', '#b87763'))
    cyl(0.022, 0.13, (0.2, 0.12, 0), ceramic('cer_sage', '#9aa893'), 48, bevel=0.004)
    cyl(0.011, 0.02, (0.2, 0.12, 0.13), brass('brass_pol', '#d8b272', 0.18, False), 32, bevel=0.002)
    eucalyptus((-0.35, 0.25, 0.0), (1, -0.4, 0.0), length=0.3, leaf_size=0.035, seed=81, droop=0.0)
    camera((0.0, -0.6, 0.22), (0.0, 0.0, 0.07), lens=60, fstop=3.5, focus=(0.0, 0.02, 0.08))


@scene('treatment-spa-package')
def treatment_spa_package():
    tabletop(wood('oak_light', '#d2b08a', '#a98460', 3.0, 0.5), plaster('wall_sage', '#c9cfbf'), size=STD,
             wall_y=0.5, sun_az=230, sun_el=30, sun_power=4.2, amb_strength=0.35, exposure=0.3, seed=82)
    zt = tray(0.0, 0.0, 0.42, 0.28, rot=0.05)
    towel_roll(-0.1, 0.05, r=0.035, length=0.2, color='#efe6da', rot=0.05, z=zt)
    towel_roll(-0.1, -0.03, r=0.035, length=0.2, color='#e6cfc1', rot=0.05, z=zt)
    candle(0.08, 0.06, r=0.035, h=0.07, z=zt)
    dropper_bottle(0.14, -0.05, h=0.09, z=zt)
    stones_stack(0.05, -0.06, z=zt, sizes=(0.04, 0.032, 0.024), seed=8)
    jar(-0.28, 0.08, r=0.04, h=0.045, body=ceramic('cer_ivory', '#f0e8dd'))
    vase_with_stems(0.3, 0.18, h=0.16, r=0.05, n=4, seed=83, stem_len=0.32, leaf_size=0.035,
                    mat=glass('vaseglass', '#f2f6f3', 0.0))
    sphere(0.016, (-0.02, -0.16, 0.003), principled('petal', '#e3a39c', 0.5, sheen=0.5), 24, 12,
           scale=(1.3, 0.9, 0.2))
    camera((0.0, -0.6, 0.3), (0.0, 0.0, 0.04), lens=55, fstop=4, focus=(0.0, -0.02, 0.05))

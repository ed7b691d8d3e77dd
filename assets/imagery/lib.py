"""Shared helpers for the Aurelia imagery renders (Blender 3.4, Cycles, CPU).

Everything here is procedural: no textures, HDRIs or models are loaded from
anywhere, so every image can be re-made from these scripts alone.

Blender's Debian build has no OpenImageDenoise, so noise is handled by a
small compositor "poor man's denoiser": the diffuse lighting passes are
smoothed with an edge-aware (bilateral) blur guided by normals + albedo, and
then multiplied back by the (noise-free) albedo pass, which keeps texture
detail crisp.
"""
import bpy
import bmesh
import math
import random
from mathutils import Vector, Euler, Matrix


# ---------------------------------------------------------------- colours
def srgb(h):
    """'#rrggbb' (or an (r,g,b) tuple in 0..1 sRGB) -> linear RGBA."""
    if isinstance(h, str):
        h = h.lstrip('#')
        if len(h) == 3:
            h = ''.join(ch * 2 for ch in h)
        c = [int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]
    else:
        c = list(h)

    def lin(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return (lin(c[0]), lin(c[1]), lin(c[2]), 1.0)


PALETTE = {
    'ivory': '#efe6d8', 'cream': '#e8dcc6', 'blush': '#e7c4b8', 'rose': '#c98f84',
    'clay': '#b87763', 'terracotta': '#a9644e', 'sage': '#9aa893', 'eucalyptus': '#7f9a8c',
    'brass': '#d9b374', 'gold': '#e2c07c', 'taupe': '#a8978a', 'mocha': '#6f5648',
    'walnut': '#5a3e2e', 'oak': '#b88d62', 'charcoal': '#2d2a28', 'white': '#f4f1ec',
    'mauve': '#a77e86', 'nude': '#d8ae98', 'berry': '#8a3345', 'red': '#a3272f',
    'olive': '#6c7256', 'sand': '#d9c4a6', 'greige': '#cbbfb1',
}


def P(name):
    return srgb(PALETTE[name]) if name in PALETTE else srgb(name)


# ---------------------------------------------------------------- scene
def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    CAM_PULL[0] = 1.0
    _mat_cache.clear()
    random.seed(7)


def setup_render(w, h, samples=128, exposure=0.0, look='Medium High Contrast',
                 adaptive=0.04, clamp=4.0, bounces=(2, 2, 6)):
    sc = bpy.context.scene
    sc.render.engine = 'CYCLES'
    cy = sc.cycles
    cy.device = 'CPU'
    cy.samples = samples
    cy.use_adaptive_sampling = True
    cy.adaptive_threshold = adaptive
    cy.adaptive_min_samples = 8
    cy.use_denoising = False
    cy.max_bounces = 10
    cy.diffuse_bounces = bounces[0]
    cy.glossy_bounces = bounces[1]
    cy.transmission_bounces = bounces[2]
    cy.transparent_max_bounces = 8
    cy.volume_bounces = 0
    cy.sample_clamp_direct = 0.0
    cy.sample_clamp_indirect = clamp
    cy.blur_glossy = 1.0
    cy.caustics_reflective = False
    cy.caustics_refractive = False
    cy.use_light_tree = False if hasattr(cy, 'use_light_tree') else None
    try:
        cy.tile_size = 512
    except Exception:
        pass
    sc.render.resolution_x = w
    sc.render.resolution_y = h
    sc.render.resolution_percentage = 100
    sc.render.film_transparent = False
    sc.render.filter_size = 1.2
    sc.view_settings.view_transform = 'Filmic'
    sc.view_settings.look = look
    sc.view_settings.exposure = exposure
    sc.view_settings.gamma = 1.0
    sc.render.image_settings.file_format = 'PNG'
    sc.render.image_settings.color_depth = '16'
    sc.render.image_settings.color_mode = 'RGB'
    sc.render.use_compositing = True
    return sc


def world(color='#f2e8dc', strength=0.35, sky=None):
    """Uniform warm ambient (what a big bright room bounces back)."""
    wd = bpy.data.worlds.new('World')
    bpy.context.scene.world = wd
    wd.use_nodes = True
    nt = wd.node_tree
    bg = nt.nodes['Background']
    bg.inputs['Color'].default_value = srgb(color)
    bg.inputs['Strength'].default_value = strength
    return wd


# ---------------------------------------------------------------- denoise compositor
def denoise_compositor(sigma_space=6.0, sigma_color=0.25, iterations=2, gloss=True):
    sc = bpy.context.scene
    vl = sc.view_layers[0]
    for p in ('use_pass_diffuse_direct', 'use_pass_diffuse_indirect', 'use_pass_diffuse_color',
              'use_pass_glossy_direct', 'use_pass_glossy_indirect', 'use_pass_glossy_color',
              'use_pass_transmission_direct', 'use_pass_transmission_indirect',
              'use_pass_transmission_color', 'use_pass_emit', 'use_pass_environment',
              'use_pass_normal', 'use_pass_z'):
        setattr(vl, p, True)
    sc.use_nodes = True
    nt = sc.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    L = nt.links
    rl = nt.nodes.new('CompositorNodeRLayers')

    def math_rgb(op, a, b, fac=1.0):
        m = nt.nodes.new('CompositorNodeMixRGB')
        m.blend_type = op
        m.inputs[0].default_value = fac
        if isinstance(a, tuple):
            m.inputs[1].default_value = a
        else:
            L.new(a, m.inputs[1])
        if isinstance(b, tuple):
            m.inputs[2].default_value = b
        else:
            L.new(b, m.inputs[2])
        return m.outputs[0]

    # guide = normal*0.5 + albedo*0.5  (edges of geometry and of materials)
    nrm = math_rgb('MULTIPLY', rl.outputs['Normal'], (0.6, 0.6, 0.6, 1))
    alb = math_rgb('MULTIPLY', rl.outputs['DiffCol'], (0.8, 0.8, 0.8, 1))
    guide = math_rgb('ADD', nrm, alb)

    def bilat(img, sc_, cc, it):
        b = nt.nodes.new('CompositorNodeBilateralblur')
        b.sigma_space = sc_
        b.sigma_color = cc
        b.iterations = it
        L.new(img, b.inputs['Image'])
        L.new(guide, b.inputs['Determinator'])
        return b.outputs[0]

    diff = math_rgb('ADD', rl.outputs['DiffDir'], rl.outputs['DiffInd'])
    diff = bilat(diff, sigma_space, sigma_color, iterations)
    diff = math_rgb('MULTIPLY', diff, rl.outputs['DiffCol'])

    glo = math_rgb('ADD', rl.outputs['GlossDir'], rl.outputs['GlossInd'])
    if gloss:
        b = nt.nodes.new('CompositorNodeBilateralblur')
        b.sigma_space = 2.0
        b.sigma_color = 0.12
        b.iterations = 1
        L.new(glo, b.inputs['Image'])
        glo = b.outputs[0]
    glo = math_rgb('MULTIPLY', glo, rl.outputs['GlossCol'])

    tra = math_rgb('ADD', rl.outputs['TransDir'], rl.outputs['TransInd'])
    b2 = nt.nodes.new('CompositorNodeBilateralblur')
    b2.sigma_space = 3.0
    b2.sigma_color = 0.2
    b2.iterations = 2
    L.new(tra, b2.inputs['Image'])
    tra = math_rgb('MULTIPLY', b2.outputs[0], rl.outputs['TransCol'])

    tot = math_rgb('ADD', diff, glo)
    tot = math_rgb('ADD', tot, tra)
    tot = math_rgb('ADD', tot, rl.outputs['Emit'])
    tot = math_rgb('ADD', tot, rl.outputs['Env'])
    comp = nt.nodes.new('CompositorNodeComposite')
    comp.use_alpha = False
    L.new(tot, comp.inputs['Image'])


# ---------------------------------------------------------------- materials
_mat_cache = {}


def _new_mat(name):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    return m, nt, nt.nodes['Principled BSDF']


def principled(name, color, rough=0.5, metal=0.0, spec=0.5, sheen=0.0, coat=0.0,
               coat_rough=0.05, transmission=0.0, ior=1.45, sss=0.0, aniso=0.0,
               emission=None, estrength=0.0, bump=0.0, bump_scale=40.0, alpha=1.0):
    key = (name,)
    if key in _mat_cache:
        return _mat_cache[key]
    m, nt, b = _new_mat(name)
    col = srgb(color) if isinstance(color, str) and color.startswith('#') else (
        P(color) if isinstance(color, str) else color)
    b.inputs['Base Color'].default_value = col
    b.inputs['Roughness'].default_value = rough
    b.inputs['Metallic'].default_value = metal
    b.inputs['Specular'].default_value = spec
    b.inputs['Sheen'].default_value = sheen
    b.inputs['Sheen Tint'].default_value = 0.6
    b.inputs['Clearcoat'].default_value = coat
    b.inputs['Clearcoat Roughness'].default_value = coat_rough
    b.inputs['Transmission'].default_value = transmission
    b.inputs['IOR'].default_value = ior
    b.inputs['Anisotropic'].default_value = aniso
    if sss:
        b.inputs['Subsurface'].default_value = sss
        b.inputs['Subsurface Color'].default_value = col
        b.inputs['Subsurface Radius'].default_value = (0.3, 0.1, 0.05)
    if emission is not None:
        b.inputs['Emission'].default_value = srgb(emission) if isinstance(emission, str) else emission
        b.inputs['Emission Strength'].default_value = estrength
    if alpha < 1.0:
        b.inputs['Alpha'].default_value = alpha
        m.blend_method = 'BLEND'
    if bump:
        add_bump(nt, b, bump, bump_scale)
    _mat_cache[key] = m
    return m


def add_bump(nt, bsdf, strength, scale, detail=6.0, stretch=None):
    tc = nt.nodes.new('ShaderNodeTexCoord')
    nz = nt.nodes.new('ShaderNodeTexNoise')
    nz.inputs['Scale'].default_value = scale
    nz.inputs['Detail'].default_value = detail
    src = tc.outputs['Object']
    if stretch:
        mp = nt.nodes.new('ShaderNodeMapping')
        mp.inputs['Scale'].default_value = stretch
        nt.links.new(src, mp.inputs['Vector'])
        src = mp.outputs['Vector']
    nt.links.new(src, nz.inputs['Vector'])
    bp = nt.nodes.new('ShaderNodeBump')
    bp.inputs['Strength'].default_value = strength
    bp.inputs['Distance'].default_value = 0.02
    nt.links.new(nz.outputs['Fac'], bp.inputs['Height'])
    nt.links.new(bp.outputs['Normal'], bsdf.inputs['Normal'])
    return bp


def marble(name='marble', base='#eee9e2', vein='#8e8478', scale=1.2, rough=0.12, warm=0.0,
           vein_width=0.035):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    N = nt.nodes
    Lk = nt.links
    tc = N.new('ShaderNodeTexCoord')
    # distortion field
    n1 = N.new('ShaderNodeTexNoise')
    n1.inputs['Scale'].default_value = scale * 1.2
    n1.inputs['Detail'].default_value = 8
    n1.inputs['Roughness'].default_value = 0.62
    Lk.new(tc.outputs['Object'], n1.inputs['Vector'])
    mix = N.new('ShaderNodeMixRGB')
    mix.blend_type = 'LINEAR_LIGHT'
    mix.inputs[0].default_value = 0.55
    Lk.new(tc.outputs['Object'], mix.inputs[1])
    Lk.new(n1.outputs['Color'], mix.inputs[2])
    wv = N.new('ShaderNodeTexWave')
    wv.wave_type = 'BANDS'
    wv.bands_direction = 'DIAGONAL'
    wv.inputs['Scale'].default_value = scale * 0.9
    wv.inputs['Distortion'].default_value = 6.0
    wv.inputs['Detail'].default_value = 6.0
    wv.inputs['Detail Roughness'].default_value = 0.6
    Lk.new(mix.outputs[0], wv.inputs['Vector'])
    cr = N.new('ShaderNodeValToRGB')
    e = cr.color_ramp.elements
    e[0].position = 0.0
    e[0].color = srgb(vein)
    e[1].position = vein_width
    e[1].color = srgb(base)
    e.new(1.0 - vein_width * 3).color = srgb(base)
    e[2].position = 1.0
    e[2].color = srgb(base)
    Lk.new(wv.outputs['Fac'], cr.inputs['Fac'])
    # soft cloudy variation
    n2 = N.new('ShaderNodeTexNoise')
    n2.inputs['Scale'].default_value = scale * 3
    n2.inputs['Detail'].default_value = 4
    Lk.new(tc.outputs['Object'], n2.inputs['Vector'])
    ov = N.new('ShaderNodeMixRGB')
    ov.blend_type = 'OVERLAY'
    ov.inputs[0].default_value = 0.12
    Lk.new(cr.outputs['Color'], ov.inputs[1])
    Lk.new(n2.outputs['Color'], ov.inputs[2])
    Lk.new(ov.outputs[0], b.inputs['Base Color'])
    b.inputs['Roughness'].default_value = rough
    b.inputs['Specular'].default_value = 0.5
    b.inputs['Clearcoat'].default_value = 0.25
    b.inputs['Clearcoat Roughness'].default_value = 0.06
    b.inputs['Subsurface'].default_value = 0.0
    _mat_cache[(name,)] = m
    return m


def velvet(name, color):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    N = nt.nodes
    lw = N.new('ShaderNodeLayerWeight')
    lw.inputs['Blend'].default_value = 0.45
    mix = N.new('ShaderNodeMixRGB')
    c = srgb(color)
    mix.inputs[1].default_value = (c[0] * 0.55, c[1] * 0.55, c[2] * 0.55, 1)
    mix.inputs[2].default_value = (min(1, c[0] * 1.6), min(1, c[1] * 1.6), min(1, c[2] * 1.6), 1)
    nt.links.new(lw.outputs['Facing'], mix.inputs[0])
    nt.links.new(mix.outputs[0], b.inputs['Base Color'])
    b.inputs['Roughness'].default_value = 0.9
    b.inputs['Specular'].default_value = 0.25
    b.inputs['Sheen'].default_value = 1.0
    b.inputs['Sheen Tint'].default_value = 0.8
    add_bump(nt, b, 0.08, 120.0)
    _mat_cache[(name,)] = m
    return m


def brass(name='brass', color='#d9b374', rough=0.28, brushed=True):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    b.inputs['Base Color'].default_value = srgb(color)
    b.inputs['Metallic'].default_value = 1.0
    b.inputs['Roughness'].default_value = rough
    if brushed:
        b.inputs['Anisotropic'].default_value = 0.5
        add_bump(nt, b, 0.05, 30.0, stretch=(1, 1, 60))
    _mat_cache[(name,)] = m
    return m


def glass(name='glass', color='#ffffff', rough=0.0, ior=1.47, shadow_tint=None):
    """Clear/tinted glass. Shadow rays pass through (tinted), so whatever is
    inside a bottle or vial still gets light even though caustics are off."""
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    b.inputs['Base Color'].default_value = srgb(color)
    b.inputs['Transmission'].default_value = 1.0
    b.inputs['Roughness'].default_value = rough
    b.inputs['IOR'].default_value = ior
    b.inputs['Specular'].default_value = 0.5
    N = nt.nodes
    lp = N.new('ShaderNodeLightPath')
    tr = N.new('ShaderNodeBsdfTransparent')
    tr.inputs['Color'].default_value = srgb(shadow_tint or color)
    mx = N.new('ShaderNodeMixShader')
    nt.links.new(lp.outputs['Is Shadow Ray'], mx.inputs[0])
    nt.links.new(b.outputs[0], mx.inputs[1])
    nt.links.new(tr.outputs[0], mx.inputs[2])
    nt.links.new(mx.outputs[0], nt.nodes['Material Output'].inputs['Surface'])
    _mat_cache[(name,)] = m
    return m


def wood(name='oak', light='#c49a6c', dark='#8a6040', scale=3.0, rough=0.45, stretch=12.0):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    N = nt.nodes
    Lk = nt.links
    tc = N.new('ShaderNodeTexCoord')
    mp = N.new('ShaderNodeMapping')
    mp.inputs['Scale'].default_value = (1, stretch, 1)
    Lk.new(tc.outputs['Object'], mp.inputs['Vector'])
    nz = N.new('ShaderNodeTexNoise')
    nz.inputs['Scale'].default_value = scale
    nz.inputs['Detail'].default_value = 10
    nz.inputs['Distortion'].default_value = 1.5
    Lk.new(mp.outputs['Vector'], nz.inputs['Vector'])
    wv = N.new('ShaderNodeTexWave')
    wv.inputs['Scale'].default_value = scale * 0.8
    wv.inputs['Distortion'].default_value = 4
    Lk.new(mp.outputs['Vector'], wv.inputs['Vector'])
    mx = N.new('ShaderNodeMixRGB')
    mx.blend_type = 'MULTIPLY'
    mx.inputs[0].default_value = 0.5
    Lk.new(nz.outputs['Fac'], mx.inputs[1])
    Lk.new(wv.outputs['Fac'], mx.inputs[2])
    cr = N.new('ShaderNodeValToRGB')
    cr.color_ramp.elements[0].color = srgb(dark)
    cr.color_ramp.elements[0].position = 0.15
    cr.color_ramp.elements[1].color = srgb(light)
    cr.color_ramp.elements[1].position = 0.6
    Lk.new(mx.outputs[0], cr.inputs['Fac'])
    Lk.new(cr.outputs['Color'], b.inputs['Base Color'])
    b.inputs['Roughness'].default_value = rough
    b.inputs['Clearcoat'].default_value = 0.15
    _mat_cache[(name,)] = m
    return m


def towel(name, color):
    return principled(name, color, rough=1.0, spec=0.2, sheen=0.8, bump=0.35, bump_scale=220)


def plaster(name, color, bump=0.06):
    return principled(name, color, rough=0.92, spec=0.3, bump=bump, bump_scale=18)


def leaf(name='eucalyptus', color='#7d968a'):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m, nt, b = _new_mat(name)
    N = nt.nodes
    b.inputs['Base Color'].default_value = srgb(color)
    b.inputs['Roughness'].default_value = 0.55
    b.inputs['Specular'].default_value = 0.35
    b.inputs['Sheen'].default_value = 0.4
    tr = N.new('ShaderNodeBsdfTranslucent')
    c = srgb(color)
    tr.inputs['Color'].default_value = (c[0] * 0.7, c[1] * 0.9, c[2] * 0.5, 1)
    mx = N.new('ShaderNodeMixShader')
    mx.inputs[0].default_value = 0.2
    out = nt.nodes['Material Output']
    nt.links.new(b.outputs[0], mx.inputs[1])
    nt.links.new(tr.outputs[0], mx.inputs[2])
    nt.links.new(mx.outputs[0], out.inputs['Surface'])
    _mat_cache[(name,)] = m
    return m


def emit(name, color='#fff1dc', strength=8.0):
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    nt.nodes.remove(nt.nodes['Principled BSDF'])
    e = nt.nodes.new('ShaderNodeEmission')
    e.inputs['Color'].default_value = srgb(color)
    e.inputs['Strength'].default_value = strength
    nt.links.new(e.outputs[0], nt.nodes['Material Output'].inputs['Surface'])
    _mat_cache[(name,)] = m
    return m


def lampshade(name='shade', color='#f6ead8', glow=3.0):
    """Translucent fabric / opal glass: diffuse + translucent + faint emission."""
    if (name,) in _mat_cache:
        return _mat_cache[(name,)]
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nt = m.node_tree
    b = nt.nodes['Principled BSDF']
    b.inputs['Base Color'].default_value = srgb(color)
    b.inputs['Roughness'].default_value = 0.35
    b.inputs['Emission'].default_value = srgb(color)
    b.inputs['Emission Strength'].default_value = glow
    b.inputs['Clearcoat'].default_value = 0.4
    _mat_cache[(name,)] = m
    return m


# ---------------------------------------------------------------- objects
def _link(ob):
    bpy.context.scene.collection.objects.link(ob)
    return ob


def set_mat(ob, mat):
    if ob.data is not None and hasattr(ob.data, 'materials'):
        ob.data.materials.clear()
        ob.data.materials.append(mat)
    return ob


def smooth(ob, angle=35):
    if ob.type == 'MESH':
        for p in ob.data.polygons:
            p.use_smooth = True
        ob.data.use_auto_smooth = True
        ob.data.auto_smooth_angle = math.radians(angle)
    return ob


def mesh_obj(name, verts, faces, mat=None, loc=(0, 0, 0), rot=(0, 0, 0), scale=(1, 1, 1)):
    me = bpy.data.meshes.new(name)
    me.from_pydata(verts, [], faces)
    me.update()
    ob = bpy.data.objects.new(name, me)
    ob.location = loc
    ob.rotation_euler = rot
    ob.scale = scale if not isinstance(scale, (int, float)) else (scale, scale, scale)
    _link(ob)
    if mat:
        set_mat(ob, mat)
    return ob


def box(size, loc, mat=None, bevel=0.005, rot=(0, 0, 0), segs=3, name='box'):
    """Axis box of full size (sx,sy,sz) with its centre at loc, bevelled."""
    sx, sy, sz = size
    hx, hy, hz = sx / 2, sy / 2, sz / 2
    v = [(-hx, -hy, -hz), (hx, -hy, -hz), (hx, hy, -hz), (-hx, hy, -hz),
         (-hx, -hy, hz), (hx, -hy, hz), (hx, hy, hz), (-hx, hy, hz)]
    f = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    ob = mesh_obj(name, v, f, mat, loc, rot)
    if bevel > 0:
        bv = ob.modifiers.new('bevel', 'BEVEL')
        bv.width = min(bevel, min(size) * 0.49)
        bv.segments = segs
        bv.limit_method = 'NONE'
        bv.harden_normals = False
        smooth(ob, 30)
    return ob


def cushion(size, loc, mat, rot=(0, 0, 0), softness=0.35, name='cushion'):
    """Soft upholstered block: big bevel + subdivision."""
    ob = box(size, loc, mat, bevel=min(size) * softness, rot=rot, segs=4, name=name)
    sd = ob.modifiers.new('sub', 'SUBSURF')
    sd.levels = 1
    sd.render_levels = 2
    smooth(ob, 180)
    return ob


def lathe(profile, loc=(0, 0, 0), mat=None, segs=64, name='lathe', rot=(0, 0, 0), cap=True,
          smooth_angle=50):
    """profile: list of (radius, z) from bottom to top. Radius 0 closes a pole."""
    verts = []
    faces = []
    rings = []
    for (r, z) in profile:
        if r <= 1e-6:
            rings.append([len(verts)])
            verts.append((0, 0, z))
        else:
            ring = []
            for i in range(segs):
                a = 2 * math.pi * i / segs
                ring.append(len(verts))
                verts.append((r * math.cos(a), r * math.sin(a), z))
            rings.append(ring)
    for a, b in zip(rings[:-1], rings[1:]):
        if len(a) == 1 and len(b) == 1:
            continue
        if len(a) == 1:
            for i in range(segs):
                faces.append((a[0], b[i], b[(i + 1) % segs]))
        elif len(b) == 1:
            for i in range(segs):
                faces.append((a[i], b[0], a[(i + 1) % segs]))
        else:
            for i in range(segs):
                faces.append((a[i], a[(i + 1) % segs], b[(i + 1) % segs], b[i]))
    if cap:
        if len(rings[0]) > 1:
            faces.append(tuple(reversed(rings[0])))
        if len(rings[-1]) > 1:
            faces.append(tuple(rings[-1]))
    ob = mesh_obj(name, verts, faces, mat, loc, rot)
    smooth(ob, smooth_angle)
    return ob


def cyl(r, h, loc, mat=None, segs=48, rot=(0, 0, 0), bevel=0.0, name='cyl'):
    """Cylinder standing on loc (loc is bottom centre)."""
    if bevel > 0:
        b = min(bevel, r * 0.45, h * 0.45)
        prof = [(0, 0), (r - b, 0)]
        for i in range(1, 4):
            a = (math.pi / 2) * i / 4
            prof.append((r - b + b * math.sin(a), b - b * math.cos(a)))
        prof += [(r, b), (r, h - b)]
        for i in range(1, 4):
            a = (math.pi / 2) * i / 4
            prof.append((r - b + b * math.cos(a), h - b + b * math.sin(a)))
        prof += [(r - b, h), (0, h)]
    else:
        prof = [(0, 0), (r, 0), (r, h), (0, h)]
    ob = lathe(prof, loc, mat, segs, name, rot, cap=False, smooth_angle=40)
    return ob


def sphere(r, loc, mat=None, segs=48, rings=24, scale=(1, 1, 1), name='sphere'):
    prof = []
    for i in range(rings + 1):
        a = -math.pi / 2 + math.pi * i / rings
        prof.append((r * math.cos(a) if 0 < i < rings else 0, r * math.sin(a)))
    ob = lathe(prof, loc, mat, segs, name, cap=False, smooth_angle=180)
    ob.scale = scale
    return ob


def torus(R, r, loc, mat=None, rot=(0, 0, 0), name='torus'):
    bpy.ops.mesh.primitive_torus_add(major_radius=R, minor_radius=r, major_segments=64,
                                     minor_segments=20, location=loc, rotation=rot)
    ob = bpy.context.active_object
    ob.name = name
    smooth(ob, 180)
    if mat:
        set_mat(ob, mat)
    return ob


def tube_path(points, radius, mat=None, name='tube', res=6):
    """A round tube following points (list of xyz)."""
    cu = bpy.data.curves.new(name, 'CURVE')
    cu.dimensions = '3D'
    cu.bevel_depth = radius
    cu.bevel_resolution = res
    cu.use_fill_caps = True
    sp = cu.splines.new('POLY' if len(points) < 3 else 'BEZIER')
    if sp.type == 'BEZIER':
        sp.bezier_points.add(len(points) - 1)
        for bp, p in zip(sp.bezier_points, points):
            bp.co = p
            bp.handle_left_type = 'AUTO'
            bp.handle_right_type = 'AUTO'
    else:
        sp.points.add(len(points) - 1)
        for bp, p in zip(sp.points, points):
            bp.co = (p[0], p[1], p[2], 1)
    ob = bpy.data.objects.new(name, cu)
    _link(ob)
    if mat:
        ob.data.materials.append(mat)
    return ob


def plane(size, loc, mat=None, rot=(0, 0, 0), name='plane'):
    sx, sy = size
    v = [(-sx / 2, -sy / 2, 0), (sx / 2, -sy / 2, 0), (sx / 2, sy / 2, 0), (-sx / 2, sy / 2, 0)]
    return mesh_obj(name, v, [(0, 1, 2, 3)], mat, loc, rot)


def arch_panel(width, height, thick, loc, mat=None, rot=(0, 0, 0), segs=32, name='arch'):
    """Vertical arch-topped slab in the XZ plane, bottom centre at loc, facing -Y."""
    r = width / 2
    pts = [(-r, 0), (r, 0), (r, height - r)]
    for i in range(1, segs):
        a = math.pi * i / segs
        pts.append((r * math.cos(a), height - r + r * math.sin(a)))
    pts.append((-r, height - r))
    n = len(pts)
    verts = [(x, -thick / 2, z) for x, z in pts] + [(x, thick / 2, z) for x, z in pts]
    faces = [tuple(range(n - 1, -1, -1)), tuple(range(n, 2 * n))]
    for i in range(n):
        j = (i + 1) % n
        faces.append((i, j, n + j, n + i))
    ob = mesh_obj(name, verts, faces, mat, loc, rot)
    bv = ob.modifiers.new('bevel', 'BEVEL')
    bv.width = min(0.004, thick * 0.3)
    bv.segments = 2
    smooth(ob, 30)
    return ob


def leaf_mesh(length, width, bend=0.15, n=8):
    """Returns verts, faces for a single leaf lying along +X (base at origin)."""
    verts = []
    faces = []
    for i in range(n + 1):
        t = i / n
        w = width * math.sin(math.pi * min(1, t * 1.02)) * (1 - 0.25 * t)
        z = -bend * length * t * t
        verts.append((length * t, -w / 2, z + 0.0))
        verts.append((length * t, 0, z + width * 0.08))
        verts.append((length * t, w / 2, z))
    for i in range(n):
        a = i * 3
        faces.append((a, a + 3, a + 4, a + 1))
        faces.append((a + 1, a + 4, a + 5, a + 2))
    return verts, faces


def eucalyptus(base, direction, length=0.5, leaf_size=0.045, mat_leaf=None, mat_stem=None,
               seed=1, droop=0.25, name='euc', leaves_per=9):
    """Silver-dollar eucalyptus stem: curved stem with round paired leaves."""
    rnd = random.Random(seed)
    base = Vector(base)
    d = Vector(direction).normalized()
    side = d.cross(Vector((0, 0, 1)))
    if side.length < 1e-3:
        side = Vector((1, 0, 0))
    side.normalize()
    pts = []
    for i in range(6):
        t = i / 5
        p = base + d * length * t + Vector((0, 0, -droop * length * t * t))
        p += side * 0.03 * math.sin(t * 3 + seed)
        pts.append(p)
    stem = tube_path([tuple(p) for p in pts], 0.0025, mat_stem or principled('stem', '#7c7a5c', 0.6),
                     name + '_stem', res=2)
    verts = []
    faces = []
    for k in range(leaves_per):
        t = 0.12 + 0.88 * k / max(1, leaves_per - 1)
        # position along stem
        seg = t * 5
        i0 = min(4, int(seg))
        f = seg - i0
        p = pts[i0].lerp(pts[i0 + 1], f)
        size = leaf_size * (1.15 - 0.55 * t) * rnd.uniform(0.85, 1.15)
        for sgn in (-1, 1):
            lv, lf = leaf_mesh(size * 1.1, size * 1.0, bend=0.12, n=6)
            ang = rnd.uniform(-0.4, 0.4)
            yaw = math.atan2(d.y, d.x) + sgn * (math.pi / 2 - 0.35) + ang
            pitch = rnd.uniform(-0.5, 0.35)
            roll = rnd.uniform(-0.6, 0.6)
            R = Euler((roll, pitch, yaw), 'XYZ').to_matrix()
            o = len(verts)
            for v in lv:
                verts.append(tuple(R @ Vector(v) + p))
            for fc in lf:
                faces.append(tuple(x + o for x in fc))
    lv = mesh_obj(name + '_leaves', verts, faces, mat_leaf or leaf())
    smooth(lv, 180)
    sol = lv.modifiers.new('sol', 'SOLIDIFY')
    sol.thickness = 0.0012
    return stem, lv


def stone(r, loc, mat, seed=0, flat=0.45, rot_z=0.0, name='stone'):
    ob = sphere(r, (0, 0, 0), mat, segs=32, rings=16, name=name)
    rnd = random.Random(seed)
    ob.scale = (rnd.uniform(1.0, 1.3), rnd.uniform(0.8, 1.0), flat)
    ob.location = (loc[0], loc[1], loc[2] + r * flat * 0.98)
    ob.rotation_euler = (0, 0, rot_z)
    return ob


# ---------------------------------------------------------------- lights / camera
def area_light(loc, target, size=(1, 1), power=200, color='#fff4e6', name='area', spread=180,
               visible=False, shape='RECTANGLE'):
    ld = bpy.data.lights.new(name, 'AREA')
    ld.shape = shape
    ld.size = size[0]
    ld.size_y = size[1]
    ld.energy = power
    ld.color = srgb(color)[:3]
    ld.spread = math.radians(spread)
    ob = bpy.data.objects.new(name, ld)
    ob.location = loc
    _link(ob)
    look_at(ob, target)
    ob.visible_camera = visible
    return ob


def sun(direction_to=(0, 0, 0), rot=None, strength=4.0, angle=1.5, color='#fff0dc', name='sun'):
    ld = bpy.data.lights.new(name, 'SUN')
    ld.energy = strength
    ld.angle = math.radians(angle)
    ld.color = srgb(color)[:3]
    ob = bpy.data.objects.new(name, ld)
    _link(ob)
    if rot is not None:
        ob.rotation_euler = rot
    return ob


def sun_from(azimuth_deg, elevation_deg, strength=4.0, angle=1.5, color='#fff0dc'):
    """Sun shining FROM the direction (azimuth measured from +X toward +Y)."""
    ob = sun(strength=strength, angle=angle, color=color)
    az = math.radians(azimuth_deg)
    el = math.radians(elevation_deg)
    d = Vector((math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)))
    ob.rotation_euler = (-d).to_track_quat('-Z', 'Y').to_euler()
    return ob, d


def point_light(loc, power=30, radius=0.05, color='#ffe7c7', name='pt'):
    ld = bpy.data.lights.new(name, 'POINT')
    ld.energy = power
    ld.shadow_soft_size = radius
    ld.color = srgb(color)[:3]
    ob = bpy.data.objects.new(name, ld)
    ob.location = loc
    _link(ob)
    return ob


def look_at(ob, target):
    d = Vector(target) - Vector(ob.location)
    ob.rotation_euler = d.to_track_quat('-Z', 'Y').to_euler()


CAM_PULL = [1.0]


def camera(loc, target, lens=50, fstop=None, focus=None, sensor=36, shift=(0, 0), name='cam'):
    # CAM_PULL lets a template back every camera away from its target a little
    loc = tuple(Vector(target) + (Vector(loc) - Vector(target)) * CAM_PULL[0])
    cd = bpy.data.cameras.new(name)
    cd.lens = lens
    cd.sensor_width = sensor
    cd.shift_x, cd.shift_y = shift
    ob = bpy.data.objects.new(name, cd)
    ob.location = loc
    _link(ob)
    look_at(ob, target)
    if fstop:
        cd.dof.use_dof = True
        cd.dof.aperture_fstop = fstop
        cd.dof.aperture_blades = 7
        f = Vector(focus if focus is not None else target)
        cd.dof.focus_distance = (f - Vector(loc)).length
    bpy.context.scene.camera = ob
    return ob


def hide_from_camera(ob):
    ob.visible_camera = False
    ob.visible_glossy = False
    ob.visible_transmission = False
    return ob


def gobo_window(sun_dir, center, dist=3.0, panes=(3, 2), pane=0.45, bar=0.05, leaves=True,
                seed=3, rot=0.0):
    """Window mullions (and a few leaf sprigs) between the sun and the scene.
    They cast the soft window-light pattern so typical of interior photos,
    but are invisible to the camera and to reflections."""
    mat = principled('gobo', '#d9cfc3', 0.95, spec=0.2)
    c = Vector(center) + Vector(sun_dir).normalized() * dist
    # local frame perpendicular to sun direction
    n = Vector(sun_dir).normalized()
    up = Vector((0, 0, 1))
    u = n.cross(up)
    if u.length < 1e-3:
        u = Vector((1, 0, 0))
    u.normalize()
    v = u.cross(n).normalized()
    R = Matrix.Rotation(rot, 3, n)
    u = R @ u
    v = R @ v
    nx, ny = panes
    W = nx * pane
    H = ny * pane
    objs = []
    rotm = Matrix((u, v, n)).transposed().to_euler()
    for i in range(nx + 1):
        x = -W / 2 + i * pane
        ob = box((bar, H + bar, 0.02), tuple(c + u * x), mat, bevel=0, rot=rotm, name='gobo')
        objs.append(ob)
    for j in range(ny + 1):
        y = -H / 2 + j * pane
        ob = box((W + bar, bar, 0.02), tuple(c + v * y), mat, bevel=0, rot=rotm, name='gobo')
        objs.append(ob)
    # outside of the window opening: a big frame that blocks the rest of the sun
    big = 3.0
    for (dx, dy, sx, sy) in ((-(W / 2 + big / 2), 0, big, big * 2), ((W / 2 + big / 2), 0, big, big * 2),
                             (0, (H / 2 + big / 2), W, big), (0, -(H / 2 + big / 2), W, big)):
        ob = box((sx, sy, 0.02), tuple(c + u * dx + v * dy), mat, bevel=0, rot=rotm, name='gobo')
        objs.append(ob)
    if leaves:
        rnd = random.Random(seed)
        for k in range(3):
            p = c + u * rnd.uniform(-W / 2, W / 2) + v * rnd.uniform(-H / 2, H / 2) - n * 0.3
            d = (u * rnd.uniform(-1, 1) + v * rnd.uniform(-1, 1)).normalized()
            s, l = eucalyptus(tuple(p), tuple(d), length=rnd.uniform(0.5, 0.8), leaf_size=0.07,
                              mat_leaf=mat, mat_stem=mat, seed=seed + k, droop=0.1, name='goboleaf')
            objs += [s, l]
    # No ray-visibility tricks here: partial visibility flags make Embree's
    # traversal several times slower. Keep the gobo out of the camera's view.
    return objs


def render(path):
    sc = bpy.context.scene
    sc.render.filepath = path
    bpy.ops.render.render(write_still=True)


def window_spot(target, az, el, dist=6.0, power=1500.0, panes=(3, 2), pane=0.09, bar=0.012,
                soft=0.004, leaves=0.35, color='#fff0dc', radius=0.04, rot=0.0, seed=2.0):
    """Sunlight through a window, as a spot light whose emission is masked by a
    procedural window-mullion pattern (plus a soft dappled 'foliage' mask).
    This gives the look of window light falling across a room or table with no
    blocking geometry in the scene (which would slow Cycles down a lot).
    pane/bar are in tangent units (size at distance 1 along the beam)."""
    az_r = math.radians(az)
    el_r = math.radians(el)
    d = Vector((math.cos(az_r) * math.cos(el_r), math.sin(az_r) * math.cos(el_r), math.sin(el_r)))
    loc = Vector(target) + d * dist
    ld = bpy.data.lights.new('window', 'SPOT')
    ld.energy = power
    ld.shadow_soft_size = radius
    ld.spot_size = math.radians(60)
    ld.spot_blend = 0.0
    ld.color = srgb(color)[:3]
    ld.use_nodes = True
    ob = bpy.data.objects.new('window', ld)
    ob.location = loc
    _link(ob)
    look_at(ob, target)
    ob.rotation_euler.rotate_axis('Z', rot)
    nt = ld.node_tree
    N = nt.nodes
    Lk = nt.links
    em = N['Emission']
    tc = N.new('ShaderNodeTexCoord')
    sep = N.new('ShaderNodeSeparateXYZ')
    Lk.new(tc.outputs['Normal'], sep.inputs[0])

    def m(op, a, b=None, clamp=False):
        n = N.new('ShaderNodeMath')
        n.operation = op
        n.use_clamp = clamp
        for i, x in enumerate((a, b)):
            if x is None:
                continue
            if isinstance(x, (int, float)):
                n.inputs[i].default_value = x
            else:
                Lk.new(x, n.inputs[i])
        return n.outputs[0]

    z = m('ABSOLUTE', sep.outputs['Z'])
    u = m('DIVIDE', sep.outputs['X'], z)
    v = m('DIVIDE', sep.outputs['Y'], z)
    W = panes[0] * pane
    H = panes[1] * pane

    def band(coord, half):
        # 1 inside the opening, smooth edge
        a = m('ABSOLUTE', coord)
        mr = N.new('ShaderNodeMapRange')
        mr.interpolation_type = 'SMOOTHSTEP'
        Lk.new(a, mr.inputs['Value'])
        mr.inputs['From Min'].default_value = half + soft
        mr.inputs['From Max'].default_value = half - soft
        return mr.outputs['Result']

    def mullion(coord, half):
        # distance to nearest bar line
        t = m('ADD', coord, half)
        t = m('DIVIDE', t, pane)
        f = m('FRACT', t)
        g = m('SUBTRACT', f, 0.5)
        g = m('ABSOLUTE', g)  # 0.5 at bars
        mr = N.new('ShaderNodeMapRange')
        mr.interpolation_type = 'SMOOTHSTEP'
        Lk.new(g, mr.inputs['Value'])
        hb = bar / pane / 2
        mr.inputs['From Min'].default_value = 0.5 - hb + soft / pane
        mr.inputs['From Max'].default_value = 0.5 - hb - soft / pane
        return mr.outputs['Result']

    mask = m('MULTIPLY', band(u, W / 2), band(v, H / 2))
    mask = m('MULTIPLY', mask, mullion(u, W / 2))
    mask = m('MULTIPLY', mask, mullion(v, H / 2))
    if leaves > 0:
        cx = N.new('ShaderNodeCombineXYZ')
        Lk.new(u, cx.inputs['X'])
        Lk.new(v, cx.inputs['Y'])
        cx.inputs['Z'].default_value = seed
        nz = N.new('ShaderNodeTexNoise')
        nz.inputs['Scale'].default_value = 9.0
        nz.inputs['Detail'].default_value = 3.0
        nz.inputs['Roughness'].default_value = 0.55
        Lk.new(cx.outputs[0], nz.inputs['Vector'])
        mr = N.new('ShaderNodeMapRange')
        mr.interpolation_type = 'SMOOTHSTEP'
        Lk.new(nz.outputs['Fac'], mr.inputs['Value'])
        mr.inputs['From Min'].default_value = 0.62
        mr.inputs['From Max'].default_value = 0.66
        mr.inputs['To Min'].default_value = 1.0
        mr.inputs['To Max'].default_value = 1.0 - leaves * 2.5
        lv = m('MAXIMUM', mr.outputs['Result'], 0.0)
        mask = m('MULTIPLY', mask, lv)
    Lk.new(mask, em.inputs['Strength'])
    return ob, d

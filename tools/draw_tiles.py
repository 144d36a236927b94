"""Draws the terrain tile atlas, assets/tiles/terrain.png: one flat-top hex per ground, for each
hill level (row = level 0, 1, 2; column = the order of `hex::Ground`). Run from the repository root
with Pillow installed: `python3 tools/draw_tiles.py`. Drawn at four times the size and scaled down,
so edges stay smooth; seeded, so the output is the same on every run."""

import math
import random
from PIL import Image, ImageDraw, ImageFilter

W, H = 256, 222  # one tile: a flat-top hex of circumradius 128
SS = 4  # supersampling
GROUNDS = ["open", "forest", "marsh", "rocky", "buildings", "fortification", "river", "stream"]
LEVELS = 3

GRASS = (143, 168, 106)


def hex_points(cx, cy, r):
    return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]


def inside(x, y, r):
    """Whether (x, y), relative to the centre, lies inside the flat-top hex of circumradius r."""
    x, y = abs(x), abs(y)
    return y <= r * math.sqrt(3) / 2 and x * math.sqrt(3) / 2 + y / 2 <= r * math.sqrt(3) / 2


def shade(c, f):
    return tuple(max(0, min(255, int(v * f))) for v in c)


def mix(a, b, t):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def scatter(rng, n, r, margin=0.85):
    out = []
    while len(out) < n:
        x, y = rng.uniform(-r, r), rng.uniform(-r, r)
        if inside(x, y, r * margin):
            out.append((x, y))
    return out


def draw_ground(d, ground, level, cx, cy, r, rng):
    base = GRASS
    if level:
        base = mix(GRASS, (176, 150, 96), 0.35 * level)
    d.polygon(hex_points(cx, cy, r), fill=base)
    for x, y in scatter(rng, 40, r):
        d.line([(cx + x, cy + y), (cx + x + 3 * SS, cy + y - 6 * SS)], fill=shade(base, 0.85), width=SS)
    if ground == "forest":
        for x, y in sorted(scatter(rng, 22, r, 0.78), key=lambda p: p[1]):
            rad = rng.uniform(13, 19) * SS
            d.ellipse([cx + x - rad, cy + y - rad + 4 * SS, cx + x + rad, cy + y + rad + 4 * SS], fill=(40, 66, 36))
            d.ellipse([cx + x - rad, cy + y - rad, cx + x + rad, cy + y + rad], fill=(58, 102, 52))
            d.ellipse([cx + x - rad * 0.5, cy + y - rad * 0.7, cx + x + rad * 0.2, cy + y - rad * 0.1], fill=(86, 134, 70))
    elif ground == "marsh":
        for x, y in scatter(rng, 9, r, 0.75):
            w, h = rng.uniform(20, 34) * SS, rng.uniform(8, 13) * SS
            d.ellipse([cx + x - w, cy + y - h, cx + x + w, cy + y + h], fill=(104, 140, 150))
        for x, y in scatter(rng, 30, r, 0.85):
            d.line([(cx + x, cy + y), (cx + x - 2 * SS, cy + y - 12 * SS)], fill=(78, 96, 50), width=2 * SS)
    elif ground == "rocky":
        for x, y in scatter(rng, 12, r, 0.78):
            pts = [(cx + x + math.cos(a) * rng.uniform(8, 16) * SS, cy + y + math.sin(a) * rng.uniform(6, 12) * SS) for a in [i * 2 * math.pi / 7 for i in range(7)]]
            d.polygon([(px, py + 3 * SS) for px, py in pts], fill=(92, 86, 78))
            d.polygon(pts, fill=(150, 144, 134))
    elif ground == "buildings":
        for x, y in scatter(rng, 7, r, 0.6):
            w, h = rng.uniform(14, 22) * SS, rng.uniform(11, 16) * SS
            d.rectangle([cx + x - w, cy + y - h + 4 * SS, cx + x + w, cy + y + h + 4 * SS], fill=(70, 58, 48))
            d.rectangle([cx + x - w, cy + y - h, cx + x + w, cy + y + h], fill=(226, 214, 188))
            d.polygon([(cx + x - w, cy + y - h), (cx + x + w, cy + y - h), (cx + x + w * 0.7, cy + y - h * 0.2), (cx + x - w * 0.7, cy + y - h * 0.2)], fill=(176, 74, 52))
    elif ground == "fortification":
        wall = hex_points(cx, cy, r * 0.72)
        d.line(wall + [wall[0]], fill=(96, 92, 88), width=16 * SS, joint="curve")
        d.line(wall + [wall[0]], fill=(168, 162, 150), width=10 * SS, joint="curve")
        for i in range(6):
            (x0, y0), (x1, y1) = wall[i], wall[(i + 1) % 6]
            for t in (0.25, 0.5, 0.75):
                px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                d.rectangle([px - 5 * SS, py - 5 * SS, px + 5 * SS, py + 5 * SS], fill=(120, 114, 106))
            d.ellipse([x0 - 11 * SS, y0 - 11 * SS, x0 + 11 * SS, y0 + 11 * SS], fill=(128, 122, 112))
    elif ground == "river":
        d.polygon(hex_points(cx, cy, r), fill=(70, 118, 168))
        for x, y in scatter(rng, 16, r, 0.8):
            d.arc([cx + x - 12 * SS, cy + y - 5 * SS, cx + x + 12 * SS, cy + y + 5 * SS], 200, 340, fill=(150, 190, 222), width=2 * SS)
    elif ground == "stream":
        pts = []
        for i in range(41):
            x = -r + 2 * r * i / 40
            pts.append((cx + x, cy + math.sin(i / 40 * 2 * math.pi * 1.5) * 9 * SS))
        d.line(pts, fill=(52, 92, 130), width=26 * SS, joint="curve")
        d.line(pts, fill=(86, 140, 190), width=18 * SS, joint="curve")
    if level:
        for k in range(level):
            ring = hex_points(cx, cy, r * (0.93 - 0.09 * k))
            d.line(ring + [ring[0]], fill=(112, 84, 48), width=4 * SS, joint="curve")


def tile(ground, level):
    r = 128 * SS
    img = Image.new("RGBA", (W * SS, H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = W * SS / 2, H * SS / 2
    rng = random.Random(GROUNDS.index(ground) * 10 + level)
    draw_ground(d, ground, level, cx, cy, r, rng)
    # Clip to the hex and draw its outline.
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).polygon(hex_points(cx, cy, r), fill=255)
    img.putalpha(Image.composite(img.getchannel("A"), mask, mask))
    out = Image.new("RGBA", img.size, (0, 0, 0, 0))
    out.paste(img, (0, 0), mask)
    edge = hex_points(cx, cy, r - 1.5 * SS)
    ImageDraw.Draw(out).line(edge + [edge[0]], fill=(40, 40, 32, 150), width=3 * SS)
    return out.resize((W, H), Image.LANCZOS)


def main():
    atlas = Image.new("RGBA", (W * len(GROUNDS), H * LEVELS), (0, 0, 0, 0))
    for level in range(LEVELS):
        for i, g in enumerate(GROUNDS):
            atlas.paste(tile(g, level), (i * W, level * H))
    atlas.save("assets/tiles/terrain.png", optimize=True)


if __name__ == "__main__":
    main()

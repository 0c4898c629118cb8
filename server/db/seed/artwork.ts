// Procedural, deterministic artwork for the demo content: builds an SVG for an
// ArtSpec (bakery item on a backdrop, warm light) and rasterises it with sharp.
// Items are drawn in a 1200×900 design space, centred and scaled into the
// requested size; backdrops and shop fronts fill the whole canvas.

import { loadSharp } from "../../images/sharp.ts";
import type { ArtKind, ArtSpec } from "./content.ts";

// ---------------------------------------------------------------------------
// Randomness, colours, numbers

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const n = (x: number): string => (Math.round(x * 10) / 10).toString();

function toRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  const c = x.map((v, i) => Math.round(v + (at(y, i) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#1a0c04", t);

interface Ctx {
  rng: Rng;
  defs: string[];
  count: number;
  style: number;
  comp: number;
}

function uid(c: Ctx, p: string): string {
  c.count++;
  return `${p}${c.count}`;
}
const rnd = (c: Ctx, a: number, b: number) => a + (b - a) * c.rng();
/** arr[i] with wrap-around (arrays here are never empty). */
function at<T>(arr: readonly T[], i: number): T {
  return arr[((i % arr.length) + arr.length) % arr.length] as T;
}
function pick<T>(c: Ctx, arr: readonly T[]): T {
  return at(arr, Math.floor(c.rng() * arr.length));
}

type Stop = [offset: number, color: string, opacity?: number];
const stopsSvg = (stops: Stop[]) =>
  stops
    .map(
      ([o, col, op]) => `<stop offset="${o}" stop-color="${col}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");

function radial(
  c: Ctx,
  stops: Stop[],
  o: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number; user?: boolean } = {},
): string {
  const id = uid(c, "r");
  const units = o.user ? ' gradientUnits="userSpaceOnUse"' : "";
  const cx = o.cx ?? 0.5;
  const cy = o.cy ?? 0.5;
  c.defs.push(
    `<radialGradient id="${id}"${units} cx="${n(cx)}" cy="${n(cy)}" r="${n(o.r ?? 0.5)}" fx="${n(o.fx ?? cx)}" fy="${n(o.fy ?? cy)}">${stopsSvg(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}
function radialF(c: Ctx, stops: Stop[], cx: number, cy: number, r: number, fx?: number, fy?: number): string {
  // objectBoundingBox version with fractional numbers kept precise
  const id = uid(c, "r");
  c.defs.push(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx ?? cx}" fy="${fy ?? cy}">${stopsSvg(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

function linear(c: Ctx, stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
  const id = uid(c, "l");
  const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
  c.defs.push(
    `<linearGradient id="${id}"${units} x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** Rounded "baked" shading: warm highlight top-left, darker rim. */
function bun(c: Ctx, base: string, gloss = 0.35): string {
  return radialF(
    c,
    [
      [0, lighten(base, gloss)],
      [0.45, base],
      [0.85, darken(base, 0.22)],
      [1, darken(base, 0.42)],
    ],
    0.45,
    0.42,
    0.62,
    0.36,
    0.3,
  );
}

/** Soft contact shadow (a radial gradient instead of a blur filter, for speed). */
function shadow(cx: number, cy: number, rx: number, ry: number, op = 0.5, blur = "bL"): string {
  const b = blur === "bL" ? 30 : blur === "bM" ? 14 : 6;
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx + b)}" ry="${n(ry + b)}" fill="url(#shd)" fill-opacity="${Math.min(1, op * 1.3)}"/>`;
}

/** Closed smooth path through points (Catmull-Rom → cubic Bézier). */
function smooth(pts: [number, number][]): string {
  const first = at(pts, 0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < pts.length; i++) {
    const p0 = at(pts, i - 1);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = at(pts, i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

function blobPts(c: Ctx, cx: number, cy: number, rx: number, ry: number, k = 14, jit = 0.08): [number, number][] {
  const pts: [number, number][] = [];
  const phase = c.rng() * Math.PI * 2;
  for (let i = 0; i < k; i++) {
    const a = phase + (i / k) * Math.PI * 2;
    const j = 1 + (c.rng() * 2 - 1) * jit;
    pts.push([cx + Math.cos(a) * rx * j, cy + Math.sin(a) * ry * j]);
  }
  return pts;
}
const blob = (c: Ctx, cx: number, cy: number, rx: number, ry: number, k = 14, jit = 0.08) =>
  smooth(blobPts(c, cx, cy, rx, ry, k, jit));

/** Random point inside an ellipse. */
function inEllipse(c: Ctx, cx: number, cy: number, rx: number, ry: number): [number, number] {
  const a = c.rng() * Math.PI * 2;
  const r = Math.sqrt(c.rng());
  return [cx + Math.cos(a) * rx * r, cy + Math.sin(a) * ry * r];
}

function seedsIn(
  c: Ctx,
  count: number,
  at: () => [number, number],
  kind: "sesame" | "poppy" | "blackSesame" | "sugar" | "salt" | "caraway",
): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = at();
    const rot = n(rnd(c, 0, 180));
    if (kind === "sesame") {
      const col = pick(c, ["#f6e6c0", "#f1d9a2", "#fbefd2", "#e8c98c"]);
      s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="5.2" ry="2.6" fill="${col}" stroke="#b98a45" stroke-width="0.6" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
    } else if (kind === "blackSesame") {
      s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="4.4" ry="2.2" fill="#2a2420" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
    } else if (kind === "caraway") {
      s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="5" ry="1.6" fill="#4a3218" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
    } else if (kind === "poppy") {
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rnd(c, 1.4, 2.2))}" fill="${pick(c, ["#2b3140", "#3a4152", "#1f2430"])}"/>`;
    } else if (kind === "sugar") {
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rnd(c, 1, 2.6))}" fill="#ffffff" opacity="${n(rnd(c, 0.55, 0.95))}"/>`;
    } else {
      const r = rnd(c, 2, 4);
      s += `<rect x="${n(x)}" y="${n(y)}" width="${n(r)}" height="${n(r)}" fill="#ffffff" opacity="0.85" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
    }
  }
  return s;
}

// ---------------------------------------------------------------------------
// Backdrops (drawn in canvas pixels)

type Backdrop = "wood" | "darkWood" | "marble" | "linen" | "slate" | "pastel" | "paper";

function backdrop(c: Ctx, kind: Backdrop, W: number, H: number): string {
  const r = c.rng;
  let s = "";
  if (kind === "wood" || kind === "darkWood") {
    const base =
      kind === "wood" ? pick(c, ["#b07a48", "#a56f3f", "#bd8652"]) : pick(c, ["#5a3a22", "#4e321e", "#634028"]);
    s += `<rect width="${W}" height="${H}" fill="${linear(c, [
      [0, lighten(base, 0.08)],
      [1, darken(base, 0.15)],
    ])}"/>`;
    const plank = rnd(c, 210, 300);
    const horizontal = r() < 0.6;
    const span = horizontal ? H : W;
    const len = horizontal ? W : H;
    for (let p = -rnd(c, 0, plank); p < span; p += plank) {
      const tone = mix(base, r() < 0.5 ? "#000000" : "#ffffff", rnd(c, 0, 0.09));
      s += horizontal
        ? `<rect x="0" y="${n(p)}" width="${W}" height="${n(plank)}" fill="${tone}" opacity="0.7"/>`
        : `<rect x="${n(p)}" y="0" width="${n(plank)}" height="${H}" fill="${tone}" opacity="0.7"/>`;
      // grain
      for (let g = 0; g < 14; g++) {
        const o = p + rnd(c, 4, plank - 4);
        const amp = rnd(c, 2, 9);
        const freq = rnd(c, 150, 420);
        let d = "";
        for (let t = 0; t <= len; t += 40) {
          const w = o + Math.sin(t / freq + g) * amp + Math.sin(t / 37 + g * 3) * 1.2;
          d += `${t === 0 ? "M" : "L"}${horizontal ? `${t} ${n(w)}` : `${n(w)} ${t}`}`;
        }
        s += `<path d="${d}" fill="none" stroke="${darken(base, rnd(c, 0.2, 0.45))}" stroke-width="${n(rnd(c, 0.6, 2.2))}" opacity="${n(rnd(c, 0.15, 0.4))}"/>`;
      }
      s += horizontal
        ? `<rect x="0" y="${n(p - 2)}" width="${W}" height="3" fill="${darken(base, 0.6)}" opacity="0.55"/>`
        : `<rect x="${n(p - 2)}" y="0" width="3" height="${H}" fill="${darken(base, 0.6)}" opacity="0.55"/>`;
    }
  } else if (kind === "marble") {
    const base = pick(c, ["#f1ede8", "#ece8e3", "#f4f0ea"]);
    s += `<rect width="${W}" height="${H}" fill="${linear(
      c,
      [
        [0, "#fbf9f6"],
        [1, base],
      ],
      0,
      0,
      1,
      1,
    )}"/>`;
    for (let v = 0; v < 9; v++) {
      let x = rnd(c, -200, W);
      let y = rnd(c, -100, H * 0.3);
      let d = `M${n(x)} ${n(y)}`;
      const dir = rnd(c, 0.5, 1.2);
      for (let k = 0; k < 16; k++) {
        x += rnd(c, 30, 110);
        y += rnd(c, 20, 100) * dir;
        d += `L${n(x)} ${n(y)}`;
      }
      s += `<path d="${d}" fill="none" stroke="${pick(c, ["#b9b3ad", "#c9c2b8", "#a9a39d"])}" stroke-width="${n(rnd(c, 1, 4))}" opacity="${n(rnd(c, 0.25, 0.55))}" stroke-linejoin="round"/>`;
    }
  } else if (kind === "linen") {
    const base = pick(c, ["#e9dcc6", "#e3d5bf", "#dfe0d6", "#ead7cf"]);
    const pid = uid(c, "p");
    c.defs.push(
      `<pattern id="${pid}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${base}"/><path d="M0 1.5H6M0 4.5H6" stroke="${darken(base, 0.12)}" stroke-width="0.9" opacity="0.5"/><path d="M1.5 0V6M4.5 0V6" stroke="${lighten(base, 0.3)}" stroke-width="0.8" opacity="0.5"/></pattern>`,
    );
    s += `<rect width="${W}" height="${H}" fill="url(#${pid})"/>`;
    for (let k = 0; k < 5; k++) {
      const x = rnd(c, 0, W);
      s += `<path d="M${n(x)} -50 C${n(x + rnd(c, -200, 200))} ${n(H * 0.4)} ${n(x + rnd(c, -200, 200))} ${n(H * 0.6)} ${n(x + rnd(c, -150, 150))} ${H + 50}" stroke="${r() < 0.5 ? "#ffffff" : darken(base, 0.3)}" stroke-width="${n(rnd(c, 20, 60))}" fill="none" opacity="0.07"/>`;
    }
  } else if (kind === "slate") {
    const base = pick(c, ["#3b3733", "#34383b", "#3d3a36"]);
    s += `<rect width="${W}" height="${H}" fill="${base}"/>`;
    for (let k = 0; k < 500; k++) {
      s += `<circle cx="${n(rnd(c, 0, W))}" cy="${n(rnd(c, 0, H))}" r="${n(rnd(c, 0.6, 2))}" fill="${r() < 0.5 ? "#ffffff" : "#000000"}" opacity="${n(rnd(c, 0.05, 0.14))}"/>`;
    }
    for (let k = 0; k < 6; k++) {
      s += `<ellipse cx="${n(rnd(c, 0, W))}" cy="${n(rnd(c, 0, H))}" rx="${n(rnd(c, 150, 400))}" ry="${n(rnd(c, 80, 200))}" fill="${r() < 0.5 ? "url(#glo)" : "url(#shd)"}" opacity="0.08"/>`;
    }
  } else if (kind === "pastel") {
    const base = pick(c, ["#e9c9c4", "#c9dccf", "#f0dcc0", "#cfdde6", "#e6d3e3"]);
    s += `<rect width="${W}" height="${H}" fill="${linear(c, [
      [0, lighten(base, 0.2)],
      [1, darken(base, 0.06)],
    ])}"/>`;
    for (let k = 0; k < 400; k++) {
      s += `<circle cx="${n(rnd(c, 0, W))}" cy="${n(rnd(c, 0, H))}" r="1.2" fill="#ffffff" opacity="0.12"/>`;
    }
  } else {
    // baking paper over a wooden board
    s += backdrop(c, "wood", W, H);
    const pw = W * rnd(c, 0.78, 0.9);
    const ph = H * rnd(c, 0.78, 0.9);
    const rot = rnd(c, -5, 5);
    s += `<g transform="rotate(${n(rot)} ${W / 2} ${H / 2})">${shadow(W / 2, H / 2 + 12, pw / 2, ph / 2, 0.35)}`;
    s += `<rect x="${n((W - pw) / 2)}" y="${n((H - ph) / 2)}" width="${n(pw)}" height="${n(ph)}" fill="${linear(
      c,
      [
        [0, "#f7efe0"],
        [1, "#eadcc3"],
      ],
      0,
      0,
      1,
      1,
    )}"/>`;
    for (let k = 0; k < 10; k++) {
      const x = (W - pw) / 2 + rnd(c, 0, pw);
      s += `<path d="M${n(x)} ${n((H - ph) / 2)} L${n(x + rnd(c, -90, 90))} ${n((H + ph) / 2)}" stroke="${r() < 0.5 ? "#ffffff" : "#cdb894"}" stroke-width="${n(rnd(c, 1, 3))}" opacity="0.5"/>`;
    }
    s += "</g>";
  }
  return s;
}

function lighting(c: Ctx, W: number, H: number, strength = 1): string {
  const warm = radial(
    c,
    [
      [0, "#fff1d6", 0.32 * strength],
      [1, "#fff1d6", 0],
    ],
    { cx: W * 0.22, cy: H * 0.1, r: Math.max(W, H) * 0.75, user: true },
  );
  const vig = radial(
    c,
    [
      [0.55, "#1a0c04", 0],
      [1, "#1a0c04", 0.5 * strength],
    ],
    { cx: W / 2, cy: H * 0.48, r: Math.hypot(W, H) * 0.55, user: true },
  );
  return `<rect width="${W}" height="${H}" fill="${warm}"/><rect width="${W}" height="${H}" fill="${vig}"/>`;
}

/** Plate or cake stand, top ellipse at (x, y). */
function plate(c: Ctx, x: number, y: number, rx: number, ry: number, color = "#f7f4ef"): string {
  let s = shadow(x + 10, y + ry * 0.35, rx * 1.02, ry * 1.05, 0.45);
  s += `<ellipse cx="${n(x)}" cy="${n(y + 10)}" rx="${n(rx)}" ry="${n(ry)}" fill="${darken(color, 0.2)}"/>`;
  s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${linear(
    c,
    [
      [0, lighten(color, 0.5)],
      [1, darken(color, 0.08)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx * 0.8)}" ry="${n(ry * 0.8)}" fill="none" stroke="${darken(color, 0.12)}" stroke-width="3" opacity="0.6"/>`;
  return s;
}

// ---------------------------------------------------------------------------
// Items (design space 1200×900, centred on ~600,470)

const CRUST = "#c77a35";
const GOLD = "#dc9444";

function challahLoaf(
  c: Ctx,
  x: number,
  y: number,
  len: number,
  wid: number,
  rot: number,
  topping: string,
  base: string,
): string {
  const lobes = 9;
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">`;
  s += shadow(10, wid * 0.28, len * 0.52, wid * 0.42, 0.55);
  s += `<ellipse cx="0" cy="6" rx="${n(len * 0.5)}" ry="${n(wid * 0.4)}" fill="${darken(base, 0.35)}"/>`;
  const g = bun(c, base, 0.42);
  const pos: [number, number, number, number, number][] = [];
  for (let i = 0; i < lobes; i++) {
    const t = ((i + 0.5) / lobes) * 2 - 1;
    const taper = 1 - 0.5 * t * t;
    const side = i % 2 === 0 ? 1 : -1;
    const px = t * len * 0.44;
    const py = side * wid * 0.13 * taper;
    pos.push([px, py, wid * 0.36 * taper, (len / lobes) * 0.78 * (0.75 + 0.25 * taper), side * 50 - t * 12]);
  }
  for (const [px, py, rx, ry, a] of pos) {
    s += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(rx)}" ry="${n(ry)}" fill="${g}" transform="rotate(${n(a)} ${n(px)} ${n(py)})"/>`;
    s += `<ellipse cx="${n(px - rx * 0.12)}" cy="${n(py - ry * 0.3)}" rx="${n(rx * 0.45)}" ry="${n(ry * 0.22)}" fill="url(#glo)" opacity="0.28" transform="rotate(${n(a)} ${n(px)} ${n(py)})"/>`;
  }
  if (topping !== "none") {
    const per = topping === "poppy" ? 60 : 26;
    for (const [px, py, rx, ry, a] of pos) {
      const rad = (a * Math.PI) / 180;
      s += seedsIn(
        c,
        per,
        () => {
          const [ex, ey] = inEllipse(c, 0, 0, rx * 0.8, ry * 0.75);
          return [px + ex * Math.cos(rad) - ey * Math.sin(rad), py + ex * Math.sin(rad) + ey * Math.cos(rad)];
        },
        topping === "oats" ? "sugar" : (topping as "sesame" | "poppy"),
      );
    }
    if (topping === "oats") {
      for (let k = 0; k < 40; k++) {
        const [ox, oy] = inEllipse(c, 0, 0, len * 0.42, wid * 0.25);
        s += `<ellipse cx="${n(ox)}" cy="${n(oy)}" rx="${n(rnd(c, 6, 9))}" ry="${n(rnd(c, 4, 6))}" fill="#e9d3a6" stroke="#b99560" stroke-width="0.8" transform="rotate(${n(rnd(c, 0, 180))} ${n(ox)} ${n(oy)})"/>`;
      }
    }
  }
  return `${s}</g>`;
}

function roundChallah(c: Ctx, x: number, y: number, r: number, base: string): string {
  let s = `<g transform="translate(${n(x)} ${n(y)})">`;
  s += shadow(10, 26, r * 1.05, r * 0.8, 0.55);
  s += `<ellipse cx="0" cy="8" rx="${n(r)}" ry="${n(r * 0.78)}" fill="${darken(base, 0.35)}"/>`;
  const g = bun(c, base, 0.42);
  const k = 11;
  for (let i = 0; i < k; i++) {
    const a = (i / k) * Math.PI * 2;
    const px = Math.cos(a) * r * 0.66;
    const py = Math.sin(a) * r * 0.66 * 0.78;
    s += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(r * 0.36)}" ry="${n(r * 0.2)}" fill="${g}" transform="rotate(${n((a * 180) / Math.PI + 60)} ${n(px)} ${n(py)})"/>`;
  }
  s += `<ellipse cx="0" cy="-4" rx="${n(r * 0.42)}" ry="${n(r * 0.34)}" fill="${g}"/>`;
  s += `<ellipse cx="-20" cy="-22" rx="${n(r * 0.2)}" ry="${n(r * 0.1)}" fill="url(#glo)" opacity="0.3"/>`;
  // raisins peeking out
  for (let i = 0; i < 14; i++) {
    const [px, py] = inEllipse(c, 0, 0, r * 0.85, r * 0.65);
    s += `<path d="${blob(c, px, py, 7, 5, 6, 0.3)}" fill="#5b2a14" opacity="0.85"/>`;
  }
  return `${s}</g>`;
}

function drawChallah(c: Ctx): string {
  const st = c.style % 6;
  const base = st === 3 ? "#a8652c" : pick(c, [CRUST, "#c9782f", "#bf6f2a"]);
  if (st === 4) return roundChallah(c, 600, 470, 300, base);
  if (st === 5) {
    let s = "";
    const spots: [number, number][] = [
      [400, 380],
      [640, 360],
      [860, 420],
      [500, 590],
      [760, 600],
    ];
    for (const [x, y] of spots)
      s += challahLoaf(c, x, y, 230, 150, rnd(c, -30, 30), c.rng() < 0.5 ? "sesame" : "none", base);
    return s;
  }
  const topping = at(["none", "sesame", "poppy", "oats"], st);
  if (c.comp % 2 === 1) {
    return (
      challahLoaf(c, 640, 350, 720, 280, rnd(c, -6, 6), topping, base) +
      challahLoaf(c, 560, 600, 700, 270, rnd(c, -6, 6), topping, base)
    );
  }
  return challahLoaf(c, 600, 470, 860, 340, rnd(c, -10, 10), topping, base);
}

function croissantShape(c: Ctx, x: number, y: number, sc: number, rot: number, style: number): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)}) scale(${n(sc)})">`;
  s += shadow(14, -20, 300, 120, 0.5) + shadow(200, 90, 80, 50, 0.35, "bM") + shadow(-190, 90, 80, 50, 0.35, "bM");
  const base = style === 2 ? "#c57a34" : GOLD;
  const g = bun(c, base, 0.45);
  // body: a fat crescent around a spine; drawn as overlapping rolled bands
  const sp = (t: number): [number, number] => [t * 290, 200 * t * t - 70];
  const tan = (t: number): [number, number] => {
    const L = Math.hypot(290, 400 * t);
    return [290 / L, (400 * t) / L];
  };
  const wid = (t: number) => 16 + 126 * Math.max(0, 1 - t * t) ** 1.1;
  const off = (t: number, k: number): [number, number] => {
    const [x, y] = sp(t);
    const [tx, ty] = tan(t);
    return [x - ty * k, y + tx * k];
  };
  const edges = [-1.04, -0.76, -0.48, -0.17, 0.17, 0.48, 0.76, 1.04];
  const bands: [number, number][] = [];
  for (let i = 0; i < edges.length - 1; i++) bands.push([at(edges, i), at(edges, i + 1)]);
  bands.sort((p, q) => Math.abs(q[0] + q[1]) - Math.abs(p[0] + p[1]));
  for (const [ta0, tb0] of bands) {
    const ta = ta0 - 0.04;
    const tb = tb0 + 0.04;
    const tm = (ta + tb) / 2;
    const [tax, tay] = tan(ta);
    const [tbx, tby] = tan(tb);
    const [sa, sb] = [sp(ta), sp(tb)];
    const bul = Math.min(22, 60 * (tb - ta));
    const pts: [number, number][] = [
      off(ta, -wid(ta)),
      off(tm, -wid(tm) - 8),
      off(tb, -wid(tb)),
      [sb[0] + tbx * bul, sb[1] + tby * bul],
      off(tb, wid(tb) * 0.9),
      off(tm, wid(tm) * 0.9 + 6),
      off(ta, wid(ta) * 0.9),
      [sa[0] - tax * bul, sa[1] - tay * bul],
    ];
    s += `<path d="${smooth(pts)}" fill="${g}" stroke="${darken(base, 0.45)}" stroke-width="1.5" stroke-opacity="0.5"/>`;
    const [mx, my] = sp(tm);
    const w = wid(tm);
    const deg = (Math.atan2(tan(tm)[1], tan(tm)[0]) * 180) / Math.PI;
    for (let j = -1; j <= 1; j += 2) {
      s += `<path d="M${n(j * 18)} ${n(-w * 0.8)} q${n(j * 10)} ${n(w * 0.8)} 0 ${n(w * 1.5)}" fill="none" stroke="#7a3d10" stroke-width="1.8" opacity="0.28" transform="translate(${n(mx)} ${n(my)}) rotate(${n(deg)})"/>`;
    }
    if (Math.abs(tm) < 0.9)
      s += `<ellipse cx="0" cy="${n(-w * 0.35)}" rx="${n(Math.max(16, (tb - ta) * 90))}" ry="${n(w * 0.45)}" fill="url(#glo)" opacity="0.4" transform="translate(${n(mx - 8)} ${n(my)}) rotate(${n(deg)})"/>`;
  }
  if (style === 1) {
    for (let i = 0; i < 22; i++) {
      const [px, py] = inEllipse(c, 0, -50, 220, 80);
      s += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(rnd(c, 13, 18))}" ry="${n(rnd(c, 6, 9))}" fill="#f1dcb2" stroke="#c49a5e" stroke-width="1.2" transform="rotate(${n(rnd(c, 0, 180))} ${n(px)} ${n(py)})"/>`;
    }
    s += seedsIn(c, 500, () => inEllipse(c, 0, -50, 250, 95), "sugar");
  } else if (style === 2 || style === 3) {
    const col = style === 2 ? "#3b1d0e" : "#7f9a3a";
    let d = "M-215 -60";
    for (let i = 0; i < 14; i++) {
      const xx = -200 + i * 31;
      const top = -120 + 70 * (xx / 230) ** 2 + rnd(c, -8, 8);
      const bot = 0 + 90 * (xx / 230) ** 2 + rnd(c, -10, 10);
      d += ` L${n(xx)} ${n(i % 2 ? top : bot)}`;
    }
    s += `<path d="${d}" fill="none" stroke="${col}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" opacity="0.92"/>`;
    s += `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linejoin="round" opacity="0.25" transform="translate(-1.5 -2)"/>`;
    if (style === 3) {
      for (let i = 0; i < 60; i++) {
        const [px, py] = inEllipse(c, 0, -50, 220, 80);
        s += `<path d="${blob(c, px, py, 5, 4, 5, 0.35)}" fill="${pick(c, ["#7fa23c", "#98b84c", "#5f8a2c", "#c9b36a"])}"/>`;
      }
    }
  }
  return `${s}</g>`;
}

function drawCroissant(c: Ctx): string {
  const st = c.style % 4;
  let s = "";
  if (c.comp % 2 === 1) {
    s += croissantShape(c, 430, 360, 0.82, rnd(c, -25, -10), st);
    s += croissantShape(c, 760, 560, 0.9, rnd(c, 5, 20), st);
  } else {
    s += croissantShape(c, 600, 470, 1.25, rnd(c, -12, 12), st);
    // flakes
    for (let i = 0; i < 16; i++) {
      const x = rnd(c, 200, 1000);
      const y = rnd(c, 640, 800);
      s += `<path d="${blob(c, x, y, rnd(c, 4, 9), rnd(c, 3, 6), 6, 0.3)}" fill="${pick(c, ["#d8913f", "#e9b36a", "#b36a26"])}"/>`;
    }
  }
  return s;
}

interface Band {
  h: number;
  color: string;
}

/** Round cake seen at 3/4: bands from bottom, optional wedge cut towards the viewer. */
function cylinderCake(
  c: Ctx,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  bands: Band[],
  o: { cut?: boolean; top: string; sideCoat?: string; insideBands?: Band[] },
): string {
  const H = bands.reduce((a, b) => a + b.h, 0);
  const yb = cy + H;
  const e = (a: number, y: number): [number, number] => [cx + rx * Math.cos(a), y + ry * Math.sin(a)];
  const a1 = (62 * Math.PI) / 180;
  const a2 = (112 * Math.PI) / 180;
  let s = "";
  const bandPath = (y0: number, y1: number) =>
    `M${n(cx - rx)} ${n(y0)} A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(y0)} L${n(cx + rx)} ${n(y1)} A${n(rx)} ${n(ry)} 0 0 1 ${n(cx - rx)} ${n(y1)}Z`;
  let clip = "";
  if (o.cut) {
    const id = uid(c, "c");
    const [p1x, p1y] = e(a1, cy);
    const [p2x, p2y] = e(a2, cy);
    const [q1x, q1y] = e(a1, yb);
    const [q2x, q2y] = e(a2, yb);
    c.defs.push(
      `<clipPath id="${id}"><path clip-rule="evenodd" d="M-2000 -2000H4000V4000H-2000Z M${n(p1x)} ${n(p1y)} A${n(rx)} ${n(ry)} 0 0 1 ${n(p2x)} ${n(p2y)} L${n(q2x)} ${n(q2y + ry)} L${n(q1x)} ${n(q1y + ry)}Z"/></clipPath>`,
    );
    clip = ` clip-path="url(#${id})"`;
  }
  s += `<g${clip}>`;
  let y = yb;
  for (const b of bands) {
    s += `<path d="${bandPath(y - b.h, y)}" fill="${o.sideCoat ?? b.color}"/>`;
    if (!o.sideCoat) s += `<path d="${bandPath(y - b.h, y - b.h + 3)}" fill="#000000" opacity="0.08"/>`;
    y -= b.h;
  }
  const shade = linear(
    c,
    [
      [0, "#1a0c04", 0.45],
      [0.28, "#fff6e6", 0.12],
      [0.55, "#1a0c04", 0],
      [1, "#1a0c04", 0.5],
    ],
    0,
    0,
    1,
    0,
  );
  s += `<path d="${bandPath(cy, yb)}" fill="${shade}"/></g>`;
  if (o.cut) {
    const inside = o.insideBands ?? bands;
    const face = (a: number, dark: number) => {
      let f = "";
      let yy = yb;
      const [px] = e(a, 0);
      const pyOff = ry * Math.sin(a);
      for (const b of inside) {
        const y0 = yy - b.h;
        f += `<path d="M${n(cx)} ${n(y0)} L${n(px)} ${n(y0 + pyOff)} L${n(px)} ${n(yy + pyOff)} L${n(cx)} ${n(yy)}Z" fill="${darken(b.color, dark)}" stroke="${darken(b.color, dark)}" stroke-width="0.8"/>`;
        yy = y0;
      }
      return f;
    };
    s += face(a2, 0.12) + face(a1, 0.0);
    // crumb texture on the faces
    for (let i = 0; i < 60; i++) {
      const t = c.rng();
      const a = c.rng() < 0.5 ? a1 : a2;
      const [px] = e(a, 0);
      const xx = cx + (px - cx) * t;
      const yy = cy + ry * Math.sin(a) * t + rnd(c, 6, H - 6);
      s += `<circle cx="${n(xx)}" cy="${n(yy)}" r="${n(rnd(c, 0.8, 2))}" fill="#000000" opacity="0.12"/>`;
    }
  }
  // top
  const topPath = o.cut
    ? (() => {
        const [p1x, p1y] = e(a1, cy);
        const [p2x, p2y] = e(a2, cy);
        return `M${n(cx)} ${n(cy)} L${n(p2x)} ${n(p2y)} A${n(rx)} ${n(ry)} 0 1 1 ${n(p1x)} ${n(p1y)}Z`;
      })()
    : `M${n(cx - rx)} ${n(cy)} A${n(rx)} ${n(ry)} 0 1 1 ${n(cx + rx)} ${n(cy)} A${n(rx)} ${n(ry)} 0 1 1 ${n(cx - rx)} ${n(cy)}Z`;
  s += `<path d="${topPath}" fill="${o.top}"/>`;
  s += `<path d="${topPath}" fill="${radialF(
    c,
    [
      [0, "#ffffff", 0.35],
      [1, "#ffffff", 0],
    ],
    0.35,
    0.3,
    0.55,
  )}"/>`;
  return s;
}

function berries(c: Ctx, count: number, at: () => [number, number], kinds: string[]): string {
  const items: { x: number; y: number; k: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y] = at();
    items.push({ x, y, k: pick(c, kinds) });
  }
  items.sort((a, b) => a.y - b.y);
  let s = "";
  for (const { x, y, k } of items) {
    s += shadow(x + 4, y + 10, 16, 7, 0.35, "bS");
    if (k === "blue") {
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="13" fill="${bun(c, "#3a3f6e", 0.35)}"/><circle cx="${n(x + 2)}" cy="${n(y - 1)}" r="3" fill="#1c1d33"/>`;
    } else if (k === "rasp") {
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="17" fill="#a3182e"/>`;
      for (let j = 0; j < 9; j++) {
        const a = (j / 9) * Math.PI * 2;
        s += `<circle cx="${n(x + Math.cos(a) * 9)}" cy="${n(y + Math.sin(a) * 9)}" r="7" fill="${bun(c, "#cc2944", 0.45)}"/>`;
      }
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="${bun(c, "#d43550", 0.5)}"/>`;
    } else if (k === "straw") {
      const rot = rnd(c, -40, 40);
      s += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})"><path d="M-22 -8 C-22 -26 22 -26 22 -8 C22 10 6 30 0 32 C-6 30 -22 10 -22 -8Z" fill="${bun(c, "#d8273a", 0.4)}"/>`;
      for (let j = 0; j < 10; j++)
        s += `<ellipse cx="${n(rnd(c, -14, 14))}" cy="${n(rnd(c, -10, 20))}" rx="1.6" ry="2.4" fill="#f7d56c"/>`;
      s += `<path d="M-16 -18 L-6 -26 L0 -18 L6 -27 L16 -18 L6 -16 L0 -12 L-6 -16Z" fill="#3f8a2e"/></g>`;
    } else if (k === "cherry") {
      s += `<path d="M${n(x)} ${n(y - 14)} q8 -24 20 -34" stroke="#5b3a1a" stroke-width="3" fill="none"/><circle cx="${n(x)}" cy="${n(y)}" r="17" fill="${bun(c, "#a0101e", 0.45)}"/>`;
    } else if (k === "mint") {
      s += `<path d="M${n(x)} ${n(y)} q16 -18 34 -6 q-14 20 -34 6Z" fill="#4f9a3a"/><path d="M${n(x)} ${n(y)} q-14 -20 -30 -10 q12 18 30 10Z" fill="#5fae45"/>`;
    } else if (k === "pecan") {
      s += `<path d="${blob(c, x, y, 18, 11, 10, 0.12)}" fill="${bun(c, "#8a4a1e", 0.3)}"/><path d="M${n(x - 14)} ${n(y)} H${n(x + 14)}" stroke="#4a2008" stroke-width="2"/>`;
    } else if (k === "curl") {
      s += `<path d="M${n(x - 20)} ${n(y)} q10 -16 20 0 q10 16 20 0" stroke="#3a1a0a" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M${n(x - 20)} ${n(y - 2)} q10 -16 20 0" stroke="#7a4a2a" stroke-width="2" fill="none"/>`;
    } else if (k === "rosette") {
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="20" fill="${bun(c, "#fff6ef", 0.2)}"/>`;
      for (let j = 0; j < 6; j++) {
        const a = (j / 6) * Math.PI * 2;
        s += `<path d="M${n(x)} ${n(y)} L${n(x + Math.cos(a) * 19)} ${n(y + Math.sin(a) * 19)}" stroke="#d9cbbf" stroke-width="2"/>`;
      }
    }
  }
  return s;
}

function drawLayerCake(c: Ctx): string {
  const st = c.style % 4;
  const cx = 600;
  const cy = 330;
  const rx = 300;
  const ry = 92;
  let s = plate(c, cx, 600, 400, 125, pick(c, ["#f7f4ef", "#efe7da", "#e8eef0"]));
  if (st === 0) {
    const sponge = "#4a2414";
    const cream = "#7b4128";
    const bands: Band[] = [
      { h: 60, color: sponge },
      { h: 18, color: cream },
      { h: 60, color: sponge },
      { h: 18, color: cream },
      { h: 60, color: sponge },
    ];
    s += cylinderCake(c, cx, cy, rx, ry, bands, { cut: c.comp % 2 === 0, top: "#3a1a0c", sideCoat: "#53291a" });
    // ganache drips
    let d = "";
    for (let i = 0; i <= 18; i++) {
      const a = Math.PI - (i / 18) * Math.PI;
      const x = cx + rx * Math.cos(a);
      const y = cy + ry * Math.sin(a);
      if (c.comp % 2 === 0 && a > (62 * Math.PI) / 180 && a < (112 * Math.PI) / 180) continue;
      const len = rnd(c, 20, 90) * Math.sin(Math.max(a, 0.3));
      d += `<path d="M${n(x - 11)} ${n(y - 4)} L${n(x - 9)} ${n(y + len)} a9 9 0 0 0 18 0 L${n(x + 11)} ${n(y - 4)}Z" fill="#2e1408"/>`;
      d += `<ellipse cx="${n(x - 3)}" cy="${n(y + len * 0.6)}" rx="2.5" ry="${n(len * 0.25)}" fill="#ffffff" opacity="0.3"/>`;
    }
    s += d;
    s += berries(c, 12, () => inEllipse(c, cx - 20, cy - 10, rx * 0.55, ry * 0.5), ["rasp", "curl", "blue", "cherry"]);
  } else if (st === 1) {
    const sponge = "#edcf8e";
    const cream = "#fbf6ec";
    const bands: Band[] = [
      { h: 58, color: sponge },
      { h: 26, color: cream },
      { h: 58, color: sponge },
      { h: 26, color: cream },
      { h: 58, color: sponge },
      { h: 14, color: cream },
    ];
    s += cylinderCake(c, cx, cy, rx, ry, bands, { cut: c.comp % 2 === 0, top: "#fdfaf3" });
    // naked cake: cream smears on the side
    for (let i = 0; i < 26; i++) {
      const a = rnd(c, 0.15, Math.PI - 0.15);
      const x = cx + rx * Math.cos(a);
      const y = cy + ry * Math.sin(a) + rnd(c, 10, 230);
      s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rnd(c, 14, 40) * Math.sin(a))}" ry="${n(rnd(c, 3, 7))}" fill="#fffaf0" opacity="0.55"/>`;
    }
    s += berries(c, 22, () => inEllipse(c, cx - 10, cy - 10, rx * 0.72, ry * 0.6), [
      "straw",
      "rasp",
      "blue",
      "blue",
      "mint",
    ]);
  } else if (st === 2) {
    const pink = pick(c, ["#f3b7c3", "#f6c6a8", "#cfe3f0"]);
    const bands: Band[] = [{ h: 250, color: pink }];
    s += cylinderCake(c, cx, cy, rx, ry, bands, {
      cut: c.comp % 2 === 0,
      top: lighten(pink, 0.4),
      insideBands: [
        { h: 55, color: "#f2d9a0" },
        { h: 20, color: pink },
        { h: 55, color: "#f2d9a0" },
        { h: 20, color: pink },
        { h: 55, color: "#f2d9a0" },
        { h: 45, color: pink },
      ],
    });
    // sprinkles on sides and top
    const cols = ["#e84a5f", "#2a9df4", "#f7c948", "#6ac46a", "#ffffff", "#a66cff"];
    for (let i = 0; i < 160; i++) {
      const top = i < 90;
      const [x, y] = top
        ? inEllipse(c, cx, cy, rx * 0.9, ry * 0.85)
        : [cx + rx * Math.cos(rnd(c, 0.2, 2.9)), cy + rnd(c, 160, 330)];
      if (!top && Math.abs(x - cx) < 60) continue;
      s += `<rect x="${n(x)}" y="${n(y)}" width="10" height="3.4" rx="1.7" fill="${pick(c, cols)}" transform="rotate(${n(rnd(c, 0, 180))} ${n(x)} ${n(y)})"/>`;
    }
    s += berries(
      c,
      9,
      () => {
        const a = rnd(c, 0, Math.PI * 2);
        return [cx + Math.cos(a) * rx * 0.8, cy + Math.sin(a) * ry * 0.75];
      },
      ["rosette"],
    );
  } else {
    const cream = "#f4e6cc";
    const bands: Band[] = [{ h: 240, color: cream }];
    s += cylinderCake(c, cx, cy, rx, ry, bands, {
      cut: c.comp % 2 === 0,
      top: "#f7ecd8",
      insideBands: [
        { h: 60, color: "#b57a3e" },
        { h: 20, color: cream },
        { h: 60, color: "#b57a3e" },
        { h: 20, color: cream },
        { h: 60, color: "#b57a3e" },
        { h: 20, color: cream },
      ],
    });
    for (let i = 0; i <= 16; i++) {
      const a = Math.PI - (i / 16) * Math.PI;
      if (c.comp % 2 === 0 && a > (62 * Math.PI) / 180 && a < (112 * Math.PI) / 180) continue;
      const x = cx + rx * Math.cos(a);
      const y = cy + ry * Math.sin(a);
      const len = rnd(c, 20, 80) * Math.sin(Math.max(a, 0.3));
      s += `<path d="M${n(x - 11)} ${n(y - 4)} L${n(x - 9)} ${n(y + len)} a9 9 0 0 0 18 0 L${n(x + 11)} ${n(y - 4)}Z" fill="#b8691f"/>`;
    }
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.8}" ry="${ry * 0.75}" fill="${bun(c, "#c27a2c", 0.4)}" opacity="0.9"/>`;
    s += berries(c, 14, () => inEllipse(c, cx, cy, rx * 0.6, ry * 0.55), ["pecan"]);
  }
  return s;
}

function drawCheesecake(c: Ctx): string {
  const st = c.style % 4;
  const cx = 600;
  const cy = 390;
  const rx = 320;
  const ry = 100;
  let s = plate(c, cx, 590, 420, 130, pick(c, ["#f7f4ef", "#e9e2d6", "#dfe8ea"]));
  const body = st === 3 ? "#fbf3e0" : "#f6e4b8";
  const bands: Band[] = [
    { h: 34, color: "#a86a34" },
    { h: 130, color: body },
  ];
  if (st === 1) bands.push({ h: 26, color: "#d89a52" });
  const top =
    st === 0
      ? radialF(
          c,
          [
            [0, "#f2cf86"],
            [0.7, "#dda256"],
            [1, "#a8621f"],
          ],
          0.5,
          0.5,
          0.55,
        )
      : st === 1
        ? "#d49450"
        : st === 2
          ? "#9e1a30"
          : "#fffaf0";
  s += cylinderCake(c, cx, cy, rx, ry, bands, { cut: true, top });
  // crust crumbs on the base band
  for (let i = 0; i < 120; i++) {
    const a = rnd(c, 0.05, Math.PI - 0.05);
    if (a > 1.05 && a < 1.98) continue;
    const x = cx + rx * Math.cos(a);
    const y =
      cy +
      ry * Math.sin(a) +
      rnd(c, bands.slice(1).reduce((q, b) => q + b.h, 0) + 4, bands.reduce((q, b) => q + b.h, 0) - 3);
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rnd(c, 1.5, 3.5))}" fill="${pick(c, ["#7a4418", "#c8884a", "#8f5424"])}"/>`;
  }
  if (st === 1) {
    s += `<g>`;
    for (let i = 0; i < 170; i++) {
      const [x, y] = inEllipse(c, cx, cy, rx * 0.95, ry * 0.92);
      const a = Math.atan2((y - cy) / ry, (x - cx) / rx);
      if (a > 1.05 && a < 1.98 && Math.hypot((x - cx) / rx, (y - cy) / ry) > 0.05) continue;
      s += `<path d="${blob(c, x, y, rnd(c, 8, 15), rnd(c, 6, 11), 7, 0.3)}" fill="${bun(c, pick(c, ["#e3a85e", "#d4914a", "#efc27f"]), 0.4)}"/>`;
    }
    s += seedsIn(c, 220, () => inEllipse(c, cx, cy, rx * 0.8, ry * 0.7), "sugar");
    s += `</g>`;
  } else if (st === 2) {
    s += `<path d="M${cx - rx} ${cy} A${rx} ${ry} 0 0 1 ${cx + rx} ${cy}" fill="none" stroke="#c02840" stroke-width="3" opacity="0.6"/>`;
    for (let i = 0; i <= 14; i++) {
      const a = Math.PI - (i / 14) * Math.PI;
      if (a > 1.0 && a < 2.05) continue;
      const x = cx + rx * Math.cos(a);
      const y = cy + ry * Math.sin(a);
      const len = rnd(c, 15, 60) * Math.sin(Math.max(a, 0.3));
      s += `<path d="M${n(x - 10)} ${n(y - 4)} L${n(x - 8)} ${n(y + len)} a8 8 0 0 0 16 0 L${n(x + 10)} ${n(y - 4)}Z" fill="#8c1426"/>`;
    }
    s += berries(
      c,
      16,
      () => {
        for (;;) {
          const [x, y] = inEllipse(c, cx, cy, rx * 0.75, ry * 0.7);
          const a = Math.atan2((y - cy) / ry, (x - cx) / rx);
          if (!(a > 0.9 && a < 2.15)) return [x, y];
        }
      },
      ["blue", "rasp", "straw", "mint"],
    );
  } else if (st === 3) {
    s += berries(
      c,
      10,
      () => {
        for (;;) {
          const [x, y] = inEllipse(c, cx, cy - 10, rx * 0.7, ry * 0.6);
          const a = Math.atan2((y - cy) / ry, (x - cx) / rx);
          if (!(a > 0.9 && a < 2.15)) return [x, y];
        }
      },
      ["straw", "straw", "mint"],
    );
  }
  return s;
}

/** Rectangular loaf at 3/4 view. Returns shapes; front face is the main face. */
function loafBox(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  depth: number,
  crust: string,
  top: string,
  dome = 40,
): string {
  const dx = depth * 0.55;
  const dy = -depth * 0.5;
  let s = shadow(x + w / 2 + 30, y + h + 8, w * 0.62, 60, 0.55);
  // right side
  s += `<path d="M${n(x + w)} ${n(y)} L${n(x + w + dx)} ${n(y + dy)} L${n(x + w + dx)} ${n(y + h + dy)} L${n(x + w)} ${n(y + h)}Z" fill="${darken(crust, 0.3)}"/>`;
  // front
  s += `<path d="M${n(x)} ${n(y + 12)} Q${n(x)} ${n(y)} ${n(x + 12)} ${n(y)} L${n(x + w - 12)} ${n(y)} Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + 12)} L${n(x + w)} ${n(y + h - 10)} Q${n(x + w)} ${n(y + h)} ${n(x + w - 10)} ${n(y + h)} L${n(x + 10)} ${n(y + h)} Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - 10)}Z" fill="${linear(
    c,
    [
      [0, lighten(crust, 0.1)],
      [1, darken(crust, 0.25)],
    ],
  )}"/>`;
  // front cap under the dome
  s += `<path d="M${n(x)} ${n(y + 16)} L${n(x)} ${n(y + 4)} C${n(x + w * 0.2)} ${n(y - dome)} ${n(x + w * 0.8)} ${n(y - dome)} ${n(x + w)} ${n(y + 4)} L${n(x + w)} ${n(y + 16)}Z" fill="${lighten(crust, 0.1)}"/>`;
  // domed top
  s += `<path d="M${n(x)} ${n(y + 4)} C${n(x + w * 0.2)} ${n(y - dome)} ${n(x + w * 0.8)} ${n(y - dome)} ${n(x + w)} ${n(y + 4)} L${n(x + w + dx)} ${n(y + dy)} C${n(x + w * 0.8 + dx)} ${n(y + dy - dome)} ${n(x + w * 0.2 + dx)} ${n(y + dy - dome)} ${n(x + dx)} ${n(y + dy)}Z" fill="${top}"/>`;
  return s;
}

function sliceShape(
  _c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  rot: number,
  crumb: string,
  crust: string,
  inner: string,
): string {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">${shadow(8, h * 0.55, w * 0.55, 22, 0.5, "bM")}<path d="M${n(-w / 2)} ${n(h / 2)} L${n(-w / 2)} ${n(-h / 2 + 20)} Q${n(-w / 2)} ${n(-h / 2 - 18)} 0 ${n(-h / 2 - 22)} Q${n(w / 2)} ${n(-h / 2 - 18)} ${n(w / 2)} ${n(-h / 2 + 20)} L${n(w / 2)} ${n(h / 2)}Z" fill="${crust}"/><path d="M${n(-w / 2 + 9)} ${n(h / 2 - 8)} L${n(-w / 2 + 9)} ${n(-h / 2 + 22)} Q${n(-w / 2 + 9)} ${n(-h / 2 - 8)} 0 ${n(-h / 2 - 12)} Q${n(w / 2 - 9)} ${n(-h / 2 - 8)} ${n(w / 2 - 9)} ${n(-h / 2 + 22)} L${n(w / 2 - 9)} ${n(h / 2 - 8)}Z" fill="${crumb}"/>${inner}</g>`;
}

function crumbDots(c: Ctx, w: number, h: number, count: number): string {
  let s = "";
  for (let i = 0; i < count; i++) {
    s += `<circle cx="${n(rnd(c, -w / 2 + 14, w / 2 - 14))}" cy="${n(rnd(c, -h / 2, h / 2 - 14))}" r="${n(rnd(c, 1, 3))}" fill="#000000" opacity="0.12"/>`;
  }
  return s;
}

function drawLoafCake(c: Ctx): string {
  const st = c.style % 4;
  const crust = at(["#a8632a", "#c98a3a", "#6e3712", "#9c5a26"], st);
  let topFill = bun(c, crust, 0.25);
  if (st === 3) topFill = "#f8f1e4";
  let s = loafBox(c, 300, 330, 520, 210, 170, crust, topFill, 46);
  if (st === 1) {
    // glaze drizzle
    let d = "";
    for (let i = 0; i < 9; i++) {
      const xx = 320 + i * 58;
      d += `M${n(xx)} ${n(300 - rnd(c, 0, 30))} Q${n(xx + 40)} ${n(260)} ${n(xx + 70)} ${n(230 + rnd(c, -15, 15))} `;
    }
    s += `<path d="${d}" stroke="#fff8e8" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.9"/>`;
    for (let i = 0; i < 6; i++) {
      const xx = rnd(c, 320, 800);
      s += `<path d="M${n(xx)} 334 v${n(rnd(c, 20, 70))}" stroke="#fff8e8" stroke-width="9" stroke-linecap="round" opacity="0.85"/>`;
    }
    s += `<g transform="translate(360 258) rotate(-10)"><circle r="34" fill="#f08a1c"/><circle r="28" fill="#ffc466"/>`;
    for (let j = 0; j < 8; j++)
      s += `<path d="M0 0 L${n(Math.cos((j / 8) * 6.283) * 26)} ${n(Math.sin((j / 8) * 6.283) * 26)}" stroke="#f7a437" stroke-width="3"/>`;
    s += `</g>`;
  } else if (st === 2) {
    for (let i = 0; i < 14; i++) {
      const xx = 340 + (i % 7) * 72 + (i > 6 ? 50 : 0);
      const yy = (i > 6 ? 220 : 270) + rnd(c, -8, 8);
      s += `<ellipse cx="${n(xx)}" cy="${n(yy)}" rx="22" ry="12" fill="${bun(c, "#d9a66a", 0.4)}" stroke="#8a5526" stroke-width="1.5" transform="rotate(${n(rnd(c, -20, 20))} ${n(xx)} ${n(yy)})"/>`;
    }
    s += `<path d="M300 340 C460 300 660 300 820 340" stroke="#ffd9a0" stroke-width="6" opacity="0.25" fill="none"/>`;
  } else if (st === 3) {
    for (let i = 0; i < 12; i++) {
      const [xx, yy] = [rnd(c, 350, 800), rnd(c, 215, 300)];
      s += `<path d="${blob(c, xx, yy, 16, 11, 9, 0.25)}" fill="${bun(c, "#a3672e", 0.3)}"/>`;
    }
    for (let i = 0; i < 7; i++) {
      const xx = rnd(c, 320, 800);
      s += `<path d="M${n(xx - 14)} 330 q14 ${n(rnd(c, 20, 40))} 28 0Z" fill="#f8f1e4"/>`;
    }
  } else {
    // marble top crack
    s += `<path d="M360 300 C460 260 560 300 660 262 S780 250 820 240" stroke="#5a2a0c" stroke-width="8" fill="none" opacity="0.6"/>`;
  }
  // slices in front
  const crumb = at(["#f1d08a", "#f4c766", "#8a4a1c", "#c98a4a"], st);
  let inner = crumbDots(c, 200, 190, 60);
  if (st === 0) {
    let d = "";
    for (let i = 0; i < 4; i++) {
      const yy = rnd(c, -70, 60);
      d += `M-92 ${n(yy)} C-40 ${n(yy - 60)} 20 ${n(yy + 60)} 92 ${n(yy - 20)} C40 ${n(yy + 30)} -20 ${n(yy - 20)} -92 ${n(yy + 30)}Z`;
    }
    inner += `<path d="${d}" fill="#5a2a12" opacity="0.9"/>`;
  } else if (st === 3) {
    for (let i = 0; i < 30; i++)
      inner += `<rect x="${n(rnd(c, -80, 80))}" y="${n(rnd(c, -80, 70))}" width="6" height="2" fill="#e0661c" transform="rotate(${n(rnd(c, 0, 180))})"/>`;
  }
  const sx = c.comp % 2 === 0 ? 300 : 880;
  s += sliceShape(c, sx, 650, 210, 190, c.comp % 2 === 0 ? -8 : 8, crumb, crust, inner);
  return s;
}

function drawBabka(c: Ctx): string {
  const st = c.style % 3;
  const dough = at(["#c9863e", "#d29a4e", "#c98a45"], st);
  const fill = at(["#3a1a0c", "#6f8f2f", "#8a4a1e"], st);
  let s = loafBox(c, 290, 340, 560, 220, 170, darken(dough, 0.1), bun(c, dough, 0.3), 60);
  // twisted swirls on top and front
  const id = uid(c, "c");
  c.defs.push(
    `<clipPath id="${id}"><path d="M290 344 C402 280 738 280 850 344 L850 540 L290 540Z M290 344 C402 280 738 280 850 344 L943 259 C831 195 495 195 383 259Z"/></clipPath>`,
  );
  let sw = "";
  for (let i = 0; i < 15; i++) {
    const x0 = 230 + i * 52 + rnd(c, -12, 12);
    const k = rnd(c, 20, 70);
    const d = `M${n(x0)} 570 C${n(x0 + k)} 480 ${n(x0 - k * 0.6 + 30)} 400 ${n(x0 + 70)} 320 S ${n(x0 + 150 + rnd(c, -20, 20))} 230 ${n(x0 + 150)} 160`;
    const choc = i % 3 !== 2;
    sw += `<path d="${d}" stroke="${choc ? fill : darken(dough, 0.2)}" stroke-width="${n(choc ? rnd(c, 10, 24) : 6)}" fill="none" stroke-linecap="round" opacity="${choc ? 0.92 : 0.6}"/>`;
    if (choc)
      sw += `<path d="${d}" stroke="${lighten(dough, 0.35)}" stroke-width="3" fill="none" opacity="0.45" transform="translate(${n(rnd(c, 8, 14))} 0)"/>`;
  }
  s += `<g clip-path="url(#${id})">${sw}</g>`;
  // syrup gloss
  s += `<path d="M340 320 C460 270 660 270 800 310" stroke="#fff3d6" stroke-width="14" fill="none" opacity="0.3"/>`;
  if (st === 1) {
    for (let i = 0; i < 70; i++) {
      const [x, y] = inEllipse(c, 610, 290, 270, 50);
      s += `<path d="${blob(c, x, y, 5, 4, 5, 0.35)}" fill="${pick(c, ["#7fa23c", "#98b84c", "#e9d7a8"])}"/>`;
    }
  } else if (st === 2) {
    for (let i = 0; i < 90; i++) {
      const [x, y] = inEllipse(c, 610, 290, 270, 50);
      s += `<path d="${blob(c, x, y, rnd(c, 6, 11), rnd(c, 5, 9), 7, 0.3)}" fill="${bun(c, "#e2b06a", 0.4)}"/>`;
    }
  }
  // slice with spiral
  let inner = crumbDots(c, 200, 190, 40);
  let d = "";
  for (let t = 0; t < Math.PI * 7; t += 0.25) {
    const r = 6 + t * 4.2;
    d += `${t === 0 ? "M" : "L"}${n(Math.cos(t) * r * 1.1)} ${n(Math.sin(t) * r * 0.95 - 5)}`;
  }
  inner += `<path d="${d}" stroke="${fill}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  const sx = c.comp % 2 === 0 ? 300 : 900;
  s += sliceShape(c, sx, 660, 200, 190, c.comp % 2 === 0 ? -10 : 10, "#f0cf8e", darken(dough, 0.15), inner);
  return s;
}

function cookie(c: Ctx, x: number, y: number, r: number, st: number): string {
  const base = at(["#c98a44", "#eccb8e", "#c28f55", "#e6c99a"], st);
  let s = shadow(x + 8, y + 12, r * 1.02, r * 0.95, 0.45, "bM");
  const path = blob(c, x, y, r, r * 0.96, 16, 0.05);
  s += `<path d="${path}" fill="${radialF(
    c,
    [
      [0, lighten(base, 0.18)],
      [0.7, base],
      [1, darken(base, 0.3)],
    ],
    0.45,
    0.45,
    0.55,
  )}"/>`;
  // cracks
  for (let i = 0; i < 5; i++) {
    const [px, py] = inEllipse(c, x, y, r * 0.6, r * 0.6);
    const a = rnd(c, 0, Math.PI);
    const l = rnd(c, 12, 30);
    s += `<path d="M${n(px)} ${n(py)} q${n(Math.cos(a) * l)} ${n(Math.sin(a) * l * 0.3)} ${n(Math.cos(a) * l * 2)} ${n(Math.sin(a) * l)}" stroke="${darken(base, 0.25)}" stroke-width="2" fill="none" opacity="0.5"/>`;
  }
  if (st === 0) {
    for (let i = 0; i < 9; i++) {
      const [px, py] = inEllipse(c, x, y, r * 0.75, r * 0.75);
      s += `<path d="${blob(c, px, py, rnd(c, 7, 13), rnd(c, 6, 11), 6, 0.3)}" fill="${bun(c, "#3a1c0e", 0.25)}"/>`;
    }
  } else if (st === 1) {
    const cols = ["#e84a5f", "#2a9df4", "#f7c948", "#6ac46a", "#ffffff", "#a66cff"];
    for (let i = 0; i < 26; i++) {
      const [px, py] = inEllipse(c, x, y, r * 0.78, r * 0.78);
      s += `<rect x="${n(px)}" y="${n(py)}" width="9" height="3" rx="1.5" fill="${pick(c, cols)}" transform="rotate(${n(rnd(c, 0, 180))} ${n(px)} ${n(py)})"/>`;
    }
  } else if (st === 2) {
    for (let i = 0; i < 14; i++) {
      const [px, py] = inEllipse(c, x, y, r * 0.8, r * 0.8);
      s += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="8" ry="5" fill="#ecd7a8" stroke="#b28c58" stroke-width="1" transform="rotate(${n(rnd(c, 0, 180))} ${n(px)} ${n(py)})"/>`;
    }
    for (let i = 0; i < 6; i++) {
      const [px, py] = inEllipse(c, x, y, r * 0.7, r * 0.7);
      s += `<path d="${blob(c, px, py, 7, 5, 6, 0.3)}" fill="#4a1e10"/>`;
    }
  } else {
    s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 0.26)}" ry="${n(r * 0.16)}" fill="${bun(c, "#c88a4c", 0.45)}" stroke="#8a5526" stroke-width="1.5"/>`;
    s += seedsIn(c, 16, () => inEllipse(c, x, y, r * 0.7, r * 0.7), "sesame");
  }
  return s;
}

function drawCookies(c: Ctx): string {
  const st = c.style % 4;
  let s = "";
  const spots: [number, number, number][] =
    c.comp % 2 === 0
      ? [
          [430, 330, 120],
          [730, 300, 110],
          [930, 480, 115],
          [300, 580, 115],
          [600, 560, 130],
          [860, 730, 105],
          [420, 780, 95],
        ]
      : [
          [600, 450, 150],
          [360, 360, 115],
          [850, 340, 115],
          [380, 640, 110],
          [840, 620, 120],
        ];
  for (const [x, y, r] of spots) s += cookie(c, x + rnd(c, -15, 15), y + rnd(c, -15, 15), r, st);
  for (let i = 0; i < 18; i++) {
    const x = rnd(c, 180, 1020);
    const y = rnd(c, 200, 820);
    s += `<path d="${blob(c, x, y, rnd(c, 3, 7), rnd(c, 2, 5), 6, 0.3)}" fill="${st === 0 ? pick(c, ["#3a1c0e", "#c98a44"]) : "#d8b27a"}"/>`;
  }
  return s;
}

function rugelach(c: Ctx, x: number, y: number, sc: number, rot: number, st: number): string {
  const dough = st === 1 ? "#cf9450" : "#c9803a";
  const fill = st === 1 ? "#7a3f16" : "#2e140a";
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)}) scale(${n(sc)})">`;
  s += shadow(6, 14, 92, 38, 0.5, "bM");
  const body =
    "M-95 8 C-95 -30 -40 -48 0 -48 C40 -48 95 -30 95 8 C95 22 80 28 66 20 C40 6 -40 6 -66 20 C-80 28 -95 22 -95 8Z";
  const id = uid(c, "c");
  c.defs.push(`<clipPath id="${id}"><path d="${body}"/></clipPath>`);
  s += `<path d="${body}" fill="${fill}"/>`;
  s += `<g clip-path="url(#${id})">`;
  for (let i = -3; i <= 3; i++) {
    const cx = i * 28;
    s += `<ellipse cx="${cx}" cy="-14" rx="${22 - Math.abs(i) * 1.5}" ry="${44 - Math.abs(i) * 3}" fill="${bun(c, dough, 0.4)}" stroke="${fill}" stroke-width="4" transform="rotate(${-18 + i * 3} ${cx} -14)"/>`;
  }
  s += `</g>`;
  s += `<path d="M-60 -36 C-20 -46 20 -46 60 -36" stroke="#fff1cf" stroke-width="7" fill="none" opacity="0.35"/>`;
  if (st === 1) s += seedsIn(c, 40, () => inEllipse(c, 0, -18, 70, 22), "sugar");
  return `${s}</g>`;
}

function drawRugelach(c: Ctx): string {
  const st = c.style % 3;
  let s = "";
  const rows = c.comp % 2 === 0 ? 4 : 3;
  const cols = c.comp % 2 === 0 ? 4 : 3;
  const sc = c.comp % 2 === 0 ? 1.05 : 1.35;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const x = 600 + (k - (cols - 1) / 2) * (250 * sc) + (r % 2) * 40 - 20;
      const y = 470 + (r - (rows - 1) / 2) * (150 * sc);
      s += rugelach(c, x + rnd(c, -12, 12), y + rnd(c, -8, 8), sc, rnd(c, -14, 14), st === 2 ? (r + k) % 2 : st);
    }
  }
  return s;
}

function bourekas(c: Ctx, x: number, y: number, sc: number, rot: number, st: number): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)}) scale(${n(sc)})">`;
  const base = "#d8923f";
  let shape: string;
  let seed: "sesame" | "blackSesame" = "sesame";
  if (st === 1) shape = "M-80 50 Q-86 56 -76 60 L76 60 Q86 56 80 50 L8 -62 Q0 -72 -8 -62Z";
  else if (st === 2) {
    shape = "M-100 -30 Q-110 0 -100 30 L100 30 Q110 0 100 -30Z";
    seed = "blackSesame";
  } else shape = "M-70 -60 Q-80 -60 -78 -48 L-72 56 Q-72 66 -60 66 L62 64 Q74 64 74 52 L78 -50 Q78 -62 66 -62Z";
  s += shadow(8, 18, 100, 70, 0.5, "bM");
  s += `<path d="${shape}" fill="${darken(base, 0.25)}" transform="translate(0 8)"/>`;
  // flaky layers at the edge
  for (let i = 0; i < 3; i++)
    s += `<path d="${shape}" fill="none" stroke="${lighten(base, 0.35)}" stroke-width="1.5" opacity="0.7" transform="translate(0 ${2 + i * 2})"/>`;
  s += `<path d="${shape}" fill="${bun(c, base, 0.45)}"/>`;
  if (st === 2) {
    for (let i = -2; i <= 2; i++)
      s += `<path d="M${i * 38} -28 q10 28 0 56" stroke="#8a4a18" stroke-width="3" fill="none" opacity="0.5"/>`;
    s += `<path d="M-100 -4 q-8 8 0 14" stroke="#4d7a2a" stroke-width="6" fill="none"/>`;
  }
  if (st === 3) s += `<path d="M-30 -20 L30 20 M-30 20 L30 -20" stroke="#8a4a18" stroke-width="4" opacity="0.55"/>`;
  const bb = st === 1 ? [0, 10, 50, 40] : st === 2 ? [0, -2, 85, 20] : [0, 0, 60, 50];
  s += seedsIn(c, st === 2 ? 45 : 34, () => inEllipse(c, at(bb, 0), at(bb, 1), at(bb, 2), at(bb, 3)), seed);
  return `${s}</g>`;
}

function drawBourekas(c: Ctx): string {
  const st = c.style % 4;
  let s = "";
  const sc = c.comp % 2 === 0 ? 1.05 : 1.3;
  const cols = c.comp % 2 === 0 ? 4 : 3;
  const rows = c.comp % 2 === 0 ? 3 : 3;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const x = 600 + (k - (cols - 1) / 2) * 220 * sc;
      const y = 460 + (r - (rows - 1) / 2) * 170 * sc;
      s += bourekas(
        c,
        x + rnd(c, -14, 14),
        y + rnd(c, -10, 10),
        sc,
        rnd(c, -10, 10) + (st === 1 && (r + k) % 2 ? 180 : 0),
        st,
      );
    }
  }
  return s;
}

function ring(
  c: Ctx,
  x: number,
  y: number,
  rx: number,
  ry: number,
  rot: number,
  base: string,
  seeds: number,
  seed: "sesame" | "blackSesame",
): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">`;
  const hx = rx * 0.42;
  const hy = ry * 0.32;
  const ringPath = `M${n(-rx)} 0 A${n(rx)} ${n(ry)} 0 1 1 ${n(rx)} 0 A${n(rx)} ${n(ry)} 0 1 1 ${n(-rx)} 0Z M${n(-hx)} 0 A${n(hx)} ${n(hy)} 0 1 0 ${n(hx)} 0 A${n(hx)} ${n(hy)} 0 1 0 ${n(-hx)} 0Z`;
  s += `<g opacity="0.22"><path d="${ringPath}" fill="#1e0f05" fill-rule="evenodd" transform="translate(10 18)"/></g>`;
  s += `<path d="${ringPath}" fill="${darken(base, 0.3)}" fill-rule="evenodd" transform="translate(0 8)"/>`;
  s += `<path d="${ringPath}" fill="${bun(c, base, 0.4)}" fill-rule="evenodd"/>`;
  s += `<ellipse cx="0" cy="2" rx="${n(hx + 14)}" ry="${n(hy + 12)}" fill="none" stroke="${darken(base, 0.3)}" stroke-width="12" opacity="0.45"/>`;
  s += seedsIn(
    c,
    seeds,
    () => {
      for (;;) {
        const [px, py] = inEllipse(c, 0, 0, rx * 0.96, ry * 0.94);
        if ((px / (hx + 8)) ** 2 + (py / (hy + 8)) ** 2 > 1) return [px, py];
      }
    },
    seed,
  );
  return `${s}</g>`;
}

function drawBagel(c: Ctx): string {
  const st = c.style % 2;
  let s = "";
  const base = "#c9803a";
  if (st === 0) {
    // Jerusalem bagel: long oval ring, and a small bowl of za'atar
    s += ring(c, 560, 340, 330, 130, rnd(c, -8, 0), base, 900, "sesame");
    s += ring(c, 620, 610, 330, 130, rnd(c, 0, 8), base, 900, "sesame");
    const bx = c.comp % 2 === 0 ? 1010 : 190;
    s += shadow(bx + 8, 770, 100, 40, 0.5, "bM");
    s += `<ellipse cx="${bx}" cy="750" rx="100" ry="45" fill="#e8e1d4"/><ellipse cx="${bx}" cy="744" rx="84" ry="34" fill="#6d7a33"/>`;
    for (let i = 0; i < 200; i++) {
      const [px, py] = inEllipse(c, bx, 744, 80, 30);
      s += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(rnd(c, 1, 2.4))}" fill="${pick(c, ["#4d5a22", "#8b9a4a", "#efe3c2", "#b84a2a"])}"/>`;
    }
  } else {
    const spots: [number, number][] =
      c.comp % 2 === 0
        ? [
            [400, 360],
            [790, 340],
            [600, 600],
          ]
        : [
            [470, 470],
            [820, 500],
          ];
    for (const [x, y] of spots)
      s += ring(c, x, y, 190, 160, rnd(c, 0, 90), base, 360, c.rng() < 0.3 ? "blackSesame" : "sesame");
  }
  return s;
}

function drawSourdough(c: Ctx): string {
  const st = c.style % 4;
  const crust = at(["#8e4a1c", "#5a2c12", "#8a4a20", "#9a5a2a"], st);
  const cx = 600;
  const cy = 460;
  const rx = st === 3 ? 400 : 320;
  const ry = st === 3 ? 200 : 270;
  let s = shadow(cx + 16, cy + ry * 0.5, rx * 1.05, ry * 0.7, 0.6);
  const outline = blob(c, cx, cy, rx, ry, 18, 0.025);
  s += `<path d="${outline}" fill="${radialF(
    c,
    [
      [0, lighten(crust, 0.25)],
      [0.6, crust],
      [0.92, darken(crust, 0.3)],
      [1, darken(crust, 0.5)],
    ],
    0.45,
    0.42,
    0.6,
    0.4,
    0.35,
  )}"/>`;
  // flour dusting / banneton rings
  if (st === 0) {
    for (let k = 1; k < 7; k++) {
      s += `<ellipse cx="${cx}" cy="${cy}" rx="${n(rx * k * 0.14)}" ry="${n(ry * k * 0.14)}" fill="none" stroke="#f4ead8" stroke-width="5" opacity="0.35"/>`;
    }
  }
  if (st !== 1) {
    for (let i = 0; i < 700; i++) {
      const [px, py] = inEllipse(c, cx - 20, cy - 20, rx * 0.85, ry * 0.85);
      s += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(rnd(c, 1, 3.5))}" fill="#f6efe2" opacity="${n(rnd(c, 0.15, 0.5))}"/>`;
    }
  }
  const cut = (d: string, w: number) =>
    `<path d="${d}" stroke="${darken(crust, 0.4)}" stroke-width="${w + 8}" fill="none" stroke-linecap="round"/><path d="${d}" stroke="#e4b273" stroke-width="${w}" fill="none" stroke-linecap="round"/><path d="${d}" stroke="#fff0cf" stroke-width="${w * 0.3}" fill="none" stroke-linecap="round" opacity="0.6" transform="translate(-3 -3)"/>`;
  if (st === 0) {
    s += cut(`M${cx - 150} ${cy - 140} Q${cx - 170} ${cy} ${cx - 130} ${cy + 150}`, 22);
    s += cut(`M${cx + 140} ${cy - 150} Q${cx + 175} ${cy} ${cx + 150} ${cy + 140}`, 22);
    s += cut(`M${cx - 150} ${cy - 130} Q${cx} ${cy - 165} ${cx + 140} ${cy - 140}`, 20);
    s += cut(`M${cx - 130} ${cy + 140} Q${cx} ${cy + 170} ${cx + 150} ${cy + 130}`, 20);
  } else if (st === 1) {
    // rye: a light dusting of flour and a crackled crust
    for (let i = 0; i < 260; i++) {
      const [px, py] = inEllipse(c, cx - 30, cy - 30, rx * 0.6, ry * 0.6);
      s += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(rnd(c, 1, 3))}" fill="#efe4d0" opacity="${n(rnd(c, 0.15, 0.4))}"/>`;
    }
    for (let i = 0; i < 16; i++) {
      const [px, py] = inEllipse(c, cx, cy, rx * 0.7, ry * 0.7);
      const d = `M${n(px)} ${n(py)} l${n(rnd(c, -50, 50))} ${n(rnd(c, -35, 35))} l${n(rnd(c, -35, 35))} ${n(rnd(c, -25, 25))}`;
      s += `<path d="${d}" stroke="#2a1206" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" stroke="#b07a4a" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    s += seedsIn(c, 160, () => inEllipse(c, cx, cy, rx * 0.85, ry * 0.85), "caraway");
  } else if (st === 2) {
    s += cut(`M${cx - 20} ${cy + 200} Q${cx + 10} ${cy} ${cx - 10} ${cy - 200}`, 14);
    for (let i = -3; i <= 3; i++) {
      if (i === 0) continue;
      const yy = cy + i * 48;
      s += cut(`M${cx + (i > 0 ? 0 : 0) + (Math.sign(i) * 0 + 10)} ${yy} l${n(110 - Math.abs(i) * 18)} ${n(-40)}`, 10);
      s += cut(`M${cx - 20} ${yy} l${n(-(110 - Math.abs(i) * 18))} ${n(-40)}`, 10);
    }
    for (let i = 0; i < 10; i++) {
      const [px, py] = inEllipse(c, cx, cy, rx * 0.8, ry * 0.8);
      s += `<ellipse cx="${n(px)}" cy="${n(py)}" rx="11" ry="8" fill="#3b2030" opacity="0.8"/>`;
    }
  } else {
    s += cut(`M${cx - 300} ${cy + 30} C${cx - 100} ${cy - 70} ${cx + 100} ${cy - 70} ${cx + 300} ${cy - 30}`, 30);
    s += seedsIn(c, 80, () => inEllipse(c, cx, cy, rx * 0.8, ry * 0.7), "sesame");
  }
  // slices on the side (comp)
  if (c.comp % 2 === 1) {
    const inner = crumbDots(c, 170, 140, 90);
    s += sliceShape(c, 1030, 700, 170, 150, 12, st === 1 ? "#8a6a4a" : "#ecd3a4", darken(crust, 0.1), inner);
  }
  return s;
}

function muffin(c: Ctx, x: number, y: number, sc: number, st: number): string {
  const paper = pick(c, ["#c9a27a", "#f4f0ea", "#b33a3a", "#3a6a8a"]);
  const dome = at(["#d8953f", "#4a2414", "#b57a3e"], st);
  let s = `<g transform="translate(${n(x)} ${n(y)}) scale(${n(sc)})">`;
  s += shadow(8, 130, 140, 30, 0.55, "bM");
  s += `<path d="M-110 0 L-82 130 Q0 146 82 130 L110 0Z" fill="${linear(
    c,
    [
      [0, darken(paper, 0.2)],
      [0.35, lighten(paper, 0.15)],
      [1, darken(paper, 0.35)],
    ],
    0,
    0,
    1,
    0,
  )}"/>`;
  for (let i = -10; i <= 10; i++)
    s += `<path d="M${n(i * 10.5)} 2 L${n(i * 8)} 136" stroke="${darken(paper, 0.3)}" stroke-width="2" opacity="0.5"/>`;
  const top = smooth([
    [-128, 8],
    [-120, -50],
    [-70, -105],
    [0, -122],
    [70, -104],
    [122, -52],
    [128, 8],
    [60, 22],
    [0, 24],
    [-60, 22],
  ]);
  s += `<path d="${top}" fill="${bun(c, dome, 0.35)}"/>`;
  for (let i = 0; i < 10; i++) {
    const [px, py] = inEllipse(c, 0, -55, 100, 50);
    s += `<path d="M${n(px)} ${n(py)} q${n(rnd(c, -18, 18))} ${n(rnd(c, -8, 8))} ${n(rnd(c, -26, 26))} ${n(rnd(c, -4, 10))}" stroke="${darken(dome, 0.3)}" stroke-width="2" fill="none" opacity="0.45"/>`;
  }
  if (st === 0) {
    for (let i = 0; i < 9; i++) {
      const [px, py] = inEllipse(c, 0, -50, 95, 50);
      s += `<circle cx="${n(px)}" cy="${n(py)}" r="11" fill="${bun(c, "#3e3a72", 0.35)}"/>`;
    }
    for (let i = 0; i < 22; i++) {
      const [px, py] = inEllipse(c, 0, -70, 80, 35);
      s += `<path d="${blob(c, px, py, 6, 5, 6, 0.3)}" fill="${bun(c, "#f0c98a", 0.3)}"/>`;
    }
  } else if (st === 1) {
    for (let i = 0; i < 12; i++) {
      const [px, py] = inEllipse(c, 0, -50, 95, 50);
      s += `<path d="${blob(c, px, py, 8, 6, 6, 0.3)}" fill="#1e0b04"/><path d="${blob(c, px - 2, py - 2, 3, 2, 5, 0.2)}" fill="#ffffff" opacity="0.3"/>`;
    }
  } else {
    s += `<ellipse cx="0" cy="-100" rx="34" ry="14" fill="#f3e3a0" stroke="#d6b860" stroke-width="2"/>`;
    for (let i = 0; i < 6; i++) {
      const [px, py] = inEllipse(c, 0, -50, 90, 40);
      s += `<path d="${blob(c, px, py, 12, 9, 8, 0.25)}" fill="${bun(c, "#8a5226", 0.3)}"/>`;
    }
  }
  return `${s}</g>`;
}

function drawMuffins(c: Ctx): string {
  const st = c.style % 3;
  if (c.comp % 2 === 1) return muffin(c, 600, 450, 2.1, st);
  return muffin(c, 350, 410, 1.25, st) + muffin(c, 860, 400, 1.25, st) + muffin(c, 600, 540, 1.5, st);
}

function scallop(cx: number, cy: number, r: number, k: number, depth: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < k * 2; i++) {
    const a = (i / (k * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? r : r - depth;
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * 0.62]);
  }
  return smooth(pts);
}

function tartBase(c: Ctx, cx: number, cy: number, r: number, crust: string): string {
  let s = shadow(cx + 12, cy + 40, r * 1.05, r * 0.66, 0.55);
  s += `<path d="${scallop(cx, cy + 34, r, 36, 10)}" fill="${darken(crust, 0.3)}"/>`;
  s += `<path d="${scallop(cx, cy, r, 36, 10)}" fill="${radialF(
    c,
    [
      [0, lighten(crust, 0.2)],
      [0.85, crust],
      [1, darken(crust, 0.25)],
    ],
    0.45,
    0.4,
    0.6,
  )}"/>`;
  s += `<ellipse cx="${cx}" cy="${cy + 3}" rx="${r * 0.9}" ry="${r * 0.9 * 0.62}" fill="${darken(crust, 0.25)}"/>`;
  return s;
}

function drawTart(c: Ctx): string {
  const st = c.style % 3;
  const cx = 600;
  const cy = 440;
  const r = 400;
  const crust = st === 2 ? "#7a4526" : "#d89a52";
  let s = tartBase(c, cx, cy, r, crust);
  const fr = r * 0.86;
  const fry = fr * 0.62;
  if (st === 0) {
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${fr}" ry="${n(fry)}" fill="#f7dc8c"/>`;
    // strawberries ring, then blueberries and raspberries inside, kiwi centre
    const items: string[] = [];
    for (let i = 0; i < 18; i++) {
      const a = (i / 18) * Math.PI * 2;
      const x = cx + Math.cos(a) * fr * 0.8;
      const y = cy + Math.sin(a) * fry * 0.8;
      items.push(
        `<g transform="translate(${n(x)} ${n(y)}) rotate(${n((a * 180) / Math.PI + 90)}) scale(1 0.75)"><path d="M-30 -30 C-34 10 -10 40 0 42 C10 40 34 10 30 -30Z" fill="#c8102e"/><path d="M-20 -26 C-22 6 -6 28 0 30 C6 28 22 6 20 -26Z" fill="#f08a90"/><path d="M0 -24 V26" stroke="#fbd0d0" stroke-width="3"/></g>`,
      );
    }
    s += items.join("");
    s += berries(c, 30, () => inEllipse(c, cx, cy, fr * 0.56, fry * 0.56), ["blue", "rasp"]);
    for (let i = 0; i < 3; i++) {
      const x = cx + (i - 1) * 80;
      const y = cy + (i % 2) * 10 - 5;
      s += `<ellipse cx="${x}" cy="${y}" rx="48" ry="34" fill="#6b8f1e"/><ellipse cx="${x}" cy="${y}" rx="38" ry="27" fill="#a6c83a"/><ellipse cx="${x}" cy="${y}" rx="14" ry="10" fill="#f2f0c8"/>`;
      for (let j = 0; j < 10; j++) {
        const a = (j / 10) * Math.PI * 2;
        s += `<circle cx="${n(x + Math.cos(a) * 20)}" cy="${n(y + Math.sin(a) * 14)}" r="2.2" fill="#1a1a10"/>`;
      }
    }
    s += `<ellipse cx="${cx - 120}" cy="${cy - 90}" rx="180" ry="40" fill="url(#glo)" opacity="0.22"/>`;
  } else if (st === 1) {
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${fr}" ry="${n(fry)}" fill="${radialF(
      c,
      [
        [0, "#ffe98a"],
        [1, "#f2c52c"],
      ],
      0.45,
      0.4,
      0.6,
    )}"/>`;
    const peaks: [number, number][] = [];
    for (let i = 0; i < 40; i++) peaks.push(inEllipse(c, cx, cy, fr * 0.78, fry * 0.75));
    peaks.sort((a, b) => a[1] - b[1]);
    for (const [x, y] of peaks) {
      s += `<path d="M${n(x - 34)} ${n(y + 12)} C${n(x - 30)} ${n(y - 20)} ${n(x - 6)} ${n(y - 30)} ${n(x + 4)} ${n(y - 52)} C${n(x + 10)} ${n(y - 26)} ${n(x + 36)} ${n(y - 14)} ${n(x + 34)} ${n(y + 12)} Q${n(x)} ${n(y + 24)} ${n(x - 34)} ${n(y + 12)}Z" fill="${linear(
        c,
        [
          [0, "#8a4a1a"],
          [0.25, "#e0a868"],
          [0.6, "#fdf6ea"],
          [1, "#f1e6d4"],
        ],
      )}"/>`;
    }
  } else {
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${fr}" ry="${n(fry)}" fill="#2a130a"/>`;
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${fr * 0.97}" ry="${n(fry * 0.97)}" fill="${radialF(
      c,
      [
        [0, "#5a2c16"],
        [1, "#2a130a"],
      ],
      0.4,
      0.35,
      0.6,
    )}"/>`;
    s += `<ellipse cx="${cx - 120}" cy="${cy - 70}" rx="220" ry="50" fill="url(#glo)" opacity="0.18"/>`;
    s += `<path d="M${cx - 160} ${cy + 40} C${cx - 60} ${cy - 30} ${cx + 60} ${cy + 90} ${cx + 170} ${cy + 10}" stroke="#c9782a" stroke-width="12" fill="none" stroke-linecap="round"/>`;
    s += seedsIn(c, 40, () => inEllipse(c, cx, cy, fr * 0.6, fry * 0.6), "salt");
    for (let i = 0; i < 5; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.5, fry * 0.5);
      s += `<path d="M${n(x)} ${n(y)} l6 -10 l6 10 l-6 4Z" fill="#e5c061"/>`;
    }
  }
  return s;
}

function drawQuiche(c: Ctx): string {
  const st = c.style % 2;
  const cx = 600;
  const cy = 440;
  const r = 400;
  let s = tartBase(c, cx, cy, r, "#d9a05a");
  const fr = r * 0.86;
  const fry = fr * 0.62;
  s += `<ellipse cx="${cx}" cy="${cy}" rx="${fr}" ry="${n(fry)}" fill="${radialF(
    c,
    [
      [0, "#f8df8a"],
      [0.8, "#eec266"],
      [1, "#c98a3a"],
    ],
    0.45,
    0.45,
    0.6,
  )}"/>`;
  for (let i = 0; i < 40; i++) {
    const [x, y] = inEllipse(c, cx, cy, fr * 0.9, fry * 0.9);
    s += `<path d="${blob(c, x, y, rnd(c, 12, 30), rnd(c, 8, 18), 8, 0.3)}" fill="#b8742c" opacity="${n(rnd(c, 0.2, 0.5))}"/>`;
  }
  if (st === 0) {
    for (let i = 0; i < 40; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.85, fry * 0.85);
      s += `<rect x="${n(x)}" y="${n(y)}" width="26" height="22" rx="5" fill="${bun(c, "#e87a24", 0.3)}" transform="rotate(${n(rnd(c, 0, 90))} ${n(x)} ${n(y)})"/>`;
    }
    for (let i = 0; i < 20; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.8, fry * 0.8);
      s += `<path d="${blob(c, x, y, 16, 12, 8, 0.3)}" fill="#fbf8f0"/>`;
    }
    for (let i = 0; i < 20; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.8, fry * 0.8);
      s += `<path d="M${n(x)} ${n(y)} q10 -8 22 0" stroke="#8a4a1a" stroke-width="4" fill="none"/>`;
    }
  } else {
    for (let i = 0; i < 70; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.88, fry * 0.88);
      s += `<path d="${blob(c, x, y, rnd(c, 8, 16), rnd(c, 5, 10), 7, 0.35)}" fill="${pick(c, ["#2f5a1c", "#3e6e24", "#24451a"])}"/>`;
    }
    for (let i = 0; i < 22; i++) {
      const [x, y] = inEllipse(c, cx, cy, fr * 0.8, fry * 0.8);
      s += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rnd(c, 0, 360))})"><path d="M-18 0 C-18 -22 18 -22 18 0 L8 0 L8 14 L-8 14 L-8 0Z" fill="#c9a27a" stroke="#7a5532" stroke-width="2"/></g>`;
    }
    s += seedsIn(c, 300, () => inEllipse(c, cx, cy, fr * 0.85, fry * 0.85), "sugar");
  }
  // cut lines into slices
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI + 0.3;
    s += `<path d="M${n(cx - Math.cos(a) * fr)} ${n(cy - Math.sin(a) * fry)} L${n(cx + Math.cos(a) * fr)} ${n(cy + Math.sin(a) * fry)}" stroke="#8a5a22" stroke-width="2.5" opacity="0.45"/>`;
  }
  return s;
}

function macaron(c: Ctx, x: number, y: number, sc: number, col: string, fill: string): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) scale(${n(sc)})">`;
  s += shadow(6, 52, 84, 22, 0.5, "bM");
  // bottom shell
  s += `<path d="M-78 20 Q-80 52 0 56 Q80 52 78 20Z" fill="${darken(col, 0.15)}"/>`;
  s += `<path d="M-80 16 Q-82 30 0 32 Q82 30 80 16 Q0 28 -80 16Z" fill="${lighten(col, 0.1)}"/>`;
  // filling
  s += `<path d="M-74 6 Q-76 22 0 24 Q76 22 74 6 L74 0 L-74 0Z" fill="${fill}"/>`;
  // feet (ruffled)
  let d = "";
  for (let i = -78; i <= 78; i += 6) d += `M${i} ${n(-4 + Math.abs(i) * 0)} q3 ${n(rnd(c, 4, 8))} 6 0 `;
  s += `<path d="M-80 -8 Q-82 10 0 12 Q82 10 80 -8Z" fill="${darken(col, 0.05)}"/>`;
  s += `<path d="${d}" stroke="${darken(col, 0.2)}" stroke-width="2" fill="none" opacity="0.6" transform="translate(0 -2)"/>`;
  // top shell
  s += `<path d="M-82 -6 Q-84 -62 0 -64 Q84 -62 82 -6 Q0 6 -82 -6Z" fill="${bun(c, col, 0.35)}"/>`;
  s += `<ellipse cx="-26" cy="-44" rx="30" ry="8" fill="url(#glo)" opacity="0.35"/>`;
  return `${s}</g>`;
}

function drawMacarons(c: Ctx): string {
  const st = c.style % 3;
  const palettes = at<[string, string][]>(
    [
      [
        ["#a9c97a", "#f4efe0"],
        ["#f29bb0", "#b0243e"],
        ["#f5e6b8", "#fff6e2"],
        ["#9a6a4a", "#4a2414"],
        ["#f7e07a", "#fff3b0"],
        ["#c2a0d8", "#f6ecfa"],
      ],
      [
        ["#a9c97a", "#f4efe0"],
        ["#f29bb0", "#b0243e"],
      ],
      [
        ["#f3c9d4", "#fffafc"],
        ["#cfe3f0", "#ffffff"],
        ["#f7e2b0", "#fff6e2"],
      ],
    ],
    st,
  );
  let s = "";
  const rows = c.comp % 2 === 0 ? 3 : 2;
  const cols = c.comp % 2 === 0 ? 4 : 3;
  const sc = c.comp % 2 === 0 ? 1.1 : 1.5;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const [col, fill] = at(palettes, i++);
      const x = 600 + (k - (cols - 1) / 2) * 215 * sc * 0.9 + (r % 2 ? 50 : -50);
      const y = 480 + (r - (rows - 1) / 2) * 170 * sc;
      s += macaron(c, x + rnd(c, -10, 10), y + rnd(c, -8, 8), sc, col, fill);
    }
  }
  return s;
}

function sufganiya(c: Ctx, x: number, y: number, sc: number, st: number): string {
  let s = `<g transform="translate(${n(x)} ${n(y)}) scale(${n(sc)})">`;
  s += shadow(10, 90, 150, 40, 0.55, "bM");
  s += `<ellipse cx="0" cy="0" rx="150" ry="115" fill="${bun(c, "#b86a2a", 0.35)}"/>`;
  // the pale frying band
  s += `<path d="M-148 18 Q0 66 148 18 Q140 44 120 60 Q0 96 -120 60 Q-140 44 -148 18Z" fill="#f0d6a0" opacity="0.85"/>`;
  s += `<ellipse cx="0" cy="-22" rx="130" ry="80" fill="${bun(c, "#c77a34", 0.45)}"/>`;
  if (st === 0) {
    s += seedsIn(c, 700, () => inEllipse(c, 0, -28, 130, 80), "sugar");
    s += `<ellipse cx="0" cy="-48" rx="122" ry="48" fill="url(#glo)" opacity="0.5"/>`;
    s += `<path d="${blob(c, 0, -70, 42, 26, 10, 0.15)}" fill="${bun(c, "#b0162a", 0.5)}"/>`;
    s += `<path d="M-12 -45 q-6 26 4 40 q8 -12 6 -38Z" fill="#9a1224"/>`;
    s += `<ellipse cx="-12" cy="-80" rx="12" ry="6" fill="#ffffff" opacity="0.6"/>`;
  } else {
    const glaze = st === 1 ? "#b86a1e" : "#fbf4e4";
    s += `<path d="${blob(c, 0, -30, 128, 76, 16, 0.06)}" fill="${bun(c, glaze, 0.3)}"/>`;
    for (let i = 0; i < 7; i++) {
      const a = rnd(c, 0.3, Math.PI - 0.3);
      const xx = Math.cos(a) * 120;
      s += `<path d="M${n(xx - 10)} ${n(Math.sin(a) * 60 - 30)} q10 ${n(rnd(c, 20, 40))} 20 0Z" fill="${glaze}"/>`;
    }
    for (let i = 0; i < 50; i++) {
      const [px, py] = inEllipse(c, 0, -36, 90, 48);
      s += `<path d="${blob(c, px, py, 5, 4, 5, 0.35)}" fill="${st === 1 ? pick(c, ["#e6c38a", "#c9964e"]) : pick(c, ["#7fa23c", "#98b84c", "#5f8a2c"])}"/>`;
    }
    s += `<path d="${blob(c, 0, -86, 30, 18, 9, 0.15)}" fill="${st === 1 ? "#8a4a12" : "#8fb04a"}"/>`;
  }
  return `${s}</g>`;
}

function drawSufganiyot(c: Ctx): string {
  const st = c.style % 3;
  if (c.comp % 2 === 1)
    return sufganiya(c, 430, 380, 1.15, st) + sufganiya(c, 790, 420, 1.1, st) + sufganiya(c, 610, 610, 1.3, st);
  return sufganiya(c, 330, 330, 0.95, st) + sufganiya(c, 870, 330, 0.95, st) + sufganiya(c, 600, 540, 1.55, st);
}

function drawFocaccia(c: Ctx): string {
  const st = c.style % 2;
  const rot = rnd(c, -6, 6);
  let s = `<g transform="translate(600 470) rotate(${n(rot)})">`;
  const w = c.comp % 2 === 0 ? 820 : 620;
  const h = c.comp % 2 === 0 ? 560 : 480;
  s += shadow(16, 30, w * 0.55, h * 0.55, 0.55);
  s += `<rect x="${-w / 2}" y="${-h / 2 + 14}" width="${w}" height="${h}" rx="40" fill="#8a4a1a"/>`;
  s += `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="40" fill="${radialF(
    c,
    [
      [0, "#f2c06a"],
      [0.7, "#dc9a44"],
      [1, "#a8601e"],
    ],
    0.45,
    0.42,
    0.65,
  )}"/>`;
  // dimples with oil
  for (let i = 0; i < 70; i++) {
    const x = rnd(c, -w / 2 + 40, w / 2 - 40);
    const y = rnd(c, -h / 2 + 40, h / 2 - 40);
    s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="14" ry="11" fill="#b86a24" opacity="0.55"/><ellipse cx="${n(x - 3)}" cy="${n(y - 3)}" rx="6" ry="4" fill="#fff2c8" opacity="0.5"/>`;
  }
  s += `<ellipse cx="-150" cy="-120" rx="220" ry="80" fill="url(#glo)" opacity="0.22"/>`;
  if (st === 0) {
    for (let i = 0; i < 16; i++) {
      const x = rnd(c, -w / 2 + 60, w / 2 - 60);
      const y = rnd(c, -h / 2 + 60, h / 2 - 60);
      const a = rnd(c, 0, 180);
      let sp = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><path d="M-34 0 H34" stroke="#5a4a2a" stroke-width="2"/>`;
      for (let j = -30; j <= 30; j += 8)
        sp += `<path d="M${j} 0 l6 -12 M${j} 0 l6 12" stroke="#3f6a2a" stroke-width="3.2" stroke-linecap="round"/>`;
      s += `${sp}</g>`;
    }
    s += seedsIn(c, 90, () => [rnd(c, -w / 2 + 30, w / 2 - 30), rnd(c, -h / 2 + 30, h / 2 - 30)], "salt");
  } else {
    for (let i = 0; i < 22; i++) {
      const x = rnd(c, -w / 2 + 60, w / 2 - 60);
      const y = rnd(c, -h / 2 + 60, h / 2 - 60);
      if (c.rng() < 0.6)
        s += `<circle cx="${n(x)}" cy="${n(y)}" r="24" fill="${bun(c, "#d42a1a", 0.4)}"/><path d="M${n(x - 8)} ${n(y - 10)} q8 -6 16 0" stroke="#ffffff" stroke-width="3" opacity="0.5" fill="none"/>`;
      else
        s += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="20" ry="15" fill="${bun(c, "#3a1e30", 0.3)}"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="6" ry="4" fill="#1a0c14"/>`;
    }
    for (let i = 0; i < 80; i++)
      s += `<circle cx="${n(rnd(c, -w / 2 + 30, w / 2 - 30))}" cy="${n(rnd(c, -h / 2 + 30, h / 2 - 30))}" r="2.4" fill="#4a6a24"/>`;
  }
  return `${s}</g>`;
}

function drawPizza(c: Ctx): string {
  const st = c.style % 2;
  const cx = 600;
  const cy = 460;
  const r = 400;
  let s = shadow(cx + 14, cy + 30, r * 1.02, r * 0.68, 0.55);
  s += `<ellipse cx="${cx}" cy="${cy + 14}" rx="${r}" ry="${r * 0.66}" fill="#8a4a1a"/>`;
  s += `<path d="${blob(c, cx, cy, r, r * 0.66, 24, 0.015)}" fill="${radialF(
    c,
    [
      [0.8, "#e9a852"],
      [0.92, "#d68a38"],
      [1, "#a8601e"],
    ],
    0.5,
    0.5,
    0.5,
  )}"/>`;
  for (let i = 0; i < 24; i++) {
    const a = rnd(c, 0, Math.PI * 2);
    s += `<ellipse cx="${n(cx + Math.cos(a) * r * 0.93)}" cy="${n(cy + Math.sin(a) * r * 0.66 * 0.93)}" rx="${n(rnd(c, 6, 16))}" ry="${n(rnd(c, 4, 8))}" fill="#4a2208" opacity="0.6"/>`;
  }
  s += `<path d="${blob(c, cx, cy, r * 0.84, r * 0.84 * 0.66, 20, 0.03)}" fill="#b8261a"/>`;
  for (let i = 0; i < 16; i++) {
    const [x, y] = inEllipse(c, cx, cy, r * 0.7, r * 0.46);
    s += `<path d="${blob(c, x, y, rnd(c, 40, 70), rnd(c, 26, 44), 10, 0.2)}" fill="${radialF(
      c,
      [
        [0, "#fffaf0"],
        [0.7, "#f8ecd0"],
        [1, "#e8c98a"],
      ],
      0.5,
      0.5,
      0.55,
    )}"/>`;
  }
  if (st === 0) {
    for (let i = 0; i < 8; i++) {
      const [x, y] = inEllipse(c, cx, cy, r * 0.65, r * 0.42);
      const a = rnd(c, 0, 360);
      s += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><path d="M-30 0 C-20 -20 20 -20 32 0 C20 20 -20 20 -30 0Z" fill="${bun(c, "#3f8a2e", 0.35)}"/><path d="M-28 0 H30" stroke="#2a5a1c" stroke-width="2"/></g>`;
    }
  } else {
    for (let i = 0; i < 14; i++) {
      const [x, y] = inEllipse(c, cx, cy, r * 0.7, r * 0.45);
      s += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rnd(c, 0, 360))})"><path d="M-20 0 C-20 -26 20 -26 20 0 L8 0 L8 16 L-8 16 L-8 0Z" fill="#d8c0a0" stroke="#8a6a4a" stroke-width="2"/></g>`;
    }
    for (let i = 0; i < 14; i++) {
      const [x, y] = inEllipse(c, cx, cy, r * 0.7, r * 0.45);
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="13" fill="none" stroke="#1e1a1a" stroke-width="7"/>`;
    }
    for (let i = 0; i < 10; i++) {
      const [x, y] = inEllipse(c, cx, cy, r * 0.7, r * 0.45);
      s += `<path d="M${n(x)} ${n(y)} q20 -14 44 -4" stroke="${pick(c, ["#2f8a2e", "#e8b21c"])}" stroke-width="9" stroke-linecap="round" fill="none"/>`;
    }
  }
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI + 0.2;
    s += `<path d="M${n(cx - Math.cos(a) * r * 0.95)} ${n(cy - Math.sin(a) * r * 0.63)} L${n(cx + Math.cos(a) * r * 0.95)} ${n(cy + Math.sin(a) * r * 0.63)}" stroke="#5a2a10" stroke-width="3" opacity="0.35"/>`;
  }
  return s;
}

function drawSandwich(c: Ctx): string {
  const st = c.style % 3;
  let s = "";
  if (st === 2) {
    // open toasts with avocado and egg
    for (const [x, y, rot] of [
      [420, 460, -8],
      [800, 470, 7],
    ] as [number, number, number][]) {
      s += `<g transform="translate(${x} ${y}) rotate(${rot})">${shadow(10, 30, 200, 170, 0.5)}`;
      s += `<path d="${blob(c, 0, 0, 190, 160, 14, 0.04)}" fill="#7a4218"/><path d="${blob(c, 0, 4, 170, 140, 14, 0.05)}" fill="${radialF(
        c,
        [
          [0, "#f4d49a"],
          [1, "#d49a52"],
        ],
        0.5,
        0.5,
        0.6,
      )}"/>`;
      for (let i = 0; i < 30; i++)
        s += `<circle cx="${n(rnd(c, -140, 140))}" cy="${n(rnd(c, -110, 110))}" r="${n(rnd(c, 2, 6))}" fill="#a86a2a" opacity="0.4"/>`;
      s += `<path d="${blob(c, 0, 0, 150, 115, 16, 0.12)}" fill="${radialF(
        c,
        [
          [0, "#c6d86a"],
          [1, "#7a9a2e"],
        ],
        0.45,
        0.45,
        0.6,
      )}"/>`;
      for (let i = 0; i < 40; i++)
        s += `<circle cx="${n(rnd(c, -120, 120))}" cy="${n(rnd(c, -90, 90))}" r="2" fill="#2a2a1a" opacity="0.7"/>`;
      for (const [ex, ey] of [
        [-60, -20],
        [60, 20],
      ]) {
        s += `<ellipse cx="${ex}" cy="${ey}" rx="62" ry="46" fill="#fdfbf5" stroke="#e8e0d0" stroke-width="2"/><circle cx="${ex}" cy="${ey}" r="28" fill="${bun(c, "#f2b01e", 0.3)}"/>`;
      }
      s += `<path d="M-120 70 l30 -14 M100 -80 l20 10" stroke="#d8322a" stroke-width="12" stroke-linecap="round"/></g>`;
    }
    return s;
  }
  const bread = st === 0 ? "#d68e3c" : "#e2b578";
  const len = 880;
  const x0 = 600 - len / 2;
  const yb = 560;
  s += shadow(610, yb + 60, len * 0.55, 50, 0.55);
  // bottom bread
  s += `<path d="M${x0} ${yb} Q${x0} ${yb + 70} ${x0 + 80} ${yb + 70} L${x0 + len - 80} ${yb + 70} Q${x0 + len} ${yb + 70} ${x0 + len} ${yb}Z" fill="${bun(c, bread, 0.25)}"/>`;
  s += `<rect x="${x0 + 10}" y="${yb - 14}" width="${len - 20}" height="18" fill="#f7e7c4"/>`;
  // fillings
  let lettuce = `M${x0 - 10} ${yb - 8}`;
  for (let x = x0 - 10; x <= x0 + len + 10; x += 30)
    lettuce += ` Q${x + 15} ${yb + 24 + rnd(c, -6, 10)} ${x + 30} ${yb - 4}`;
  lettuce += ` L${x0 + len} ${yb - 40} L${x0} ${yb - 40}Z`;
  s += `<path d="${lettuce}" fill="#6aa83a"/>`;
  if (st === 0) {
    // omelette and cheese
    s += `<path d="M${x0 + 10} ${yb - 30} Q${x0 - 6} ${yb - 60} ${x0 + 30} ${yb - 70} L${x0 + len - 30} ${yb - 70} Q${x0 + len + 6} ${yb - 60} ${x0 + len - 10} ${yb - 30}Z" fill="${bun(c, "#f4c542", 0.3)}"/>`;
    for (let i = 0; i < 30; i++)
      s += `<circle cx="${n(rnd(c, x0 + 30, x0 + len - 30))}" cy="${n(rnd(c, yb - 64, yb - 36))}" r="3" fill="#3f7a2a"/>`;
    for (let k = 0; k < 5; k++) {
      const x = x0 + 60 + k * 170;
      s += `<path d="M${x} ${yb - 74} L${x + 120} ${yb - 74} L${x + 90} ${yb - 30} Z" fill="#f7d35a" stroke="#e2b83a" stroke-width="2"/>`;
    }
  } else {
    s += `<path d="M${x0 + 20} ${yb - 30} Q${x0 + len / 2} ${yb - 100} ${x0 + len - 20} ${yb - 30}Z" fill="#e8d2a4"/>`;
    for (let i = 0; i < 50; i++)
      s += `<circle cx="${n(rnd(c, x0 + 60, x0 + len - 60))}" cy="${n(rnd(c, yb - 70, yb - 36))}" r="${n(rnd(c, 3, 6))}" fill="#c9a26a" opacity="0.7"/>`;
    for (let k = 0; k < 4; k++)
      s += `<ellipse cx="${x0 + 130 + k * 200}" cy="${yb - 66}" rx="34" ry="20" fill="#fdfbf5"/><ellipse cx="${x0 + 130 + k * 200}" cy="${yb - 66}" rx="16" ry="12" fill="#f2b01e"/>`;
  }
  // tomato slices peeking
  for (let k = 0; k < 6; k++) {
    const x = x0 + 70 + k * 150;
    s += `<path d="M${x - 50} ${yb - 50} Q${x} ${yb - 20} ${x + 50} ${yb - 50} L${x + 46} ${yb - 70} L${x - 46} ${yb - 70}Z" fill="#d8322a"/>`;
  }
  // top bread
  const top = `M${x0 - 6} ${yb - 70} Q${x0 - 16} ${yb - 250} ${x0 + 160} ${yb - 260} L${x0 + len - 160} ${yb - 260} Q${x0 + len + 16} ${yb - 250} ${x0 + len + 6} ${yb - 70}Z`;
  s += `<path d="${top}" fill="${bun(c, bread, 0.35)}"/>`;
  s += `<path d="M${x0 - 4} ${yb - 78} L${x0 + len + 4} ${yb - 78} L${x0 + len + 6} ${yb - 66} L${x0 - 6} ${yb - 66}Z" fill="#f7e7c4"/>`;
  if (st === 0) {
    for (let k = 0; k < 5; k++) {
      const x = x0 + 140 + k * 150;
      s += `<path d="M${x} ${yb - 200} Q${x + 60} ${yb - 250} ${x + 110} ${yb - 225}" stroke="#8a4a18" stroke-width="16" fill="none" stroke-linecap="round"/><path d="M${x + 4} ${yb - 204} Q${x + 60} ${yb - 246} ${x + 106} ${yb - 228}" stroke="#f0c47a" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    }
  } else {
    for (let i = 0; i < 300; i++) {
      const x = rnd(c, x0 + 40, x0 + len - 40);
      const y = rnd(c, yb - 250, yb - 120);
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rnd(c, 1, 3))}" fill="#fbf4e6" opacity="0.6"/>`;
    }
  }
  s += `<ellipse cx="${x0 + 260}" cy="${yb - 220}" rx="160" ry="22" fill="url(#glo)" opacity="0.3"/>`;
  return s;
}

// Shop front: drawn in canvas pixels, full frame.
function drawShopFront(c: Ctx, W: number, H: number): string {
  const awnings: [string, string][] = [
    ["#2f6b4f", "#f3ead8"],
    ["#8c2f39", "#f3ead8"],
    ["#2d4a6b", "#f3ead8"],
    ["#b0562a", "#f6ecd8"],
  ];
  const [aw1, aw2] = at(awnings, c.style);
  const evening = c.comp % 2 === 1 || c.style % 4 === 2;
  let s = `<rect width="${W}" height="${H}" fill="${evening ? "#c98d5c" : "#dccab0"}"/>`;
  // Jerusalem stone blocks
  const rowH = H / 11;
  for (let r = 0; r < 12; r++) {
    let x = -rnd(c, 0, 120);
    while (x < W) {
      const bw = rnd(c, 120, 220);
      const tone = mix(pick(c, ["#e6d3b3", "#dcc6a0", "#e9dabf", "#d8c09a", "#e2cba6"]), "#000000", evening ? 0.08 : 0);
      s += `<rect x="${n(x + 2)}" y="${n(r * rowH + 2)}" width="${n(bw - 4)}" height="${n(rowH - 4)}" rx="4" fill="${tone}"/>`;
      for (let k = 0; k < 5; k++)
        s += `<circle cx="${n(x + rnd(c, 6, bw - 6))}" cy="${n(r * rowH + rnd(c, 6, rowH - 6))}" r="${n(rnd(c, 1, 3))}" fill="#8a7454" opacity="0.3"/>`;
      x += bw;
    }
  }
  // arched window and door
  const winW = W * 0.36;
  const winX = W * 0.12;
  const winY = H * 0.34;
  const winH = H * 0.48;
  const doorW = W * 0.16;
  const doorX = W * 0.62;
  const interior = radial(
    c,
    [
      [0, "#ffe2a0"],
      [0.6, "#f2a94e"],
      [1, "#9a5220"],
    ],
    { cx: 0.5, cy: 0.45, r: 0.7 },
  );
  const arch = (x: number, y: number, w: number, h: number) =>
    `M${n(x)} ${n(y + h)} L${n(x)} ${n(y + w / 2)} A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w)} ${n(y + w / 2)} L${n(x + w)} ${n(y + h)}Z`;
  s += `<path d="${arch(winX - 18, winY - 18, winW + 36, winH + 18)}" fill="#cbb48e"/>`;
  s += `<path d="${arch(winX, winY, winW, winH)}" fill="${interior}"/>`;
  // shelves with breads in the window
  for (let k = 0; k < 3; k++) {
    const sy = winY + winH * (0.45 + k * 0.2);
    s += `<rect x="${n(winX)}" y="${n(sy)}" width="${n(winW)}" height="8" fill="#6a3a1a"/>`;
    let x = winX + 20;
    while (x < winX + winW - 60) {
      const bw = rnd(c, 50, 90);
      const bh = rnd(c, 28, 46);
      s += `<ellipse cx="${n(x + bw / 2)}" cy="${n(sy - bh / 2 + 4)}" rx="${n(bw / 2)}" ry="${n(bh / 2)}" fill="${bun(c, pick(c, ["#c77a35", "#a8602a", "#d89a52", "#8a4a1c"]), 0.35)}"/>`;
      x += bw + rnd(c, 6, 20);
    }
  }
  s += `<path d="M${n(winX + winW / 2)} ${n(winY)} V${n(winY + winH)} M${n(winX)} ${n(winY + winH * 0.3)} H${n(winX + winW)}" stroke="#3a2a1a" stroke-width="7"/>`;
  s += `<path d="${arch(winX, winY, winW, winH)}" fill="none" stroke="#3a2a1a" stroke-width="10"/>`;
  s += `<path d="M${n(winX + 30)} ${n(winY + winH * 0.2)} L${n(winX + winW * 0.35)} ${n(winY + 30)}" stroke="#ffffff" stroke-width="22" opacity="0.15"/>`;
  // door
  s += `<path d="${arch(doorX - 14, winY - 14, doorW + 28, H * 0.6 + 14)}" fill="#cbb48e"/>`;
  s += `<path d="${arch(doorX, winY, doorW, H * 0.6)}" fill="${linear(c, [
    [0, aw1],
    [1, darken(aw1, 0.35)],
  ])}"/>`;
  s += `<path d="${arch(doorX + 18, winY + 18, doorW - 36, H * 0.32)}" fill="${interior}" opacity="0.9"/>`;
  s += `<circle cx="${n(doorX + doorW - 24)}" cy="${n(winY + H * 0.42)}" r="7" fill="#e0b84a"/>`;
  // awning over the window
  const awY = winY - H * 0.13;
  const awH = H * 0.1;
  const ax0 = winX - 40;
  const ax1 = winX + winW + 40;
  const stripes = 10;
  const sw = (ax1 - ax0) / stripes;
  s += `<path d="M${n(ax0)} ${n(awY + awH + 40)} L${n(ax1)} ${n(awY + awH + 40)} L${n(ax1 + 10)} ${n(awY + awH + 80)} L${n(ax0 - 10)} ${n(awY + awH + 80)}Z" fill="#000000" opacity="0.18"/>`;
  for (let i = 0; i < stripes; i++) {
    const x = ax0 + i * sw;
    s += `<path d="M${n(x + 8)} ${n(awY)} L${n(x + sw + 8)} ${n(awY)} L${n(x + sw)} ${n(awY + awH)} L${n(x)} ${n(awY + awH)}Z" fill="${i % 2 ? aw2 : aw1}"/>`;
    s += `<path d="M${n(x)} ${n(awY + awH)} A${n(sw / 2)} ${n(sw / 2.4)} 0 0 0 ${n(x + sw)} ${n(awY + awH)}Z" fill="${i % 2 ? aw2 : aw1}"/>`;
  }
  s += `<path d="M${n(ax0 + 8)} ${n(awY)} L${n(ax1 + 8)} ${n(awY)} L${n(ax1)} ${n(awY + awH)} L${n(ax0)} ${n(awY + awH)}Z" fill="${linear(
    c,
    [
      [0, "#ffffff", 0.25],
      [1, "#000000", 0.2],
    ],
  )}"/>`;
  // blank wooden sign with a wheat emblem
  const sx = doorX - 10;
  const sy = H * 0.12;
  s += `<rect x="${n(sx)}" y="${n(sy)}" width="${n(doorW + 20)}" height="${n(H * 0.1)}" rx="10" fill="#6a3a1a" stroke="#3a1e0c" stroke-width="5"/>`;
  const wx = sx + (doorW + 20) / 2;
  const wy = sy + H * 0.05;
  s += `<path d="M${n(wx)} ${n(wy + 30)} V${n(wy - 28)}" stroke="#e8c46a" stroke-width="4"/>`;
  for (let k = 0; k < 4; k++) {
    s += `<ellipse cx="${n(wx - 9)}" cy="${n(wy - 20 + k * 12)}" rx="9" ry="4.5" fill="#e8c46a" transform="rotate(-35 ${n(wx - 9)} ${n(wy - 20 + k * 12)})"/><ellipse cx="${n(wx + 9)}" cy="${n(wy - 20 + k * 12)}" rx="9" ry="4.5" fill="#e8c46a" transform="rotate(35 ${n(wx + 9)} ${n(wy - 20 + k * 12)})"/>`;
  }
  // lamp
  s += `<circle cx="${n(doorX + doorW + 60)}" cy="${n(winY + 30)}" r="18" fill="#ffe7a8"/><circle cx="${n(doorX + doorW + 60)}" cy="${n(winY + 30)}" r="70" fill="url(#glo)" opacity="${evening ? 0.35 : 0.12}"/>`;
  // sidewalk
  const gy = H * 0.86;
  s += `<rect x="0" y="${n(gy)}" width="${W}" height="${n(H - gy)}" fill="#b8a68a"/>`;
  for (let x = -40; x < W; x += 90) s += `<path d="M${x} ${n(gy)} L${x - 60} ${H}" stroke="#8a7a62" stroke-width="2"/>`;
  s += `<path d="M0 ${n(gy + 40)} H${W}" stroke="#8a7a62" stroke-width="2"/>`;
  // plants in pots
  for (const px of [winX - 70, doorX + doorW + 90, W * 0.93]) {
    s += `<path d="M${n(px - 40)} ${n(gy - 70)} L${n(px + 40)} ${n(gy - 70)} L${n(px + 30)} ${n(gy + 6)} L${n(px - 30)} ${n(gy + 6)}Z" fill="#b35a2e"/>`;
    for (let k = 0; k < 26; k++) {
      const [lx, ly] = inEllipse(c, px, gy - 130, 70, 70);
      s += `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="14" ry="7" fill="${pick(c, ["#4f7a3a", "#3e6a2e", "#6a9a4a"])}" transform="rotate(${n(rnd(c, 0, 180))} ${n(lx)} ${n(ly)})"/>`;
    }
    for (let k = 0; k < 6; k++) {
      const [lx, ly] = inEllipse(c, px, gy - 140, 55, 55);
      s += `<circle cx="${n(lx)}" cy="${n(ly)}" r="7" fill="${pick(c, ["#d8324a", "#f2f0e8", "#e86a9a"])}"/>`;
    }
  }
  // light
  s += `<rect width="${W}" height="${H}" fill="${linear(
    c,
    evening
      ? [
          [0, "#3a1e4a", 0.35],
          [0.5, "#ff9a4a", 0.08],
          [1, "#1a0c04", 0.35],
        ]
      : [
          [0, "#fff4d8", 0.25],
          [1, "#1a0c04", 0.15],
        ],
    0,
    0,
    1,
    1,
  )}"/>`;
  return s;
}

function drawAssortment(c: Ctx): string {
  const items: [(c: Ctx) => string, number, number, number][] = [
    [drawChallah, 360, 300, 0.55],
    [drawCroissant, 860, 290, 0.5],
    [drawCookies, 330, 640, 0.45],
    [drawRugelach, 850, 650, 0.45],
  ];
  let s = "";
  for (const [f, x, y, sc] of items)
    s += `<g transform="translate(${x - 600 * sc} ${y - 470 * sc}) scale(${sc})">${f(c)}</g>`;
  return s;
}

const DRAW: Record<Exclude<ArtKind, "shopFront">, (c: Ctx) => string> = {
  challah: drawChallah,
  croissant: drawCroissant,
  layerCake: drawLayerCake,
  cheesecake: drawCheesecake,
  loafCake: drawLoafCake,
  cookies: drawCookies,
  rugelach: drawRugelach,
  bourekas: drawBourekas,
  bagel: drawBagel,
  sourdough: drawSourdough,
  babka: drawBabka,
  muffins: drawMuffins,
  tart: drawTart,
  quiche: drawQuiche,
  macarons: drawMacarons,
  sufganiyot: drawSufganiyot,
  focaccia: drawFocaccia,
  pizza: drawPizza,
  sandwich: drawSandwich,
  assortment: drawAssortment,
};

const BACKDROPS: Record<Exclude<ArtKind, "shopFront">, Backdrop[]> = {
  challah: ["linen", "wood", "darkWood", "paper"],
  croissant: ["marble", "wood", "slate", "linen"],
  layerCake: ["pastel", "marble", "darkWood", "linen"],
  cheesecake: ["linen", "pastel", "wood", "marble"],
  loafCake: ["wood", "linen", "marble", "darkWood"],
  cookies: ["paper", "darkWood", "marble", "slate"],
  rugelach: ["paper", "slate", "wood"],
  bourekas: ["paper", "darkWood", "slate"],
  bagel: ["wood", "linen", "darkWood"],
  sourdough: ["darkWood", "linen", "slate", "wood"],
  babka: ["marble", "linen", "darkWood"],
  muffins: ["pastel", "wood", "linen"],
  tart: ["marble", "slate", "linen", "pastel"],
  quiche: ["wood", "linen", "slate"],
  macarons: ["pastel", "marble", "linen"],
  sufganiyot: ["slate", "darkWood", "pastel", "paper"],
  focaccia: ["darkWood", "paper", "linen"],
  pizza: ["darkWood", "slate", "wood"],
  sandwich: ["paper", "darkWood", "marble"],
  assortment: ["darkWood", "linen", "wood"],
};

/** Build the SVG document for a spec (exported for debugging). */
export function artworkSvg(spec: ArtSpec, size: { width: number; height: number }): string {
  const W = Math.round(size.width);
  const H = Math.round(size.height);
  const variant = Math.abs(Math.trunc(spec.variant));
  const c: Ctx = {
    rng: mulberry32(hashString(spec.kind) ^ Math.imul(variant + 1, 2654435761)),
    defs: [],
    count: 0,
    style: variant % 10,
    comp: Math.floor(variant / 10),
  };
  let body: string;
  if (spec.kind === "shopFront") {
    body = drawShopFront(c, W, H) + lighting(c, W, H, 0.6);
  } else {
    const prefs = BACKDROPS[spec.kind];
    const bd = at(prefs, c.style + c.comp * 2);
    const s = Math.min(W / 1200, H / 900);
    const zoom = 0.92 + ((c.comp * 37 + c.style * 11) % 10) / 100;
    const tilt = spec.kind === "assortment" ? 0 : ((c.comp * 5 + c.style * 3) % 7) - 3;
    const ox = W / 2;
    const oy = H / 2;
    const item = DRAW[spec.kind](c);
    body =
      backdrop(c, bd, W, H) +
      `<g transform="translate(${n(ox)} ${n(oy)}) scale(${Math.round(s * zoom * 1000) / 1000}) rotate(${tilt}) translate(-600 -470)">${item}</g>` +
      lighting(c, W, H);
  }
  const shared =
    '<radialGradient id="shd"><stop offset="0" stop-color="#1e0f05" stop-opacity="0.9"/><stop offset="0.55" stop-color="#1e0f05" stop-opacity="0.55"/><stop offset="1" stop-color="#1e0f05" stop-opacity="0"/></radialGradient>' +
    '<radialGradient id="glo"><stop offset="0" stop-color="#fff8ea" stop-opacity="1"/><stop offset="0.5" stop-color="#fff8ea" stop-opacity="0.6"/><stop offset="1" stop-color="#fff8ea" stop-opacity="0"/></radialGradient>';
  return cheapOpacity(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${shared}${c.defs.join("")}</defs>${body}</svg>`,
  );
}

/**
 * librsvg renders `opacity` on a shape through an offscreen group; for single
 * shapes fill-opacity/stroke-opacity give the same result much faster.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(
    /<(ellipse|circle|rect|path)\b([^>]*?) opacity="([\d.]+)"([^>]*)>/g,
    (_m, tag: string, a: string, op: string, b: string) => {
      const attrs = a + b;
      const noFill = /fill="none"/.test(attrs);
      const hasStroke = /stroke="(?!none)/.test(attrs);
      let rep = "";
      if (!noFill) rep += ` fill-opacity="${op}"`;
      if (hasStroke) rep += ` stroke-opacity="${op}"`;
      return `<${tag}${a}${rep}${b}>`;
    },
  );
}

/** Render a PNG for the spec at the given size. Deterministic for a given spec and size. */
export async function renderArtwork(spec: ArtSpec, size: { width: number; height: number }): Promise<Buffer> {
  const svg = artworkSvg(spec, size);
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

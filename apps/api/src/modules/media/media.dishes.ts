// One picture per dish type (decision 074), all in the same flat style: seen from above, drawn
// in a 100 x 100 box centred on 0,0 (the plate's rim at radius 48), one soft shadow offset down
// and right, no outlines, food colours fixed per type so the picture reads as that food. The
// caller places and scales the box; `r` only varies the rotation and small details.
import type { DishType } from '@caterway/domain';

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
}

const c = (x: number, y: number, r: number, f: string, extra = '') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${f}"${extra}/>`;
const e = (x: number, y: number, rx: number, ry: number, f: string, extra = '') =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${f}"${extra}/>`;
const R = (x: number, y: number, w: number, h: number, rx: number, f: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${f}"${extra}/>`;
const P = (d: string, f: string, extra = '') => `<path d="${d}" fill="${f}"${extra}/>`;
const S = (d: string, stroke: string, w: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;
const g = (x: number, y: number, a: number, body: string) =>
  `<g transform="translate(${x} ${y}) rotate(${a})">${body}</g>`;
const SHADOW = ' opacity=".14"';

const roundShadow = (r = 48) => c(3, 5, r, '#000', SHADOW);
const plate = () => roundShadow() + c(0, 0, 48, '#FFFDF8') + c(0, 0, 38, '#F3EEE6');
const bowl = (glaze: string, inside: string) => roundShadow(46) + c(0, 0, 46, glaze) + c(0, 0, 40, inside);
const board = (w = 96, h = 66) =>
  R(3 - w / 2, 5 - h / 2, w, h, 8, '#000', SHADOW) +
  R(-w / 2, -h / 2, w, h, 8, '#A47148') +
  R(4 - w / 2, 4 - h / 2, w - 8, h - 8, 6, '#B98157');
const herbs = (pts: number[][]) =>
  pts.map(([x, y]) => e(x!, y!, 3, 1.6, '#4F9D4A', ` transform="rotate(${(x! * 7) % 180} ${x} ${y})"`)).join('');
const ring = (n: number, d: number, draw: (x: number, y: number, i: number) => string, turn = 0) => {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = turn + (i / n) * Math.PI * 2;
    out += draw(Math.round(Math.cos(a) * d), Math.round(Math.sin(a) * d), i);
  }
  return out;
};
const WEDGE = 'M0 0h39a39 39 0 0 1 -39 39z';
const GLAZES = ['#264653', '#3D5A80', '#9C6644', '#E76F51', '#457B9D', '#2A9D8F'] as const;

type Draw = (r: Rng) => string;

/** Half of a sandwich cut corner to corner, pushed off the cut so the filling shows. */
const HALF_SANDWICH = g(
  2,
  2,
  0,
  P('M-17 17h34v-34z', '#B7793F') +
    P('M-10 15h25v-25z', '#EFCB8A') +
    S('M-15 15l30 -30', '#6A994E', 5) +
    S('M-11 17l28 -28', '#E07A5F', 3),
);

const maki = (x: number, y: number, fill: string) =>
  c(x, y, 11, '#1F2D24') + c(x, y, 8.5, '#FAFAF5') + c(x, y, 4, fill);
const cup = (liquid: string, top: string) =>
  plate() + R(18, -5, 20, 10, 5, '#E9E4DA') + c(0, 0, 26, '#FFFFFF') + c(0, 0, 21, liquid) + top;
const glass = (x: number, y: number, liquid: string, extra: string) =>
  c(x + 3, y + 5, 22, '#000', SHADOW) + c(x, y, 22, '#E3EEF0') + c(x, y, 18, liquid) + extra;
const straw = (x: number, y: number) => S(`M${x} ${y}l16 -20`, '#E63946', 3);
const muffins = (top: string, dots: string) =>
  plate() +
  [
    [-17, -17],
    [17, -17],
    [-17, 17],
    [17, 17],
  ]
    .map(
      ([x, y]) =>
        c(x!, y!, 16, '#F3E9DC') + c(x!, y!, 13, top) + c(x! - 3, y! - 4, 3, dots) + c(x! + 4, y! + 2, 2.5, dots),
    )
    .join('');

export const drawings: Record<DishType, Draw> = {
  plate: (r) =>
    plate() +
    e(-8, 0, 20, 15, '#C8553D') +
    c(15, -9, 11, '#F4A261') +
    c(11, 14, 9, '#6A994E') +
    herbs([
      [-8, -4],
      [r.int(-10, 10), 22],
    ]),
  bowl: (r) =>
    bowl(r.pick(GLAZES), '#E9D8A6') +
    P(WEDGE, '#6A994E') +
    e(20, 12, 8, 4, '#90BE6D') +
    e(12, 24, 8, 4, '#90BE6D') +
    g(0, 0, 90, P(WEDGE, '#B5651D') + S('M8 6l10 14M16 2l12 12', '#8A4B17', 2)) +
    g(0, 0, 180, P(WEDGE, '#F4E3B5') + ring(5, 18, (x, y) => c(Math.abs(x) + 4, Math.abs(y) + 4, 4, '#E9C46A'))) +
    g(0, 0, 270, P(WEDGE, '#FCE1E4') + c(14, 12, 6, '#E63946') + c(26, 12, 5, '#E63946') + c(16, 26, 5, '#9BC53D')) +
    c(0, 0, 8, '#FFF6DD'),
  sushi: (r) =>
    board(96, 62) +
    [-28, 0, 28]
      .map(
        (x, i) =>
          maki(x, -13, ['#F4845F', '#7FB069', '#D62839'][i]!) +
          maki(x, 13, ['#7FB069', '#D62839', '#F4845F'][(i + r.int(0, 2)) % 3]!),
      )
      .join('') +
    e(40, -24, 6, 4, '#F5B0A6') +
    c(40, 22, 4, '#8DB44A'),
  nigiri: () =>
    board(96, 62) +
    [-30, -10, 10, 30]
      .map((x, i) =>
        g(
          x,
          0,
          -15,
          R(-8, -18, 16, 36, 8, '#FAFAF5') +
            R(-9, -20, 18, 40, 9, i % 2 ? '#E8554E' : '#F4845F') +
            S('M-6 -8l12 -4M-6 2l12 -4M-6 12l12 -4', '#FFE3D6', 1.5),
        ),
      )
      .join(''),
  poke: (r) =>
    bowl(r.pick(GLAZES), '#FAF6EC') +
    [
      [-16, -14],
      [-6, -20],
      [-20, -2],
      [-8, -8],
    ]
      .map(([x, y]) => R(x!, y!, 9, 9, 2, '#F4845F'))
      .join('') +
    [0, 1, 2].map((i) => e(16, -12 + i * 8, 12, 3.5, '#9BC53D', ' transform="rotate(-20 16 0)"')).join('') +
    ring(5, 8, (x, y) => c(x - 4, y + 20, 3.5, '#6A994E')) +
    c(18, 18, 6, '#F6BD60') +
    R(-26, 8, 14, 10, 2, '#2F3E2E'),
  bento: () =>
    R(-45, -29, 96, 68, 6, '#000', SHADOW) +
    R(-48, -34, 96, 68, 6, '#2B2D42') +
    R(-44, -30, 44, 60, 3, '#FAF6EC') +
    c(-30, -10, 2, '#222') +
    c(-16, 8, 2, '#222') +
    c(-22, 0, 6, '#D62839') +
    R(4, -30, 40, 28, 3, '#F6E7CB') +
    [0, 1, 2].map((i) => R(8 + i * 12, -26, 10, 20, 3, '#C8782A')).join('') +
    R(4, 2, 40, 28, 3, '#E9F5DB') +
    c(16, 16, 8, '#6A994E') +
    c(32, 16, 7, '#F4A261'),
  ramen: (r) =>
    bowl(r.pick(GLAZES), '#E9B872') +
    S('M-28 4q7 -8 14 0t14 0t14 0t14 0M-26 14q7 -8 14 0t14 0t14 0t12 0M-20 24q7 -8 14 0t14 0t14 0', '#F7E3A1', 3) +
    e(-14, -16, 10, 8, '#FFF') +
    c(-14, -16, 4.5, '#F4A300') +
    c(14, -14, 10, '#C98B5E') +
    c(14, -14, 6, '#F2D0A9') +
    R(-2, -34, 8, 22, 1, '#2F3E2E') +
    herbs([
      [24, 2],
      [-30, -4],
    ]),
  soup: (r) => {
    const soup = r.pick(['#E76F51', '#D9A441', '#C1440E', '#B7B26F']);
    return (
      bowl(r.pick(GLAZES), soup) +
      S('M-12 -4q12 -16 24 0q-12 14 -20 2', '#FFF6E8', 3) +
      R(14, 10, 7, 7, 1, '#D9A066') +
      R(-20, 12, 7, 7, 1, '#D9A066') +
      herbs([
        [0, 18],
        [-16, -18],
        [20, -14],
      ])
    );
  },
  noodles: () =>
    plate() +
    c(0, 0, 30, '#E9C46A') +
    S('M-24 -8q6 -7 12 0t12 0t12 0t12 0M-26 2q6 -7 12 0t12 0t12 0t12 0M-22 12q6 -7 12 0t12 0t12 0', '#D9A441', 2.5) +
    e(-10, -14, 8, 4, '#F28482') +
    e(12, 16, 8, 4, '#F28482') +
    e(14, -10, 6, 6, '#D6A06A') +
    P('M24 20l14 0a14 14 0 0 1 -14 14z', '#9BC53D') +
    herbs([
      [-8, 20],
      [4, -2],
      [18, 4],
    ]),
  dumplings: () =>
    roundShadow() +
    c(0, 0, 48, '#C9A26B') +
    c(0, 0, 43, '#E9C89A') +
    S('M-43 0h86M0 -43v86', '#D4B07A', 1.5) +
    [
      [-18, -16],
      [18, -16],
      [-18, 16],
      [18, 16],
      [0, 0],
    ]
      .map(
        ([x, y]) =>
          c(x!, y!, 12, '#FBF5E9') + S(`M${x! - 6} ${y! - 2}q6 -6 12 0`, '#E3D3B6', 1.5) + c(x!, y! - 4, 2, '#EADDC4'),
      )
      .join(''),
  rolls: () =>
    plate() +
    [-18, -2, 14]
      .map((y) => g(-6, y, -20, R(-24, -6, 48, 12, 6, '#E3A857') + S('M-14 -5v10M-2 -5v10M10 -5v10', '#C98B3D', 1.5)))
      .join('') +
    c(26, 20, 11, '#FFFFFF') +
    c(26, 20, 8, '#C1121F'),
  stirfry: () =>
    plate() +
    [
      [-14, -12],
      [2, -18],
      [16, -6],
      [-18, 6],
      [0, 0],
      [12, 14],
      [-4, 18],
    ]
      .map(([x, y]) => c(x!, y!, 8, '#A4471C') + c(x! - 2, y! - 3, 2.5, '#D9783E'))
      .join('') +
    c(-26, -8, 5, '#3A7D44') +
    c(24, 8, 5, '#3A7D44') +
    c(-8, 26, 5, '#3A7D44') +
    R(18, -22, 12, 4, 2, '#E63946') +
    R(-28, 14, 12, 4, 2, '#F6BD60'),
  rice: () => {
    let grains = '';
    for (let i = 0; i < 14; i++)
      grains += e(
        Math.round(Math.cos(i * 2.4) * (8 + i * 1.5)),
        Math.round(Math.sin(i * 2.4) * (8 + i * 1.5)),
        3,
        1.5,
        '#FFF6DD',
      );
    return (
      plate() +
      c(0, 0, 32, '#EFC46B') +
      grains +
      c(-10, -4, 3, '#6A994E') +
      c(12, 8, 3, '#6A994E') +
      c(4, -14, 3, '#F77F00') +
      c(-14, 14, 3, '#F77F00') +
      herbs([
        [2, 2],
        [-20, -14],
        [18, -10],
      ])
    );
  },
  salad: (r) =>
    bowl(r.pick(['#C8A27A', '#FFFFFF', '#9C6644']), '#EEF5DB') +
    ring(8, 22, (x, y, i) =>
      e(x, y, 15, 8, i % 2 ? '#6A994E' : '#90BE6D', ` transform="rotate(${i * 45 + 90} ${x} ${y})"`),
    ) +
    ring(3, 24, (x, y) => c(x, y, 6, '#E63946') + c(x, y, 3, '#F7A1A1'), 0.5) +
    c(0, 0, 9, '#B7E4C7') +
    c(0, 0, 6, '#E9F5DB') +
    R(6, 8, 7, 7, 1, '#FFFDF2') +
    R(-14, -2, 7, 7, 1, '#FFFDF2'),
  veg: () =>
    plate() +
    ring(
      6,
      18,
      (x, y, i) => e(x, y, 12, 5, '#6A994E', ` transform="rotate(${i * 60 + 30} ${x} ${y})"`) + c(x, y, 2.5, '#A7C957'),
    ) +
    c(0, 0, 8, '#38703A') +
    c(-5, -4, 5, '#4F9D4A') +
    c(5, 3, 5, '#4F9D4A'),
  sandwich: () =>
    plate() +
    [
      [-14, -12, -10],
      [14, 12, 14],
    ]
      .map(([x, y, a]) => g(x!, y!, a!, g(0, 0, 0, HALF_SANDWICH) + g(0, 0, 180, HALF_SANDWICH)))
      .join(''),
  wrap: () =>
    plate() +
    [
      [-4, -18, -15],
      [4, 0, -15],
      [-4, 18, -15],
    ]
      .map(([x, y, a]) =>
        g(
          x!,
          y!,
          a!,
          R(-30, -8, 52, 16, 8, '#EBCB8B') +
            S('M-22 -6l6 12M-8 -6l6 12', '#D9B26F', 1.5) +
            e(22, 0, 6, 8, '#6A994E') +
            c(22, -2, 3, '#E63946') +
            c(22, 3, 2, '#FFF'),
        ),
      )
      .join(''),
  burger: () =>
    plate() +
    c(-4, 2, 34, '#6A994E') +
    R(-30, -26, 46, 46, 4, '#F6C445', ' transform="rotate(12)"') +
    c(-4, 2, 30, '#D08C3A') +
    c(-12, -8, 14, '#DDA15E', ' opacity=".6"') +
    [
      [-14, -10],
      [-2, -16],
      [8, -4],
      [-16, 8],
      [2, 10],
      [10, 18],
    ]
      .map(([x, y]) => e(x!, y!, 2.5, 1.3, '#FFF3D6'))
      .join(''),
  tacos: () =>
    plate() +
    [-22, 0, 22]
      .map((y) =>
        g(
          0,
          y,
          0,
          P('M-26 4a26 26 0 0 1 52 0z', '#F2CC8F') +
            e(0, 2, 24, 6, '#8D5524') +
            c(-14, 0, 3, '#6A994E') +
            c(-4, -2, 3, '#E63946') +
            c(6, 0, 3, '#6A994E') +
            c(15, -1, 3, '#F6C445') +
            P('M-26 4h52a26 9 0 0 1 -52 0z', '#E9B872'),
        ),
      )
      .join('') +
    P('M30 -36l14 4a14 14 0 0 1 -20 10z', '#9BC53D'),
  pizza: () =>
    roundShadow() +
    c(0, 0, 48, '#D9A066') +
    c(0, 0, 42, '#D1495B') +
    c(0, 0, 39, '#F6D08B') +
    ring(7, 24, (x, y) => c(x, y, 6, '#B23A48'), 0.3) +
    ring(3, 12, (x, y) => c(x, y, 5, '#B23A48'), 1) +
    S('M-48 0h96M-24 -42l48 84M24 -42l-48 84', '#D9A066', 1.5) +
    herbs([
      [10, -4],
      [-14, 18],
    ]),
  samosa: () =>
    plate() +
    [
      [-14, -12, 0],
      [14, -8, 40],
      [-2, 16, 200],
    ]
      .map(([x, y, a]) =>
        g(x!, y!, a!, P('M0 -16l16 26h-32z', '#D9A14E') + S('M-16 10h32', '#B97B2E', 2) + c(-4, 0, 2, '#B97B2E')),
      )
      .join('') +
    c(28, 24, 10, '#FFFFFF') +
    c(28, 24, 7, '#5A8F29'),
  macaroni: () => {
    let elbows = '';
    for (let i = 0; i < 12; i++) {
      const x = Math.round(Math.cos(i * 2.4) * (6 + i * 1.8));
      const y = Math.round(Math.sin(i * 2.4) * (6 + i * 1.8));
      elbows += S(`M${x - 4} ${y}a4 4 0 0 0 8 0`, '#E0A526', 3);
    }
    return (
      R(-43, -29, 92, 68, 8, '#000', SHADOW) +
      R(-46, -34, 92, 68, 8, '#F2F2F0') +
      R(-40, -28, 80, 56, 5, '#F6C945') +
      elbows +
      c(-20, -12, 4, '#D98E32') +
      c(22, 14, 4, '#D98E32')
    );
  },
  pasta: () =>
    plate() +
    c(0, 0, 30, '#F2CC8F') +
    ['8', '14', '20', '26']
      .map((rad) => `<circle r="${rad}" fill="none" stroke="#DDAE6A" stroke-width="2"/>`)
      .join('') +
    c(0, 0, 12, '#C1121F') +
    c(-3, -3, 5, '#E04A3F') +
    e(4, -6, 5, 3, '#3A7D44', ' transform="rotate(30 4 -6)"') +
    c(-18, 14, 2, '#FFF') +
    c(16, -18, 2, '#FFF'),
  curry: (r) =>
    plate() +
    e(-18, 0, 18, 26, '#FFFFFF') +
    ring(6, 9, (x, y) => e(x - 18, y, 3, 1.5, '#E6DCC8')) +
    c(12, 0, 26, '#C9CED6') +
    c(12, 0, 23, r.pick(['#D97706', '#C2410C', '#B45309', '#8A9A3B'])) +
    [
      [4, -8],
      [18, -10],
      [10, 8],
      [22, 6],
    ]
      .map(([x, y]) => R(x!, y!, 8, 8, 2, '#F3D2A2'))
      .join('') +
    c(14, -2, 3, '#FFF6E8') +
    herbs([
      [6, 14],
      [20, -14],
      [-18, -8],
    ]),
  skewers: () =>
    plate() +
    [-12, 12]
      .map((y) =>
        g(
          0,
          y,
          -20,
          S('M-44 0h88', '#B08968', 2.5) +
            [-28, -14, 0, 14, 28]
              .map((x, i) => R(x - 6, -7, 12, 14, 3, ['#8D5524', '#E63946', '#8D5524', '#6A994E', '#8D5524'][i]!))
              .join(''),
        ),
      )
      .join(''),
  grill: () =>
    board(96, 66) +
    [-30, -16, -2, 12, 26].map((x) => R(x, -22, 13, 44, 3, '#6F3B1E') + R(x + 2, -19, 9, 38, 2, '#B0643B')).join('') +
    c(-36, 24, 4, '#9BC53D') +
    c(38, -24, 4, '#9BC53D'),
  wings: () =>
    plate() +
    ring(5, 20, (x, y, i) =>
      g(
        x,
        y,
        i * 72 + 90,
        e(0, -2, 10, 13, '#B5541C') +
          c(-3, -6, 4, '#D9783E') +
          R(-2, 9, 4, 10, 2, '#F5EBDD') +
          c(0, 20, 3.5, '#F5EBDD'),
      ),
    ) +
    c(0, 0, 9, '#FFFFFF') +
    c(0, 0, 6, '#F1E3C6'),
  chicken: () =>
    roundShadow() +
    c(0, 0, 48, '#FFFDF8') +
    e(-22, 22, 10, 14, '#B5651D', ' transform="rotate(30 -22 22)"') +
    e(22, 22, 10, 14, '#B5651D', ' transform="rotate(-30 22 22)"') +
    e(0, -2, 30, 26, '#C8782A') +
    e(0, -6, 20, 16, '#DA9545') +
    c(-26, 34, 3.5, '#FFF') +
    c(26, 34, 3.5, '#FFF') +
    P('M34 -30l10 10a12 12 0 0 1 -16 0z', '#F6D743') +
    herbs([
      [-34, -22],
      [-38, 4],
      [36, 8],
    ]),
  fish: () =>
    plate() +
    P('M-30 -10q30 -22 60 -2q6 14 -4 22q-30 12 -56 -4q-6 -8 0 -16z', '#F4A582') +
    S('M-20 -8l6 20M-6 -12l6 22M8 -12l6 22M20 -8l4 16', '#FBD3BF', 2) +
    c(22, 24, 10, '#F6D743') +
    c(22, 24, 7, '#FFF3B0') +
    herbs([
      [-24, 20],
      [-12, 26],
      [-30, -22],
    ]),
  bake: () =>
    R(-43, -29, 92, 68, 8, '#000', SHADOW) +
    R(-46, -34, 92, 68, 8, '#F2F2F0') +
    R(-40, -28, 80, 56, 5, '#E9B96E') +
    c(-22, -10, 8, '#C8782A') +
    c(12, -14, 7, '#C8782A') +
    c(-2, 10, 9, '#C8782A') +
    c(24, 12, 6, '#C8782A') +
    c(-24, 14, 5, '#C1121F') +
    c(18, -2, 5, '#C1121F') +
    herbs([
      [0, -6],
      [-12, 4],
    ]),
  pie: () =>
    plate() +
    c(0, 0, 34, '#C98B5E') +
    c(0, 0, 28, '#F2C14E') +
    P('M0 0l34 0a34 34 0 0 1 -17 29.4z', '#F3EEE6') +
    g(12, 10, 0, P('M0 0l30 0a30 30 0 0 1 -15 26z', '#C98B5E') + P('M2 2l24 0a24 24 0 0 1 -12 20.5z', '#F2C14E')) +
    c(-12, -10, 2, '#E6A23C') +
    c(-4, -18, 2, '#E6A23C'),
  falafel: () =>
    plate() +
    ring(6, 22, (x, y) => c(x, y, 9, '#7A4A22') + c(x - 3, y - 3, 3, '#A86B35')) +
    c(0, 0, 11, '#FFFFFF') +
    c(0, 0, 8, '#EAD9B5') +
    herbs([
      [0, -30],
      [30, 4],
    ]),
  dips: () =>
    board(96, 66) +
    c(-22, -10, 15, '#FFFFFF') +
    c(-22, -10, 12, '#E9D5A7') +
    c(-22, -10, 3, '#C1121F') +
    S('M-30 -12q8 -8 16 0', '#D4B483', 1.5) +
    c(18, -12, 14, '#FFFFFF') +
    c(18, -12, 11, '#9BBF4F') +
    c(15, -14, 2, '#E63946') +
    c(21, -9, 2, '#E63946') +
    [
      [-32, 18],
      [-14, 20],
      [4, 18],
      [22, 18],
    ]
      .map(([x, y], i) => P(`M${x} ${y}l12 -10l4 14z`, i % 2 ? '#F4A261' : '#E9C46A'))
      .join('') +
    R(30, 6, 4, 22, 2, '#F77F00'),
  board: () =>
    board(96, 66) +
    ring(5, 16, (x, y) => c(x - 14, y, 8, '#B23A48') + c(x - 16, y - 2, 1.5, '#F6D5D9')) +
    P('M8 -24l28 8l-28 10z', '#F6D55C') +
    P('M10 6l26 6l-26 10z', '#F3C04B') +
    [
      [30, -2],
      [36, 4],
      [32, 10],
    ]
      .map(([x, y]) => c(x!, y!, 4, '#6D3B74'))
      .join('') +
    R(-40, 18, 12, 8, 1, '#E9C46A'),
  fries: () =>
    R(-27, -25, 60, 60, 10, '#000', SHADOW) +
    R(-30, -30, 60, 60, 10, '#D62828') +
    R(-24, -24, 48, 48, 6, '#F1E3C6') +
    [
      [-16, -12, 20],
      [-4, -8, -10],
      [8, -14, 30],
      [-10, 6, -25],
      [4, 8, 15],
      [14, 2, -5],
      [-2, -18, 60],
    ]
      .map(([x, y, a]) => g(x!, y!, a!, R(-3, -14, 6, 28, 2, '#F6C445')))
      .join('') +
    c(30, 30, 10, '#FFFFFF') +
    c(30, 30, 7, '#C1121F'),
  bread: () =>
    board(96, 66) +
    e(-10, -4, 30, 20, '#E8C28A', ' transform="rotate(-15 -10 -4)"') +
    e(12, 8, 30, 20, '#EBCB8B', ' transform="rotate(10 12 8)"') +
    [
      [-22, -8],
      [-6, -12],
      [4, 4],
      [20, 12],
      [12, 16],
      [-14, 4],
    ]
      .map(([x, y]) => c(x!, y!, 2.5, '#8B5A2B'))
      .join(''),
  croissant: () =>
    board(96, 66) +
    [-20, 20]
      .map((x, k) =>
        g(
          x,
          0,
          k ? 30 : -20,
          [-16, -8, 0, 8, 16]
            .map((dx, i) =>
              e(
                dx,
                Math.abs(dx) * 0.6,
                7 - Math.abs(i - 2) * 1.5 + 3,
                12 - Math.abs(i - 2) * 2,
                i % 2 ? '#D98E32' : '#E9A94B',
              ),
            )
            .join(''),
        ),
      )
      .join(''),
  muffin: () => muffins('#B7773B', '#3D405B'),
  cupcake: () => muffins('#F4A6C0', '#FFFFFF'),
  bagel: () =>
    plate() +
    [-20, 20]
      .map(
        (x, i) =>
          c(x, 0, 18, '#C8843E') +
          (i ? c(x, 0, 14, '#FFFDF6') : e(x - 6, -8, 2, 1, '#FFF3D6') + e(x + 8, 6, 2, 1, '#FFF3D6')) +
          c(x, 0, 5, '#F3EEE6'),
      )
      .join(''),
  pancakes: () =>
    plate() +
    c(0, 0, 34, '#C98B3D') +
    c(0, 0, 31, '#E0A458') +
    R(-7, -7, 14, 14, 2, '#FFE9A8') +
    P('M-6 6q-20 4 -14 16q10 6 24 -6z', '#8A3B12', ' opacity=".75"') +
    c(22, -16, 4, '#3D405B') +
    c(16, -24, 4, '#C1121F'),
  eggs: () =>
    plate() +
    [
      [-12, -10],
      [14, -6],
    ]
      .map(([x, y]) => c(x!, y!, 13, '#FFFFFF') + c(x! + 4, y! + 3, 10, '#FFFFFF') + c(x!, y!, 5.5, '#F4A300'))
      .join('') +
    S('M-22 18q6 -4 12 0t12 0t12 0', '#B5443B', 5) +
    S('M-20 28q6 -4 12 0t12 0t12 0', '#B5443B', 5),
  toast: () =>
    plate() +
    P('M-24 30v-42q0 -20 24 -20q24 0 24 20v42z', '#C68B59') +
    P('M-20 26v-38q0 -16 20 -16q20 0 20 16v38z', '#F0D9A8') +
    P('M-16 18q-2 -26 16 -30q20 2 14 30z', '#9BBF4F') +
    c(-4, 2, 4, '#F28482') +
    c(6, -10, 4, '#F28482') +
    c(2, 14, 1.5, '#C1121F'),
  parfait: () =>
    glass(
      -18,
      -6,
      '#FBF8F1',
      c(-22, -10, 4, '#C1121F') + c(-14, -4, 4, '#3D405B') + c(-20, 2, 3, '#C68B59') + c(-12, -12, 3, '#C68B59'),
    ) +
    glass(
      20,
      12,
      '#FBF8F1',
      c(16, 8, 4, '#3D405B') + c(24, 14, 4, '#C1121F') + c(20, 2, 3, '#C68B59') + c(14, 18, 3, '#C68B59'),
    ),
  oats: (r) =>
    bowl(r.pick(GLAZES), '#E6CFA3') +
    ring(4, 14, (x, y) => c(x, y, 6, '#FFF3B0') + c(x, y, 2, '#E9D8A6')) +
    c(-10, 20, 3.5, '#3D405B') +
    c(8, 22, 3.5, '#3D405B') +
    c(20, -14, 3.5, '#3D405B'),
  acai: () =>
    bowl('#FFFFFF', '#5B2A6E') +
    ring(4, 16, (x, y) => c(x, y, 6, '#FFF3B0') + c(x, y, 2, '#E9D8A6')) +
    c(-10, 0, 5, '#E63946') +
    c(10, 4, 4, '#3D405B') +
    c(0, -8, 3, '#C68B59'),
  fruit: () =>
    plate() +
    P('M-32 -4l24 -26l6 6z', '#E63946') +
    S('M-32 -4l24 -26', '#6A994E', 3) +
    c(16, -14, 10, '#7FB069') +
    c(16, -14, 6, '#C5E17A') +
    [
      [-14, 16],
      [-6, 24],
      [4, 20],
      [-2, 12],
    ]
      .map(([x, y]) => c(x!, y!, 5, '#6D3B74'))
      .join('') +
    R(14, 6, 10, 10, 2, '#F6C445') +
    R(24, 14, 10, 10, 2, '#F6C445') +
    e(-24, 10, 6, 7, '#D62839') +
    c(-14, -18, 7, '#F77F00'),
  cookies: () =>
    plate() +
    ring(
      4,
      20,
      (x, y) =>
        c(x, y, 13, '#C68B59') +
        c(x - 4, y - 3, 2.5, '#4A2C2A') +
        c(x + 4, y + 2, 2.5, '#4A2C2A') +
        c(x, y + 6, 2, '#4A2C2A'),
      0.785,
    ) +
    R(-9, -9, 18, 18, 2, '#5C3A21'),
  cake: () =>
    plate() +
    P('M-26 -14l52 -14v40l-52 14z', '#F3D9A4') +
    S('M-26 0l52 -14M-26 12l52 -14', '#FFFFFF', 3) +
    S('M-26 6l52 -14', '#C1121F', 2) +
    P('M-26 -14l52 -14l0 -4l-52 14z', '#F7D6E0') +
    c(12, -30, 5, '#E63946'),
  donuts: () =>
    plate() +
    c(0, 0, 30, '#E9A23B', ' opacity=".35"') +
    ring(6, 18, (x, y) => c(x, y, 9, '#8A3B12') + c(x - 3, y - 3, 3, '#FFF', ' opacity=".35"')) +
    c(0, 0, 9, '#8A3B12'),
  churros: () =>
    plate() +
    [-14, -4, 6, 16]
      .map((y) => g(-4, y, -20, R(-26, -4, 52, 8, 4, '#C9852D') + S('M-22 0h44', '#A4661F', 1.5)))
      .join('') +
    c(28, 22, 11, '#FFFFFF') +
    c(28, 22, 8, '#4A2C2A'),
  icecream: () =>
    bowl('#FFFFFF', '#F3EEE6') +
    c(-12, -8, 14, '#F4A6C0') +
    c(12, -6, 14, '#F6BD60') +
    c(0, 12, 14, '#FFF3D6') +
    P('M18 12l20 6l-18 8z', '#E0A458') +
    e(-4, -20, 4, 2, '#4F9D4A'),
  coffee: () => cup('#6F4E37', c(0, 0, 14, '#C89F73') + P('M0 6l-8 -8a4 4 0 0 1 8 -3a4 4 0 0 1 8 3z', '#F1DEC6')),
  tea: () => cup('#C97C2F', c(-10, -8, 6, '#F6D743', ' opacity=".9"') + R(22, 18, 14, 12, 2, '#FFFFFF')),
  juice: () =>
    glass(-14, -4, '#F79D1E', straw(-12, -6)) +
    glass(20, 14, '#F79D1E', straw(22, 12)) +
    P('M-36 -22a12 12 0 0 1 24 0z', '#F9C74F'),
  // two flavours, so a green smoothie and a berry one both read right
  smoothie: () =>
    glass(-14, -4, '#E56B8A', straw(-12, -6) + c(-20, -10, 4, '#C1121F')) +
    glass(20, 14, '#8CB369', straw(22, 12) + e(14, 10, 4, 2, '#4F9D4A')),
  soda: (r) =>
    [
      [-18, -16],
      [18, -12],
      [-4, 18],
    ]
      .map(
        ([x, y]) =>
          c(x! + 3, y! + 5, 16, '#000', SHADOW) +
          c(x!, y!, 16, r.pick(['#D62828', '#3D5A80', '#2A9D8F', '#F4A261'])) +
          c(x!, y!, 13, '#D7DBE0') +
          e(x!, y! - 5, 4, 2.5, '#AEB4BC') +
          c(x!, y! + 4, 2, '#AEB4BC'),
      )
      .join(''),
};

/** One dish of a kind, centred on (cx, cy) with radius `size` and a small random turn. */
export function drawDish(r: Rng, type: DishType, cx: number, cy: number, size: number): string {
  const k = Math.round((size / 48) * 100) / 100;
  const body = drawings[type](r);
  return `<g transform="translate(${cx} ${cy}) scale(${k}) rotate(${r.int(-12, 12)})">${body}</g>`;
}

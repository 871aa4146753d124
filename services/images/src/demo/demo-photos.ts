import sharp from 'sharp';

/**
 * Photos for the demo orders, drawn from SVG so no binary files live in the repository: a
 * car outdoors (sky, hills, asphalt, the car with glass, rims and lights, its shadow) as a
 * phone takes it, or a dashboard for interior positions.
 */
const W = 1600;
const H = 1200;
const CAR_COLOURS = ['#b3202a', '#1d4e89', '#2f6b3a', '#d8d8d0', '#202020', '#c77d12'];

function exteriorSvg(variant: number, position: number): string {
  const car = CAR_COLOURS[variant % CAR_COLOURS.length];
  // the car sits a little differently on every position, as a photographer walks round it
  const dx = ((position * 37 + variant * 11) % 9) * 0.01 - 0.04;
  const x = (f: number) => W * (f + dx);
  const stripes = Array.from({ length: 24 }, (_, i) => `<rect y="${H * (0.56 + (i * 0.44) / 24)}" width="${W}" height="3" fill="#5a5a56" fill-opacity="0.5"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb0dc"/><stop offset="1" stop-color="#dfe8ef"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.35" stop-color="${car}" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H * 0.56}" fill="url(#sky)"/>
  <path d="M0 ${H * 0.5} Q ${W * 0.25} ${H * 0.44} ${W * 0.5} ${H * 0.49} T ${W} ${H * 0.47} L ${W} ${H * 0.56} L 0 ${H * 0.56} Z" fill="#8fa39a"/>
  <rect y="${H * 0.56}" width="${W}" height="${H * 0.44}" fill="#6e6e69"/>${stripes}
  <ellipse cx="${x(0.5)}" cy="${H * 0.745}" rx="${W * 0.34}" ry="${H * 0.025}" fill="#2a2a28" fill-opacity="0.6"/>
  <rect x="${x(0.18)}" y="${H * 0.42}" width="${W * 0.64}" height="${H * 0.22}" rx="${H * 0.04}" fill="${car}"/>
  <rect x="${x(0.18)}" y="${H * 0.42}" width="${W * 0.64}" height="${H * 0.22}" rx="${H * 0.04}" fill="url(#body)"/>
  <path d="M ${x(0.3)} ${H * 0.43} L ${x(0.38)} ${H * 0.3} L ${x(0.62)} ${H * 0.3} L ${x(0.72)} ${H * 0.43} Z" fill="${car}"/>
  <path d="M ${x(0.33)} ${H * 0.42} L ${x(0.395)} ${H * 0.32} L ${x(0.49)} ${H * 0.32} L ${x(0.49)} ${H * 0.42} Z" fill="#2b3440"/>
  <path d="M ${x(0.51)} ${H * 0.42} L ${x(0.51)} ${H * 0.32} L ${x(0.605)} ${H * 0.32} L ${x(0.69)} ${H * 0.42} Z" fill="#2b3440"/>
  <rect x="${x(0.79)}" y="${H * 0.47}" width="${W * 0.025}" height="${H * 0.03}" rx="${H * 0.01}" fill="#fff5c0"/>
  <circle cx="${x(0.3)}" cy="${H * 0.66}" r="${H * 0.08}" fill="#1a1a1a"/><circle cx="${x(0.3)}" cy="${H * 0.66}" r="${H * 0.045}" fill="#9a9ea3"/>
  <circle cx="${x(0.7)}" cy="${H * 0.66}" r="${H * 0.08}" fill="#1a1a1a"/><circle cx="${x(0.7)}" cy="${H * 0.66}" r="${H * 0.045}" fill="#9a9ea3"/>
</svg>`;
}

function interiorSvg(variant: number): string {
  const trim = CAR_COLOURS[variant % CAR_COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#d9dde2"/>
  <rect y="${H * 0.08}" width="${W}" height="${H * 0.36}" fill="#eef3f7"/>
  <path d="M0 ${H * 0.44} Q ${W * 0.5} ${H * 0.34} ${W} ${H * 0.44} L ${W} ${H} L 0 ${H} Z" fill="#2d2f33"/>
  <rect x="${W * 0.08}" y="${H * 0.5}" width="${W * 0.84}" height="${H * 0.05}" rx="12" fill="${trim}" fill-opacity="0.8"/>
  <circle cx="${W * 0.3}" cy="${H * 0.72}" r="${H * 0.17}" fill="none" stroke="#111" stroke-width="${H * 0.035}"/>
  <rect x="${W * 0.52}" y="${H * 0.58}" width="${W * 0.2}" height="${H * 0.14}" rx="10" fill="#0f1a24"/>
  <rect x="${W * 0.54}" y="${H * 0.6}" width="${W * 0.16}" height="${H * 0.1}" fill="#3d7fb8"/>
  <circle cx="${W * 0.8}" cy="${H * 0.66}" r="${H * 0.04}" fill="#555"/>
</svg>`;
}

/** A demo photo as the mobile app uploads it: a JPEG of 1600x1200. */
export function demoPhoto(variant: number, position: number, interior: boolean): Promise<Buffer> {
  const svg = interior ? interiorSvg(variant + position) : exteriorSvg(variant, position);
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

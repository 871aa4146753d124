import sharp from 'sharp';

/**
 * Pictures for the demo data, drawn from SVG so no binary files live in the repository:
 * a logo, a studio background and floor, angle overlays and car-type icons.
 */
const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

export function demoLogo(): Promise<Buffer> {
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
    <rect x="4" y="4" width="472" height="152" rx="28" fill="#1f3a5f"/>
    <path d="M70 104 L100 70 L190 62 L240 86 L300 90 L300 110 L70 110 Z" fill="#f5b700"/>
    <circle cx="115" cy="112" r="16" fill="#ffffff"/><circle cx="255" cy="112" r="16" fill="#ffffff"/>
    <rect x="330" y="52" width="110" height="16" rx="8" fill="#ffffff"/>
    <rect x="330" y="80" width="80" height="16" rx="8" fill="#9fb3c8"/>
  </svg>`);
}

export function demoBackground(): Promise<Buffer> {
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
    <defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#fafafa"/><stop offset="1" stop-color="#c9ced6"/></radialGradient></defs>
    <rect width="1920" height="1080" fill="url(#g)"/>
  </svg>`);
}

export function demoFloor(): Promise<Buffer> {
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="420">
    <defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7bcc4"/><stop offset="1" stop-color="#7d848f"/></linearGradient></defs>
    <rect width="1920" height="420" fill="url(#f)"/>
  </svg>`);
}

/** A transparent overlay that shows the photographer where the car goes for one angle. */
export function demoAngleOverlay(kind: 'exterior' | 'interior', seed: number): Promise<Buffer> {
  const shift = (seed % 5) * 30;
  const shape =
    kind === 'exterior'
      ? `<path d="M${260 + shift} 620 L${380 + shift} 470 L${720} 430 L${900 - shift} 520 L${1020 - shift} 540 L${1020 - shift} 640 L${260 + shift} 640 Z" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="24 14"/>
         <circle cx="${400 + shift}" cy="650" r="60" fill="none" stroke="#ffffff" stroke-width="8"/>
         <circle cx="${880 - shift}" cy="650" r="60" fill="none" stroke="#ffffff" stroke-width="8"/>`
      : `<rect x="220" y="300" width="760" height="360" rx="60" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="24 14"/>
         <circle cx="${600 + shift - 60}" cy="480" r="110" fill="none" stroke="#ffffff" stroke-width="8"/>`;
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <line x1="0" y1="450" x2="1200" y2="450" stroke="#ffffff" stroke-opacity="0.4" stroke-width="3"/>
    ${shape}
  </svg>`);
}

export function demoCarTypeIcon(variant: number): Promise<Buffer> {
  const roof = [70, 50, 60, 40][variant % 4];
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
    <rect width="128" height="128" rx="24" fill="#e8eef5"/>
    <path d="M16 86 L30 ${roof} L92 ${roof} L112 70 L112 86 Z" fill="#1f3a5f"/>
    <circle cx="40" cy="90" r="11" fill="#f5b700"/><circle cx="92" cy="90" r="11" fill="#f5b700"/>
  </svg>`);
}

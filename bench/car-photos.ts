import sharp from 'sharp';

/**
 * The load tests' phone photos: four 1600x1200 JPEGs of a drawn car park with fine grain (each
 * about 0.5 MB, what such a picture weighs from a phone), made once per run.
 */
export async function carPhotos(): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < 4; i++) {
    const hue = 20 + i * 70;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb8e8"/><stop offset="1" stop-color="#dfe9f3"/></linearGradient></defs>
      <rect width="1600" height="700" fill="url(#sky)"/><rect y="700" width="1600" height="500" fill="#6b6b6b"/>
      <rect x="300" y="520" width="1000" height="300" rx="90" fill="hsl(${hue},60%,40%)"/>
      <rect x="450" y="420" width="600" height="160" rx="60" fill="hsl(${hue},40%,30%)"/>
      <circle cx="480" cy="820" r="110" fill="#111"/><circle cx="1120" cy="820" r="110" fill="#111"/>
      <circle cx="480" cy="820" r="55" fill="#bbb"/><circle cx="1120" cy="820" r="55" fill="#bbb"/></svg>`;
    const noise = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
      .png()
      .toBuffer();
    photos.push(
      await sharp(Buffer.from(svg))
        .composite([{ input: noise, blend: 'overlay' }])
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return photos;
}

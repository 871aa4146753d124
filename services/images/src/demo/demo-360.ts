import { createHash } from 'node:crypto';
import { DEMO_ORDERS, type DemoOrder } from '@app/seeding';
import { inTransaction, lockSeeding, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { ImagesConfig } from '../images.config';
import { Media360Files } from '../media360/media360-files';
import type { Media360Frame } from '../media360/media360.entity';
import { Media360Repository } from '../media360/media360.repository';

/** frames of the demo exterior spin, and their size */
const SPIN_FRAMES = 24;
const W = 960;
const H = 720;
/** the demo interior panorama (2:1) */
const PW = 2048;
const PH = 1024;

/** A stable id per demo 360, so seeding again finds what the first run made. */
export const demo360Id = (orderId: string, kind: string) => `00000000-0000-4000-8005-${createHash('sha1').update(`${orderId}:${kind}`).digest('hex').slice(0, 12)}`;

/**
 * One frame of the spin: the car seen from `angle` degrees round it (0: its side), drawn as a
 * body whose length shrinks towards the front and the back and whose lights show on the side
 * that faces the camera.
 */
function spinFrameSvg(angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const side = Math.abs(Math.cos(rad));
  const half = W * (0.14 + 0.2 * side);
  const cx = W / 2;
  const facingFront = Math.sin(rad) > 0;
  const light = facingFront ? '#fff5c0' : '#d0302a';
  const wheel = (dx: number) => `<ellipse cx="${cx + dx}" cy="${H * 0.66}" rx="${H * 0.08 * Math.max(0.35, side)}" ry="${H * 0.08}" fill="#1a1a1a"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H * 0.56}" fill="#cfd8df"/>
  <rect y="${H * 0.56}" width="${W}" height="${H * 0.44}" fill="#8c8c88"/>
  <ellipse cx="${cx}" cy="${H * 0.745}" rx="${half * 1.05}" ry="${H * 0.025}" fill="#2a2a28" fill-opacity="0.6"/>
  <rect x="${cx - half}" y="${H * 0.42}" width="${half * 2}" height="${H * 0.22}" rx="${H * 0.04}" fill="#1d4e89"/>
  <path d="M ${cx - half * 0.6} ${H * 0.43} L ${cx - half * 0.35} ${H * 0.3} L ${cx + half * 0.35} ${H * 0.3} L ${cx + half * 0.6} ${H * 0.43} Z" fill="#1d4e89"/>
  <path d="M ${cx - half * 0.5} ${H * 0.42} L ${cx - half * 0.3} ${H * 0.32} L ${cx + half * 0.3} ${H * 0.32} L ${cx + half * 0.5} ${H * 0.42} Z" fill="#2b3440"/>
  ${side > 0.3 ? wheel(-half * 0.62) + wheel(half * 0.62) : wheel(-half * 0.7) + wheel(half * 0.7)}
  <rect x="${Math.cos(rad) >= 0 ? cx + half - W * 0.03 : cx - half + W * 0.005}" y="${H * 0.47}" width="${W * 0.025}" height="${H * 0.03}" rx="${H * 0.01}" fill="${light}"/>
  <text x="${W * 0.04}" y="${H * 0.08}" font-family="sans-serif" font-size="${H * 0.04}" fill="#333">${angle}°</text>
</svg>`;
}

/** The inside of the car all round: dashboard ahead, seats behind, windows between. */
function panoramaSvg(): string {
  const band = (x: number, w: number, fill: string) => `<rect x="${x}" y="${PH * 0.45}" width="${w}" height="${PH * 0.55}" fill="${fill}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PW}" height="${PH}">
  <rect width="${PW}" height="${PH}" fill="#3a3d42"/>
  <rect y="${PH * 0.12}" width="${PW}" height="${PH * 0.33}" fill="#dfe8ef"/>
  ${band(0, PW * 0.25, '#2d2f33')}${band(PW * 0.25, PW * 0.25, '#5b4a3a')}${band(PW * 0.5, PW * 0.25, '#4a3a2d')}${band(PW * 0.75, PW * 0.25, '#2d2f33')}
  <circle cx="${PW * 0.06}" cy="${PH * 0.7}" r="${PH * 0.14}" fill="none" stroke="#111" stroke-width="${PH * 0.03}"/>
  <rect x="${PW * 0.12}" y="${PH * 0.55}" width="${PW * 0.08}" height="${PH * 0.12}" rx="8" fill="#3d7fb8"/>
  <rect x="${PW * 0.42}" y="${PH * 0.5}" width="${PW * 0.16}" height="${PH * 0.35}" rx="30" fill="#6b5846"/>
  <rect x="${PW * 0.92}" y="${PH * 0.55}" width="${PW * 0.06}" height="${PH * 0.2}" rx="10" fill="#1d4e89"/>
</svg>`;
}

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): an exterior spin (24 frames) and
 * an interior panorama on the first demo order, drawn from SVG, kept as uploads are, so the
 * order page's 360 tab has something to show. A 360 that exists is left as it is.
 */
@Injectable()
export class Demo360Seed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ImagesConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly rows: Media360Repository,
    private readonly files: Media360Files,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.SEED_DEMO_DATA) return;
    this.running = this.seed()
      .then((made) => {
        if (made) this.logger.info({ media360: made }, 'demo 360s stored');
      })
      .catch((err: unknown) => this.logger.error({ err }, 'demo 360s not seeded'))
      .finally(() => (this.running = null));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Seeds what is missing; answers how many 360s it made. */
  async seed(): Promise<number> {
    const order = DEMO_ORDERS[0];
    let made = 0;
    const angles = Array.from({ length: SPIN_FRAMES }, (_, i) => (i * 360) / SPIN_FRAMES);
    if (await this.seedOne(order, 'exterior360', W, H, angles.map((a) => spinFrameSvg(a)))) made++;
    if (await this.seedOne(order, 'interior360', PW, PH, [panoramaSvg()])) made++;
    return made;
  }

  private async seedOne(order: DemoOrder, kind: 'exterior360' | 'interior360', width: number, height: number, svgs: string[]): Promise<boolean> {
    const id = demo360Id(order.id, kind);
    if (await this.rows.findById(this.ds.manager, id)) return false;
    const frames: Media360Frame[] = [];
    for (const [i, svg] of svgs.entries()) {
      const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      const key = ObjectKeys.media360Frame(order.id, id, i, 'jpg');
      await this.files.put(key, jpeg, 'image/jpeg');
      // never posted: the staging key names the final one, which no trigger remembers (no /uploads/)
      frames.push({ uploadKey: key, contentType: 'image/jpeg', key, size: jpeg.length });
    }
    return inTransaction(this.ds, async (m) => {
      // another replica starting at the same time may have stored it meanwhile
      await lockSeeding(m, 'demo-seed:images-360');
      if (await this.rows.findById(m, id)) return false;
      await this.rows.insert(m, {
        id,
        orderId: order.id,
        accountId: order.accountId,
        kind,
        status: 'ready',
        frameCount: frames.length,
        frames,
        width,
        height,
        totalSize: frames.reduce((sum, f) => sum + (f.size ?? 0), 0),
        failureReason: null,
        createdBy: null,
        uploadExpiresAt: new Date(),
      });
      return true;
    });
  }
}

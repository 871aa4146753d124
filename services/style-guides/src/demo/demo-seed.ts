import { createHash } from 'node:crypto';
import { DEFAULT_MARGINS, type MediaKind } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_POSITIONS, DEMO_STYLE_GUIDE_ID } from '@app/seeding';
import { inTransaction, lockSeeding, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys, StorageService } from '@app/storage';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { StyleGuidesConfig } from '../style-guides.config';
import { StyleGuideEvents } from '../style-guides/style-guide-events';
import { demoAngleOverlay, demoBackground, demoCarTypeIcon, demoFloor, demoLogo } from './demo-images';

/** A stable id per demo thing, so seeding twice finds what the first run made. */
const demoId = (name: string) => `00000000-0000-4000-8003-${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;

const EXTRA_ANGLES = [
  { name: 'Right side', category: 'exterior' },
  { name: 'Rear right 3/4', category: 'exterior' },
  { name: 'Front right 3/4', category: 'exterior' },
  { name: 'Rear seats', category: 'interior' },
  { name: 'Boot', category: 'interior' },
] as const;

const CAR_TYPES = ['Sedan', 'SUV', 'Hatchback', 'Van'];

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): a typical exterior and interior
 * shot list with overlays, a few car types, and the "Demo Studio" guide with a logo,
 * background, floor and eight positions, assigned to the demo dealerships. Created when
 * missing, never overwritten.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: StyleGuidesConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly storage: StorageService,
    private readonly events: StyleGuideEvents,
  ) {}

  private async medium(m: EntityManager, name: string, kind: MediaKind, draw: () => Promise<Buffer>): Promise<string> {
    const id = demoId(`media:${name}`);
    const exists: unknown[] = await m.query('SELECT 1 FROM utility_media WHERE id = $1', [id]);
    if (exists.length) return id;
    const key = ObjectKeys.media(kind, id, 'png');
    const bytes = await draw();
    await this.storage.put(key, bytes, 'image/png');
    await m.query(
      `INSERT INTO utility_media (id, media_type, file_extension, object_key, uploaded, size_bytes) VALUES ($1, $2, 'png', $3, true, $4)`,
      [id, kind, key, bytes.length],
    );
    return id;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    const existing: unknown[] = await this.ds.query('SELECT 1 FROM style_guide WHERE id = $1', [DEMO_STYLE_GUIDE_ID]);
    if (existing.length) return;
    const seeded = await inTransaction(this.ds, async (m) => {
      // another replica starting at the same time seeds first: then this one finds the guide
      await lockSeeding(m, 'demo-seed:style-guides');
      if ((await m.query('SELECT 1 FROM style_guide WHERE id = $1', [DEMO_STYLE_GUIDE_ID])).length) return false;
      const angles = new Map<string, string>();
      const allAngles = [...DEMO_POSITIONS.map((p) => ({ name: p.angle, category: p.category })), ...EXTRA_ANGLES];
      for (const [i, a] of allAngles.entries()) {
        const overlay = await this.medium(m, `overlay:${a.name}`, 'angle_overlay', () => demoAngleOverlay(a.category, i));
        const id = demoId(`angle:${a.name}`);
        await m.query(
          `INSERT INTO angle (id, name, category, needs_angle_correction, needs_flashlight, default_angle_overlay_id)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [id, a.name, a.category, a.category === 'exterior', a.category === 'interior', overlay],
        );
        angles.set(a.name, id);
      }
      for (const [i, name] of CAR_TYPES.entries()) {
        const icon = await this.medium(m, `car-type:${name}`, 'car_type_icon', () => demoCarTypeIcon(i));
        await m.query(
          `INSERT INTO car_type (id, car_type_name, icon_media_id, needs_angle_correction, category) VALUES ($1, $2, $3, false, 'exterior') ON CONFLICT DO NOTHING`,
          [demoId(`car-type:${name}`), name, icon],
        );
      }
      const logo = await this.medium(m, 'logo', 'logo', demoLogo);
      const background = await this.medium(m, 'background', 'background', demoBackground);
      const floor = await this.medium(m, 'floor', 'floor', demoFloor);
      await m.query(
        `INSERT INTO style_guide (id, name, customer_note, output_width, output_height, max_image_size, interior_color,
                                  logo_media_id, background_media_id, floor_media_id)
         VALUES ($1, 'Demo Studio', $2, 1920, 1440, 800000, '#FFFFFF', $3, $4, $5)`,
        [DEMO_STYLE_GUIDE_ID, 'Photograph in daylight. Keep the number plate readable.', logo, background, floor],
      );
      await this.events.saved(m, { id: DEMO_STYLE_GUIDE_ID, name: 'Demo Studio' });
      for (const p of DEMO_POSITIONS) {
        await m.query(
          `INSERT INTO style_guide_configuration (style_guide_id, position, margins, route_to, type, with_logo, horizon_line_height, angle_id)
           VALUES ($1, $2, $3, $4, 'IMAGE', $5, 50, $6)`,
          [
            DEMO_STYLE_GUIDE_ID,
            p.position,
            JSON.stringify(p.category === 'interior' ? { top: 0, right: 0, bottom: 0, left: 0 } : DEFAULT_MARGINS),
            p.routeTo,
            p.category === 'exterior',
            angles.get(p.angle),
          ],
        );
      }
      for (const account of [DEMO_ACCOUNTS.dealer, DEMO_ACCOUNTS.dealer2, DEMO_ACCOUNTS.manager]) {
        await m.query('INSERT INTO style_guide_user (style_guide_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [DEMO_STYLE_GUIDE_ID, account.id]);
      }
      return true;
    });
    if (seeded) this.logger.info('demo style guide, angles and car types created');
  }
}

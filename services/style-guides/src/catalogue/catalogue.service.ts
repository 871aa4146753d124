import {
  paged,
  RpcError,
  STYLE_GUIDE_MESSAGES,
  type Actor,
  type AngleBody,
  type AngleCategory,
  type AngleView,
  type CarTypeBody,
  type CarTypeView,
  type CatalogueListQuery,
  type Paged,
  type UpdateAnglePayload,
  type UpdateCarTypePayload,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { MediaService } from '../media/media.service';
import type { Angle } from './angle.entity';
import { AnglesRepository } from './angles.repository';
import type { CarType } from './car-type.entity';
import { CarTypesRepository } from './car-types.repository';

/**
 * The admin's catalogue of angles and car types. Everyone signed in reads it (the creator and
 * the app need it); only the admin changes it.
 */
@Injectable()
export class CatalogueService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly angles: AnglesRepository,
    private readonly carTypes: CarTypesRepository,
    private readonly media: MediaService,
  ) {}

  async angleViews(rows: Angle[]): Promise<AngleView[]> {
    const media = await this.media.views(rows.flatMap((a) => [a.defaultAngleOverlayId, a.defaultFrameOverlayId]));
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      category: a.category,
      needsAngleCorrection: a.needsAngleCorrection,
      needsFlashlight: a.needsFlashlight,
      defaultAngleOverlay: (a.defaultAngleOverlayId && media.get(a.defaultAngleOverlayId)) || null,
      defaultFrameOverlay: (a.defaultFrameOverlayId && media.get(a.defaultFrameOverlayId)) || null,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    }));
  }

  private async carTypeViews(rows: CarType[]): Promise<CarTypeView[]> {
    const media = await this.media.views(rows.map((c) => c.iconMediaId));
    return rows.map((c) => ({
      id: c.id,
      carTypeName: c.carTypeName,
      icon: (c.iconMediaId && media.get(c.iconMediaId)) || null,
      needsAngleCorrection: c.needsAngleCorrection,
      category: c.category,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    }));
  }

  async listAngles(q: CatalogueListQuery): Promise<Paged<AngleView>> {
    const { rows, total, page } = await this.angles.page(this.ds.manager, { search: q.search?.toLowerCase(), category: q.category }, q.page);
    return paged(await this.angleViews(rows), total, page);
  }

  async angleNames(): Promise<Array<{ id: string; name: string; category: AngleCategory }>> {
    const rows = await this.angles.all(this.ds.manager);
    return rows.map((a) => ({ id: a.id, name: a.name, category: a.category }));
  }

  async getAngle(id: string): Promise<AngleView> {
    const row = await this.angles.findById(this.ds.manager, id);
    if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.angleNotFound);
    return (await this.angleViews([row]))[0];
  }

  async createAngle(actor: Actor, body: AngleBody): Promise<AngleView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      await this.media.requireUploaded(m, [body.defaultAngleOverlayId, body.defaultFrameOverlayId]);
      return this.angles.insert(m, {
        name: body.name,
        category: body.category,
        needsAngleCorrection: body.needsAngleCorrection ?? false,
        needsFlashlight: body.needsFlashlight ?? false,
        defaultAngleOverlayId: body.defaultAngleOverlayId,
        defaultFrameOverlayId: body.defaultFrameOverlayId ?? null,
      });
    });
    return (await this.angleViews([saved]))[0];
  }

  async updateAngle(actor: Actor, p: UpdateAnglePayload): Promise<AngleView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      const row = await this.angles.findById(m, p.id, true);
      if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.angleNotFound);
      await this.media.requireUploaded(m, [p.defaultAngleOverlayId, p.defaultFrameOverlayId]);
      if (p.name !== undefined) row.name = p.name;
      if (p.category !== undefined) row.category = p.category;
      if (p.needsAngleCorrection !== undefined) row.needsAngleCorrection = p.needsAngleCorrection;
      if (p.needsFlashlight !== undefined) row.needsFlashlight = p.needsFlashlight;
      if (p.defaultAngleOverlayId !== undefined) row.defaultAngleOverlayId = p.defaultAngleOverlayId;
      if (p.defaultFrameOverlayId !== undefined) row.defaultFrameOverlayId = p.defaultFrameOverlayId;
      return this.angles.save(m, row);
    });
    return (await this.angleViews([saved]))[0];
  }

  async listCarTypes(q: CatalogueListQuery): Promise<Paged<CarTypeView>> {
    const { rows, total, page } = await this.carTypes.page(this.ds.manager, { search: q.search?.toLowerCase(), category: q.category }, q.page);
    return paged(await this.carTypeViews(rows), total, page);
  }

  async getCarType(id: string): Promise<CarTypeView> {
    const row = await this.carTypes.findById(this.ds.manager, id);
    if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.carTypeNotFound);
    return (await this.carTypeViews([row]))[0];
  }

  async createCarType(actor: Actor, body: CarTypeBody): Promise<CarTypeView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      await this.media.requireUploaded(m, [body.iconMediaId]);
      return this.carTypes.insert(m, {
        carTypeName: body.carTypeName,
        iconMediaId: body.iconMediaId,
        needsAngleCorrection: body.needsAngleCorrection ?? false,
        category: body.category ?? null,
      });
    });
    return (await this.carTypeViews([saved]))[0];
  }

  async updateCarType(actor: Actor, p: UpdateCarTypePayload): Promise<CarTypeView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await inTransaction(this.ds, async (m) => {
      const row = await this.carTypes.findById(m, p.id, true);
      if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.carTypeNotFound);
      await this.media.requireUploaded(m, [p.iconMediaId]);
      if (p.carTypeName !== undefined) row.carTypeName = p.carTypeName;
      if (p.iconMediaId !== undefined) row.iconMediaId = p.iconMediaId;
      if (p.needsAngleCorrection !== undefined) row.needsAngleCorrection = p.needsAngleCorrection;
      if (p.category !== undefined) row.category = p.category;
      return this.carTypes.save(m, row);
    });
    return (await this.carTypeViews([saved]))[0];
  }
}

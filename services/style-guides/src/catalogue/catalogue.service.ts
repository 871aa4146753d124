import {
  clampPage,
  PAGE_SIZE,
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
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { MediaService } from '../media/media.service';
import { Angle } from './angle.entity';
import { CarType } from './car-type.entity';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin's catalogue of angles and car types. Everyone signed in reads it (the creator and
 * the app need it); only the admin changes it.
 */
@Injectable()
export class CatalogueService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly media: MediaService,
  ) {}

  private async page<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, requested: number | undefined): Promise<[T[], number, number]> {
    const total = await qb.getCount();
    const page = clampPage(requested, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return [rows, total, page];
  }

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
    const qb = this.ds.manager.createQueryBuilder(Angle, 'a').orderBy('a.name', 'ASC').addOrderBy('a.id', 'ASC');
    if (q.search) qb.andWhere('lower(a.name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    if (q.category) qb.andWhere('a.category = :c', { c: q.category });
    const [rows, total, page] = await this.page(qb, q.page);
    return paged(await this.angleViews(rows), total, page);
  }

  async angleNames(): Promise<Array<{ id: string; name: string; category: AngleCategory }>> {
    const rows = await this.ds.manager.find(Angle, { order: { name: 'ASC', id: 'ASC' } });
    return rows.map((a) => ({ id: a.id, name: a.name, category: a.category }));
  }

  async getAngle(id: string): Promise<AngleView> {
    const row = await this.ds.manager.findOne(Angle, { where: { id } });
    if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.angleNotFound);
    return (await this.angleViews([row]))[0];
  }

  async createAngle(actor: Actor, body: AngleBody): Promise<AngleView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await this.ds.transaction(async (m) => {
      await this.media.requireUploaded(m, [body.defaultAngleOverlayId, body.defaultFrameOverlayId]);
      return m.save(
        Angle,
        m.create(Angle, {
          name: body.name,
          category: body.category,
          needsAngleCorrection: body.needsAngleCorrection ?? false,
          needsFlashlight: body.needsFlashlight ?? false,
          defaultAngleOverlayId: body.defaultAngleOverlayId,
          defaultFrameOverlayId: body.defaultFrameOverlayId ?? null,
        }),
      );
    });
    return (await this.angleViews([saved]))[0];
  }

  async updateAngle(actor: Actor, p: UpdateAnglePayload): Promise<AngleView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await this.ds.transaction(async (m) => {
      const row = await m.findOne(Angle, { where: { id: p.id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.angleNotFound);
      await this.media.requireUploaded(m, [p.defaultAngleOverlayId, p.defaultFrameOverlayId]);
      if (p.name !== undefined) row.name = p.name;
      if (p.category !== undefined) row.category = p.category;
      if (p.needsAngleCorrection !== undefined) row.needsAngleCorrection = p.needsAngleCorrection;
      if (p.needsFlashlight !== undefined) row.needsFlashlight = p.needsFlashlight;
      if (p.defaultAngleOverlayId !== undefined) row.defaultAngleOverlayId = p.defaultAngleOverlayId;
      if (p.defaultFrameOverlayId !== undefined) row.defaultFrameOverlayId = p.defaultFrameOverlayId;
      return m.save(Angle, row);
    });
    return (await this.angleViews([saved]))[0];
  }

  async listCarTypes(q: CatalogueListQuery): Promise<Paged<CarTypeView>> {
    const qb = this.ds.manager.createQueryBuilder(CarType, 'c').orderBy('c.car_type_name', 'ASC').addOrderBy('c.id', 'ASC');
    if (q.search) qb.andWhere('lower(c.car_type_name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    if (q.category) qb.andWhere('c.category = :c', { c: q.category });
    const [rows, total, page] = await this.page(qb, q.page);
    return paged(await this.carTypeViews(rows), total, page);
  }

  async getCarType(id: string): Promise<CarTypeView> {
    const row = await this.ds.manager.findOne(CarType, { where: { id } });
    if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.carTypeNotFound);
    return (await this.carTypeViews([row]))[0];
  }

  async createCarType(actor: Actor, body: CarTypeBody): Promise<CarTypeView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await this.ds.transaction(async (m) => {
      await this.media.requireUploaded(m, [body.iconMediaId]);
      return m.save(
        CarType,
        m.create(CarType, {
          carTypeName: body.carTypeName,
          iconMediaId: body.iconMediaId,
          needsAngleCorrection: body.needsAngleCorrection ?? false,
          category: body.category ?? null,
        }),
      );
    });
    return (await this.carTypeViews([saved]))[0];
  }

  async updateCarType(actor: Actor, p: UpdateCarTypePayload): Promise<CarTypeView> {
    StyleGuideAccess.assertAdmin(actor);
    const saved = await this.ds.transaction(async (m) => {
      const row = await m.findOne(CarType, { where: { id: p.id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw RpcError.notFound(STYLE_GUIDE_MESSAGES.carTypeNotFound);
      await this.media.requireUploaded(m, [p.iconMediaId]);
      if (p.carTypeName !== undefined) row.carTypeName = p.carTypeName;
      if (p.iconMediaId !== undefined) row.iconMediaId = p.iconMediaId;
      if (p.needsAngleCorrection !== undefined) row.needsAngleCorrection = p.needsAngleCorrection;
      if (p.category !== undefined) row.category = p.category;
      return m.save(CarType, row);
    });
    return (await this.carTypeViews([saved]))[0];
  }
}

import type { NumberPlateMode, Route, WindowMode } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** How a dealership's photos come out: size, media, and a configuration per position. */
@Entity('style_guide')
export class StyleGuide {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'customer_note' }) customerNote!: string;
  @Column('int', { name: 'output_width' }) outputWidth!: number;
  @Column('int', { name: 'output_height' }) outputHeight!: number;
  @Column('int', { name: 'max_image_size' }) maxImageSize!: number;
  @Column('text', { name: 'interior_color' }) interiorColor!: string;
  @Column('text', { name: 'frame_free_routing', nullable: true }) frameFreeRouting!: Route | null;
  /** how the AI routes treat the car's windows (WINDOW_MODES) */
  @Column('text') windows!: WindowMode;
  /** what the AI and enhancer routes do with the car's number plates (NUMBER_PLATE_MODES) */
  @Column('text', { name: 'number_plates' }) numberPlates!: NumberPlateMode;
  /** #RRGGBB: the `colour` mode's cover and the `logo` mode's plate */
  @Column('varchar', { name: 'number_plate_color', length: 7 }) numberPlateColor!: string;
  @Column('uuid', { name: 'logo_media_id', nullable: true }) logoMediaId!: string | null;
  @Column('uuid', { name: 'background_media_id', nullable: true }) backgroundMediaId!: string | null;
  @Column('uuid', { name: 'floor_media_id', nullable: true }) floorMediaId!: string | null;
  @Column('uuid', { name: 'numberplate_media_id', nullable: true }) numberplateMediaId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

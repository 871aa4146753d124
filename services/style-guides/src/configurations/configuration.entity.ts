import type { ConfigurationType, Margins, Route } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** What the pipeline does with the photo taken at one position of a style guide. */
@Entity('style_guide_configuration')
export class Configuration {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'style_guide_id' }) styleGuideId!: string;
  @Column('int') position!: number;
  @Column('jsonb') margins!: Margins;
  @Column('text', { name: 'route_to' }) routeTo!: Route;
  @Column('text') type!: ConfigurationType;
  @Column('boolean', { name: 'with_logo' }) withLogo!: boolean;
  @Column('real', { name: 'horizon_line_height' }) horizonLineHeight!: number;
  @Column('boolean', { name: 'after_frame_free' }) afterFrameFree!: boolean;
  @Column('int', { name: 'position_after_frame_free', nullable: true }) positionAfterFrameFree!: number | null;
  @Column('boolean') optional!: boolean;
  @Column('uuid', { name: 'angle_id', nullable: true }) angleId!: string | null;
  @Column('uuid', { name: 'custom_angle_overlay_id', nullable: true }) customAngleOverlayId!: string | null;
  @Column('uuid', { name: 'custom_frame_overlay_id', nullable: true }) customFrameOverlayId!: string | null;
  @Column('uuid', { name: 'custom_background_id', nullable: true }) customBackgroundId!: string | null;
  @Column('uuid', { name: 'custom_logo_id', nullable: true }) customLogoId!: string | null;
  @Column('uuid', { name: 'custom_floor_id', nullable: true }) customFloorId!: string | null;
  @Column('uuid', { name: 'featured_image_id', nullable: true }) featuredImageId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

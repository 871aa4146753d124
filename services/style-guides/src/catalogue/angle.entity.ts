import type { AngleCategory } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A shot of the capture list (front 3/4, dashboard, …) with the overlays the app shows. */
@Entity('angle')
export class Angle {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') category!: AngleCategory;
  @Column('boolean', { name: 'needs_angle_correction' }) needsAngleCorrection!: boolean;
  @Column('boolean', { name: 'needs_flashlight' }) needsFlashlight!: boolean;
  @Column('uuid', { name: 'default_angle_overlay_id', nullable: true }) defaultAngleOverlayId!: string | null;
  @Column('uuid', { name: 'default_frame_overlay_id', nullable: true }) defaultFrameOverlayId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

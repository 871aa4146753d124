import type { AngleCategory } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('car_type')
export class CarType {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text', { name: 'car_type_name' }) carTypeName!: string;
  @Column('uuid', { name: 'icon_media_id', nullable: true }) iconMediaId!: string | null;
  @Column('boolean', { name: 'needs_angle_correction' }) needsAngleCorrection!: boolean;
  @Column('text', { nullable: true }) category!: AngleCategory | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

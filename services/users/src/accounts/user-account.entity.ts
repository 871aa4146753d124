import type { Language, QaRoleTag, Role, UserStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

const numeric = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/** A dealership, management, QA or admin account: login, profile, address, contact person and settings. */
@Entity('user_account')
export class UserAccount {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') email!: string;
  @Column('text', { name: 'display_name' }) displayName!: string;
  @Column('text') language!: Language;
  @Column('text', { name: 'user_role' }) userRole!: Role;
  @Column('text', { name: 'role_tags', array: true }) roleTags!: QaRoleTag[];
  @Column('text') country!: string;
  @Column('text') city!: string;
  @Column('text', { name: 'postal_code' }) postalCode!: string;
  @Column('text') address!: string;
  @Column('text', { name: 'company_id' }) companyId!: string;
  @Column('text', { name: 'contact_name' }) contactName!: string;
  @Column('text', { name: 'contact_email' }) contactEmail!: string;
  @Column('text', { name: 'contact_phone' }) contactPhone!: string;
  @Column('text', { name: 'contact_title' }) contactTitle!: string;
  @Column('text') currency!: string;
  @Column('numeric', { name: 'subscription_price', precision: 12, scale: 2, nullable: true, transformer: numeric })
  subscriptionPrice!: number | null;
  @Column('boolean', { name: 'mobile_app_access' }) mobileAppAccess!: boolean;
  @Column('numeric', { name: 'minimum_zoom_value', precision: 3, scale: 1, transformer: numeric }) minimumZoomValue!: number;
  @Column('boolean', { name: 'enabled_qa' }) enabledQa!: boolean;
  @Column('boolean', { name: 'desaturate_yellow_light' }) desaturateYellowLight!: boolean;
  /** a visible "Digitally edited" mark on the pipeline's pictures */
  @Column('boolean', { name: 'edited_image_label', default: false }) editedImageLabel!: boolean;
  /** the owning dealership's own downloads of its originals keep their metadata (docs/images.md, "Metadata policy") */
  @Column('boolean', { name: 'keep_original_metadata', default: false }) keepOriginalMetadata!: boolean;
  @Column('text', { name: 'password_hash', nullable: true, select: false }) passwordHash!: string | null;
  @Column('text', { name: 'user_status' }) userStatus!: UserStatus;
  @Column('timestamptz', { name: 'password_changed_at', nullable: true }) passwordChangedAt!: Date | null;
  @Column('timestamptz', { name: 'last_order_date', nullable: true }) lastOrderDate!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

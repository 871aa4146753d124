import type { DevicePlatform } from '@app/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A phone's FCM token and who is signed in on it: the account, and its sales person when one signed in. */
@Entity('device_token')
export class DeviceToken {
  @PrimaryColumn('text') token!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('uuid', { name: 'sales_person_id', nullable: true }) salesPersonId!: string | null;
  @Column('text') platform!: DevicePlatform;
  @Column('text', { name: 'app_version', nullable: true }) appVersion!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_seen_at' }) lastSeenAt!: Date;
}

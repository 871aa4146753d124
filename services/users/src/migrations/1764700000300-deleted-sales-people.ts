import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales people removed from a dealership that is still there: their id, name and the times of
 * their last change and of the removal. The statistics keep a removed sales person's name on
 * the orders it made, and rebuild it from the users service's export; without this the name
 * would be gone with the row. An account's deletion takes its rows with it (the statistics
 * drop the whole account).
 */
export class DeletedSalesPeople1764700000300 implements MigrationInterface {
  name = 'DeletedSalesPeople1764700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deleted_sales_person (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        name text NOT NULL,
        saved_at timestamptz NOT NULL,
        deleted_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE deleted_sales_person');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, permissions, child accounts, sales people, integrations and sign-in state. */
export class Identity1763800000000 implements MigrationInterface {
  name = 'Identity1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_account (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        display_name text NOT NULL,
        language text NOT NULL DEFAULT 'en',
        user_role text NOT NULL DEFAULT 'Dealership',
        role_tags text[] NOT NULL DEFAULT '{}',
        country text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        company_id text NOT NULL DEFAULT '',
        contact_name text NOT NULL DEFAULT '',
        contact_email text NOT NULL DEFAULT '',
        contact_phone text NOT NULL DEFAULT '',
        contact_title text NOT NULL DEFAULT '',
        currency text NOT NULL DEFAULT 'EUR',
        subscription_price numeric(12,2) NULL,
        mobile_app_access boolean NOT NULL DEFAULT false,
        minimum_zoom_value numeric(3,1) NOT NULL DEFAULT 1,
        enabled_qa boolean NOT NULL DEFAULT false,
        desaturate_yellow_light boolean NOT NULL DEFAULT false,
        password_hash text NULL,
        user_status text NOT NULL DEFAULT 'FORCE_CHANGE_PASSWORD',
        password_changed_at timestamptz NULL,
        last_order_date timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_account_role_chk CHECK (user_role IN ('Admin','Dealership','Management','QA'))
      )`);
    await q.query('CREATE UNIQUE INDEX user_account_email_uq ON user_account (lower(email))');
    await q.query('CREATE INDEX user_account_role_idx ON user_account (user_role, created_at DESC)');
    await q.query('CREATE INDEX user_account_country_idx ON user_account (lower(country))');

    await q.query(`
      CREATE TABLE permission (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE,
        permission_group text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE user_permission (
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        permission_id uuid NOT NULL REFERENCES permission(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, permission_id)
      )`);
    await q.query(`
      CREATE TABLE child_account (
        parent_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        child_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (parent_id, child_id),
        CONSTRAINT child_account_not_self CHECK (parent_id <> child_id)
      )`);
    await q.query('CREATE INDEX child_account_child_idx ON child_account (child_id)');

    await q.query(`
      CREATE TABLE sales_person (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        login_activated boolean NOT NULL DEFAULT false,
        user_status text NULL,
        password_hash text NULL,
        password_changed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX sales_person_user_email_uq ON sales_person (user_id, lower(email))');
    await q.query('CREATE UNIQUE INDEX sales_person_login_uq ON sales_person (lower(email)) WHERE login_activated');
    await q.query('CREATE INDEX sales_person_user_idx ON sales_person (user_id, created_at)');

    await q.query(`
      CREATE TABLE remote_integration (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        provider text NOT NULL,
        integration_type text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        username text NULL,
        password_encrypted text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT remote_integration_user_provider_uq UNIQUE (user_id, provider)
      )`);

    await q.query(`
      CREATE TABLE auth_session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        sales_person_id uuid NULL REFERENCES sales_person(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL,
        revoke_reason text NULL
      )`);
    await q.query('CREATE INDEX auth_session_user_idx ON auth_session (user_id)');
    await q.query(`
      CREATE TABLE refresh_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES auth_session(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX refresh_token_session_idx ON refresh_token (session_id)');
    await q.query(`
      CREATE TABLE auth_challenge (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
        sales_person_id uuid NULL REFERENCES sales_person(id) ON DELETE CASCADE,
        kind text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    await q.query(`
      CREATE TABLE reset_code (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        failed_attempts int NOT NULL DEFAULT 0
      )`);
    await q.query('CREATE INDEX reset_code_email_idx ON reset_code (lower(email), created_at DESC)');
    await q.query(`
      CREATE TABLE sign_in_attempt (
        key text PRIMARY KEY,
        failures int NOT NULL DEFAULT 0,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'sign_in_attempt',
      'reset_code',
      'auth_challenge',
      'refresh_token',
      'auth_session',
      'remote_integration',
      'sales_person',
      'child_account',
      'user_permission',
      'permission',
      'user_account',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}

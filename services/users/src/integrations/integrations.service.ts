import {
  DEFAULT_OUTPUT_RULES,
  hasPermission,
  INTEGRATION_MESSAGES,
  INTEGRATION_PROVIDERS,
  providerInfo,
  providerSettings,
  RpcError,
  settingsProblems,
  type Actor,
  type CreateIntegrationBody,
  type IntegrationForDelivery,
  type IntegrationSettings,
  type IntegrationView,
  type OutputRules,
  type ProviderView,
  type UpdateIntegrationPayload,
} from '@app/contracts';
import { isOutboundRefused, OUTBOUND_REFUSED_MESSAGE, OutboundPolicy, parseAllowance } from '@app/outbound';
import { inTransaction, SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { UsersConfig } from '../users.config';
import { integrationTargets } from './integration-targets';
import { IntegrationsRepository } from './integrations.repository';
import type { RemoteIntegration } from './remote-integration.entity';
import { SecretBox } from './secret-box';

function toView(i: RemoteIntegration, hasPassword: boolean): IntegrationView {
  return {
    id: i.id,
    userId: i.userId,
    provider: i.provider,
    label: providerInfo(i.provider)?.label ?? i.provider,
    integrationType: i.integrationType,
    isActive: i.isActive,
    autoDeliver: i.autoDeliver ?? false,
    Username: i.username,
    hasPassword,
    settings: i.settings ?? {},
    storedSecrets: i.secretNames ?? [],
    outputRules: outputRulesOf(i),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/** The stored rules, or the defaults for an integration that has none (every field present). */
export function outputRulesOf(i: Pick<RemoteIntegration, 'outputRules'>): OutputRules {
  return { ...DEFAULT_OUTPUT_RULES, ...(i.outputRules ?? {}) };
}

/**
 * Settings sent for a provider, checked against its list (`providerSettings`) and split: what
 * is not secret is stored as JSON; the secrets are the stored ones with those sent (non-empty)
 * on top. Problems answer 400 with every message. `secretsSent` tells whether the edit sets a
 * secret (a credentials change).
 */
export function splitSettings(
  provider: string,
  sent: IntegrationSettings,
  storedSecrets: IntegrationSettings,
): { settings: IntegrationSettings; secrets: IntegrationSettings; secretsSent: boolean } {
  const known = providerSettings(provider);
  // spaces around a text are a slip of the keyboard, except in a secret
  const trimmed = Object.fromEntries(
    Object.entries(sent).map(([name, value]) => [name, typeof value === 'string' && !known.find((s) => s.name === name)?.secret ? value.trim() : value]),
  );
  const problems = settingsProblems(provider, trimmed, Object.keys(storedSecrets));
  if (problems.length) throw RpcError.badRequest(problems.join('; '));
  const settings: IntegrationSettings = {};
  const secrets: IntegrationSettings = { ...storedSecrets };
  let secretsSent = false;
  for (const s of known) {
    const value = trimmed[s.name];
    if (value === undefined || value === '') continue;
    if (s.secret) {
      secrets[s.name] = value;
      secretsSent = true;
    } else {
      settings[s.name] = value;
    }
  }
  return { settings, secrets, secretsSent };
}

/** Whether settings sent change where deliveries go: another value of a setting, or a new secret. */
export function settingsChange(stored: IntegrationSettings, next: IntegrationSettings, secretsSent: boolean): boolean {
  if (secretsSent) return true;
  const names = new Set([...Object.keys(stored), ...Object.keys(next)]);
  return [...names].some((name) => stored[name] !== next[name]);
}

/** Credentials are changed by the admin or with UPDATE_USER_INTEGRATION_CREDENTIALS (403 otherwise). */
export function assertMayChangeCredentials(actor: Actor): void {
  if (!AccountAccess.isAdmin(actor) && !hasPermission(actor.permissions, 'UPDATE_USER_INTEGRATION_CREDENTIALS')) {
    throw RpcError.forbidden('You may not change integration credentials');
  }
}

/**
 * The credentials an edit changes, or null when it changes none. The edit form sends the
 * integration back with its user name and an empty password: only a different user name
 * (spaces around it aside; empty or null clears it) or a new password is a change.
 */
export function credentialChanges(
  storedUsername: string | null,
  sent: { Username?: string | null; Password?: string | null },
): { username?: string | null; password?: string } | null {
  const username = sent.Username === undefined ? undefined : sent.Username?.trim() || null;
  const usernameChanges = username !== undefined && username !== storedUsername;
  if (!usernameChanges && !sent.Password) return null;
  return { ...(usernameChanges ? { username } : {}), ...(sent.Password ? { password: sent.Password } : {}) };
}

/**
 * Remote integrations (delivery targets) of an account. Read by whoever may read the
 * account; changed by the admin or the account itself; credentials changed only by the
 * admin or with UPDATE_USER_INTEGRATION_CREDENTIALS. Passwords are sealed at rest and never
 * returned. Where deliveries go (hosts, URLs, a connection string's endpoint) is checked
 * against the outbound policy when it is set: an address inside the service's own network,
 * or a name resolving to one, answers 400; a name that does not resolve yet is accepted (every
 * connection checks again).
 */
@Injectable()
export class IntegrationsService {
  private readonly box: SecretBox;
  private readonly outbound: OutboundPolicy;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly integrations: IntegrationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly access: AccountAccess,
    @Inject(SERVICE_CONFIG) config: UsersConfig,
  ) {
    this.box = new SecretBox(config.INTEGRATION_SECRET_KEY);
    this.outbound = new OutboundPolicy({ allowance: parseAllowance(config.OUTBOUND_ALLOW) });
  }

  /** 400 when a destination of the settings (secrets included) is inside the service's own network. */
  private async assertTargetsOutside(provider: string, settings: IntegrationSettings): Promise<void> {
    for (const host of integrationTargets(provider, settings)) {
      try {
        await this.outbound.assertAllowed(host);
      } catch (err) {
        if (isOutboundRefused(err)) throw RpcError.badRequest(OUTBOUND_REFUSED_MESSAGE);
        throw err;
      }
    }
  }

  providers(): ProviderView[] {
    return INTEGRATION_PROVIDERS.map((p) => ({ ...p }));
  }

  private async withSecretFlag(m: EntityManager, rows: RemoteIntegration[]): Promise<IntegrationView[]> {
    const flags = await this.integrations.passwordFlags(m, rows.map((r) => r.id));
    return rows.map((r) => toView(r, flags.get(r.id) ?? false));
  }

  private async load(m: EntityManager, actor: Actor, id: string): Promise<RemoteIntegration> {
    const row = await this.integrations.findById(m, id);
    if (!row || !(await this.access.canRead(m, actor, row.userId))) throw RpcError.notFound(INTEGRATION_MESSAGES.notFound);
    return row;
  }

  async ofUser(actor: Actor, userId: string): Promise<IntegrationView[]> {
    await this.access.assertCanRead(this.ds.manager, actor, userId);
    const rows = await this.integrations.ofAccount(this.ds.manager, userId);
    return this.withSecretFlag(this.ds.manager, rows);
  }

  async create(actor: Actor, body: CreateIntegrationBody): Promise<IntegrationView> {
    return inTransaction(this.ds, async (m) => {
      await this.access.assertCanManageOwn(m, actor, body.userId);
      // locked: a second add of the same provider waits, then sees the first
      if (!(await this.accounts.lockById(m, body.userId))) throw RpcError.notFound('User not found');
      const split = body.settings ? splitSettings(body.provider, body.settings, {}) : null;
      if (body.Username || body.Password || (split && settingsChange({}, split.settings, split.secretsSent))) assertMayChangeCredentials(actor);
      const info = providerInfo(body.provider)!;
      if (await this.integrations.findByProvider(m, body.userId, body.provider)) throw RpcError.conflict(INTEGRATION_MESSAGES.duplicate);
      if (split) await this.assertTargetsOutside(body.provider, { ...split.settings, ...split.secrets });
      const saved = await this.integrations.insert(m, {
        userId: body.userId,
        provider: body.provider,
        integrationType: info.integrationType,
        isActive: body.isActive,
        autoDeliver: body.autoDeliver ?? false,
        username: body.Username?.trim() || null,
        passwordEncrypted: body.Password ? this.box.seal(body.Password) : null,
        settings: split?.settings ?? {},
        ...this.sealedSecrets(split?.secrets ?? {}),
        outputRules: body.outputRules ? { ...body.outputRules } : null,
      });
      return toView(saved, !!body.Password);
    });
  }

  /** One integration, for whoever may read its account; 404 otherwise. */
  async find(actor: Actor, id: string): Promise<IntegrationView> {
    const row = await this.load(this.ds.manager, actor, id);
    return (await this.withSecretFlag(this.ds.manager, [row]))[0];
  }

  async update(actor: Actor, p: UpdateIntegrationPayload): Promise<IntegrationView> {
    return inTransaction(this.ds, async (m) => {
      const row = await this.load(m, actor, p.id);
      await this.access.assertCanManageOwn(m, actor, row.userId, INTEGRATION_MESSAGES.notFound);
      const changes: Partial<RemoteIntegration> = {};
      if (p.isActive !== undefined) changes.isActive = p.isActive;
      if (p.autoDeliver !== undefined) changes.autoDeliver = p.autoDeliver;
      if (p.settings) {
        const stored = (await this.integrations.withSealedPassword(m, row.id))?.secretsEncrypted ?? null;
        const split = splitSettings(row.provider, p.settings, this.openSecrets(stored));
        // where the files go is guarded like the credentials: sending the settings back unchanged is no change
        if (settingsChange(row.settings ?? {}, split.settings, split.secretsSent)) {
          assertMayChangeCredentials(actor);
          await this.assertTargetsOutside(row.provider, { ...split.settings, ...split.secrets });
        }
        changes.settings = split.settings;
        Object.assign(changes, this.sealedSecrets(split.secrets));
      }
      if (p.outputRules) changes.outputRules = { ...p.outputRules };
      const credentials = credentialChanges(row.username, p);
      if (credentials) {
        assertMayChangeCredentials(actor);
        if (credentials.username !== undefined) changes.username = credentials.username;
        if (credentials.password) changes.passwordEncrypted = this.box.seal(credentials.password);
      }
      if (Object.keys(changes).length) await this.integrations.update(m, row.id, changes);
      const fresh = await this.integrations.findById(m, row.id);
      if (!fresh) throw RpcError.notFound(INTEGRATION_MESSAGES.notFound);
      return (await this.withSecretFlag(m, [fresh]))[0];
    });
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    await inTransaction(this.ds, async (m) => {
      const row = await this.load(m, actor, id);
      await this.access.assertCanManageOwn(m, actor, row.userId, INTEGRATION_MESSAGES.notFound);
      // a second delete at the same moment waits for this one, then removes nothing: 404
      if (!(await this.integrations.delete(m, row.id))) throw RpcError.notFound(INTEGRATION_MESSAGES.notFound);
    });
    return { deleted: true };
  }

  /** 404 unless the actor may change the integration (the same checks as an update). */
  async mayManage(actor: Actor, id: string): Promise<{ id: string; userId: string }> {
    const row = await this.load(this.ds.manager, actor, id);
    await this.access.assertCanManageOwn(this.ds.manager, actor, row.userId, INTEGRATION_MESSAGES.notFound);
    return { id: row.id, userId: row.userId };
  }

  /**
   * The integration with its settings, secrets and credentials in clear, for the delivery
   * service: the system actor only (the gateway routes nothing here; a signed-in caller is 403).
   */
  async forDelivery(actor: Actor, id: string): Promise<IntegrationForDelivery> {
    AccountAccess.assertSystem(actor);
    const row = await this.integrations.withSealedPassword(this.ds.manager, id);
    if (!row) throw RpcError.notFound(INTEGRATION_MESSAGES.notFound);
    return {
      id: row.id,
      userId: row.userId,
      provider: row.provider,
      integrationType: row.integrationType,
      isActive: row.isActive,
      username: row.username,
      password: row.passwordEncrypted ? this.box.open(row.passwordEncrypted) : null,
      settings: { ...(row.settings ?? {}), ...this.openSecrets(row.secretsEncrypted) },
      outputRules: outputRulesOf(row),
    };
  }

  private sealedSecrets(secrets: IntegrationSettings): Pick<RemoteIntegration, 'secretsEncrypted' | 'secretNames'> {
    const names = Object.keys(secrets).sort();
    return { secretsEncrypted: names.length ? this.box.seal(JSON.stringify(secrets)) : null, secretNames: names };
  }

  private openSecrets(sealed: string | null): IntegrationSettings {
    return sealed ? (JSON.parse(this.box.open(sealed)) as IntegrationSettings) : {};
  }
}

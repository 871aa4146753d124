import { providerSettings, type IntegrationForDelivery, type IntegrationSettings, type IntegrationType, type SettingValue } from '@app/contracts';
import type { DeliveryAttempt, DeliveryReceipt } from './order-deliverer';

/** One file of a delivery, made by the output rules and ready to write. */
export interface PreparedFile {
  name: string;
  bytes: Buffer;
  /** hex SHA-256 of `bytes` */
  sha256: string;
  contentType: string;
  imageId: string;
  position: number;
  angleName: string | null;
  /** the images service's 24-hour link when the file is the processed picture as it is; null when the rules changed it */
  url: string | null;
}

/** Everything one attempt needs: the integration with its settings and credentials, the order and its files. */
export interface DeliveryJob {
  attempt: DeliveryAttempt;
  integration: IntegrationForDelivery;
  order: { id: string; orderName: string; accountId: string };
  files: PreparedFile[];
}

/** The deliverer of one integration type (a registry picks it by the integration's type). */
export interface TypeDeliverer {
  readonly types: readonly IntegrationType[];
  /** writes the files; throws DeliveryFailure. Writing the same job again leaves one copy of each file. */
  deliver(job: DeliveryJob): Promise<DeliveryReceipt>;
  /** connects and checks the destination without writing a delivery; answers what was reached, throws DeliveryFailure */
  test(integration: IntegrationForDelivery): Promise<string>;
}

/** The integration's settings with the provider's defaults for those not set. */
export function resolvedSettings(integration: Pick<IntegrationForDelivery, 'provider' | 'settings'>): IntegrationSettings {
  const out: IntegrationSettings = {};
  for (const s of providerSettings(integration.provider)) {
    const value: SettingValue | undefined = integration.settings[s.name];
    if (value !== undefined && value !== '') out[s.name] = value;
    else if (s.defaultValue !== undefined) out[s.name] = s.defaultValue;
  }
  return out;
}

export const str = (settings: IntegrationSettings, name: string): string => {
  const v = settings[name];
  return v === undefined ? '' : String(v);
};

/** `a/b/` + `c.jpg`, with single slashes, without a leading one (object keys, blob names) */
export function joinKey(prefix: string, name: string): string {
  const clean = prefix.split('/').filter(Boolean).join('/');
  return clean ? `${clean}/${name}` : name;
}

/** Fails with ETIMEDOUT (a "Timeout:" failure) after `ms`: for calls without a timeout of their own (the minio client, a name lookup). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`timed out after ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
    }),
  ]);
}

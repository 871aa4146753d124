import { providerSettings, type IntegrationSettings } from '@app/contracts';

/**
 * The hosts an integration's settings send deliveries to: the FTP host, the host of each URL
 * (endpoint, account URL) and the blob endpoint an Azure connection string names. The
 * save-time check runs each through the outbound policy.
 */
export function integrationTargets(provider: string, settings: IntegrationSettings): string[] {
  const hosts: string[] = [];
  for (const s of providerSettings(provider)) {
    const value = settings[s.name];
    if (typeof value !== 'string' || value === '') continue;
    if (s.kind === 'host') hosts.push(value);
    else if (s.kind === 'url') hosts.push(...hostOfUrl(value));
    else if (s.name === 'connectionString') hosts.push(...azureConnectionStringHosts(value));
  }
  return hosts;
}

function hostOfUrl(url: string): string[] {
  try {
    return [new URL(url).hostname];
  } catch {
    return [];
  }
}

/**
 * Where an Azure connection string sends requests: its `BlobEndpoint`, the development
 * storage (`UseDevelopmentStorage=true`: 127.0.0.1, or its proxy), or
 * `<AccountName>.blob.<EndpointSuffix>`.
 */
export function azureConnectionStringHosts(connectionString: string): string[] {
  const parts = new Map<string, string>();
  for (const pair of connectionString.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) parts.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim());
  }
  if (parts.get('usedevelopmentstorage')?.toLowerCase() === 'true') return hostOfUrl(parts.get('developmentstorageproxyuri') || 'http://127.0.0.1:10000');
  const endpoint = parts.get('blobendpoint');
  if (endpoint) return hostOfUrl(endpoint);
  const account = parts.get('accountname');
  return account ? [`${account}.blob.${parts.get('endpointsuffix') || 'core.windows.net'}`] : [];
}

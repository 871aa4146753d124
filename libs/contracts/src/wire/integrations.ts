export const INTEGRATION_TYPES = ['FTP', 'BLOB', 'REMOTE_INTEGRATION', 'ROBOT', 'API'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/**
 * Delivery targets an account can be connected to: dealer-system APIs, FTP targets,
 * classified-ad portals, blob storage and the product's own API. The delivery service knows
 * how to deliver to each type.
 */
export const INTEGRATION_PROVIDERS: ReadonlyArray<{ provider: string; label: string; integrationType: IntegrationType }> = [
  { provider: 'DMS_REST_API', label: 'Dealer management system (REST)', integrationType: 'API' },
  { provider: 'DMS_SOAP_API', label: 'Dealer management system (SOAP)', integrationType: 'API' },
  { provider: 'INVENTORY_SYNC_API', label: 'Inventory sync API', integrationType: 'API' },
  { provider: 'WEBHOOK_API', label: 'HTTP webhook', integrationType: 'API' },
  { provider: 'PRODUCT_API', label: 'Photo service API (pull)', integrationType: 'API' },
  { provider: 'GENERIC_FTP', label: 'FTP server', integrationType: 'FTP' },
  { provider: 'DEALER_FTP', label: 'Dealer website FTP', integrationType: 'FTP' },
  { provider: 'PORTAL_FTP', label: 'Portal image FTP', integrationType: 'FTP' },
  { provider: 'FTPS', label: 'FTP over TLS', integrationType: 'FTP' },
  { provider: 'AD_PORTAL_NORDIC', label: 'Classified-ad portal (Nordic)', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AD_PORTAL_EU', label: 'Classified-ad portal (Europe)', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AD_PORTAL_MOBILE', label: 'Mobile classified-ad portal', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'MARKETPLACE_FEED', label: 'Marketplace feed', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'LEASING_PORTAL', label: 'Leasing portal', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AZURE_BLOB', label: 'Azure Blob Storage', integrationType: 'BLOB' },
  { provider: 'S3_BUCKET', label: 'S3 bucket', integrationType: 'BLOB' },
  { provider: 'SHAREPOINT', label: 'SharePoint library', integrationType: 'BLOB' },
  { provider: 'DELIVERY_ROBOT', label: 'Delivery robot', integrationType: 'ROBOT' },
  { provider: 'CUSTOM_ROBOT', label: 'Custom integration robot', integrationType: 'ROBOT' },
];

export function providerInfo(provider: string) {
  return INTEGRATION_PROVIDERS.find((p) => p.provider === provider);
}

export interface IntegrationView {
  id: string;
  userId: string;
  provider: string;
  label: string;
  integrationType: IntegrationType;
  isActive: boolean;
  Username: string | null;
  /** whether a password is stored; the password itself never leaves the users service */
  hasPassword: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderView {
  provider: string;
  label: string;
  integrationType: IntegrationType;
}

export const INTEGRATION_MESSAGES = {
  notFound: 'Integration not found',
  duplicate: 'This provider is already added to the account',
} as const;

import { azureConnectionStringHosts, integrationTargets } from './integration-targets';

describe('integrationTargets: where an integration\'s settings send deliveries', () => {
  it('names the FTP host, the host of each URL and nothing for a robot', () => {
    expect(integrationTargets('GENERIC_FTP', { host: '[::1]', port: 21, path: '/in' })).toEqual(['[::1]']);
    expect(integrationTargets('WEBHOOK_API', { endpointUrl: 'http://2130706433:8080/hooks', signingSecret: 's' })).toEqual(['127.0.0.1']);
    expect(integrationTargets('S3_BUCKET', { endpoint: 'https://s3.dealer.example', bucket: 'photos' })).toEqual(['s3.dealer.example']);
    expect(integrationTargets('DELIVERY_ROBOT', {})).toEqual([]);
  });

  it('reads an Azure connection string: its blob endpoint, the development storage, or the account\'s default host', () => {
    expect(azureConnectionStringHosts('DefaultEndpointsProtocol=http;AccountName=a;AccountKey=k==;BlobEndpoint=http://127.0.0.1:10000/a;')).toEqual(['127.0.0.1']);
    expect(azureConnectionStringHosts('UseDevelopmentStorage=true')).toEqual(['127.0.0.1']);
    expect(azureConnectionStringHosts('UseDevelopmentStorage=true;DevelopmentStorageProxyUri=http://10.0.0.9')).toEqual(['10.0.0.9']);
    expect(azureConnectionStringHosts('DefaultEndpointsProtocol=https;AccountName=dealer;AccountKey=k==;EndpointSuffix=core.chinacloudapi.cn')).toEqual(['dealer.blob.core.chinacloudapi.cn']);
    expect(azureConnectionStringHosts('AccountName=dealer;AccountKey=k==')).toEqual(['dealer.blob.core.windows.net']);
    expect(integrationTargets('AZURE_BLOB', { accountUrl: 'https://dealer.blob.core.windows.net', connectionString: 'BlobEndpoint=http://169.254.169.254/', container: 'c' })).toEqual([
      'dealer.blob.core.windows.net',
      '169.254.169.254',
    ]);
  });
});

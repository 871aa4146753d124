import { Namespace } from '@app/contracts';
import { connectNats, deleteStreams } from '@app/messaging';
import { testInfra, uniqueToken } from './infra';

export interface TestNamespace {
  /** the NATS_NAMESPACE value */
  prefix: string;
  namespace: Namespace;
  /** deletes this run's streams (and with them their consumers) */
  cleanup(): Promise<void>;
}

/** Subjects and stream names of their own for one test file on the shared NATS server. */
export function createTestNamespace(label: string): TestNamespace {
  const prefix = uniqueToken(label);
  const namespace = new Namespace(prefix);
  return {
    prefix,
    namespace,
    cleanup: async () => {
      const nc = await connectNats(testInfra.natsUrl, `cleanup-${prefix}`);
      try {
        await deleteStreams(nc, namespace);
      } finally {
        await nc.close();
      }
    },
  };
}

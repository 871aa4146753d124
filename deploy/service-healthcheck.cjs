'use strict';
/**
 * Whether a service answers at all: asks `health.<service>` over NATS, as the gateway's
 * health route does, and exits 0 when an instance answers. With several replicas any of
 * them may answer, so this says "the service answers", not "this replica answers": the
 * containers' own healthchecks ask `/health/ready` on their operations port instead (see
 * deploy/README.md, Health). Usage: node deploy/service-healthcheck.cjs <service>
 * Reads NATS_URL and NATS_NAMESPACE like the services.
 */
const { connect } = require('nats');

const service = process.argv[2];
if (!service) {
  process.stderr.write('usage: node deploy/service-healthcheck.cjs <service>\n');
  process.exit(2);
}
const namespace = process.env.NATS_NAMESPACE || '';
const subject = `health.${service}`;
const packet = {
  pattern: subject,
  id: `healthcheck-${process.pid}`,
  data: { actor: { userId: null, role: 'System', permissions: [], requestId: `healthcheck-${process.pid}` }, data: {} },
};

async function main() {
  const nc = await connect({ servers: (process.env.NATS_URL || 'nats://127.0.0.1:4222').split(','), timeout: 2000, reconnect: false });
  try {
    const msg = await nc.request(namespace ? `${namespace}.${subject}` : subject, JSON.stringify(packet), { timeout: 2000 });
    const reply = JSON.parse(new TextDecoder().decode(msg.data));
    return reply && reply.err == null ? 0 : 1;
  } finally {
    await nc.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${service} does not answer: ${err.message}\n`);
    process.exit(1);
  },
);

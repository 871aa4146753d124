/**
 * The Kubernetes manifests of deploy/k8s, rendered as `kubectl apply -k` would (test/deploy/
 * kustomize.ts) and checked without a cluster: every object against the Kubernetes API schema
 * (kubernetes-models) or its operator's (KEDA, CloudNativePG), then the rules of the product:
 * probes, sizes, a non-root pod, selectors that select, autoscalers and budgets that fit
 * their Deployments, network policies that select pods, the image set by kustomize.
 * Each rule is also run on a copy broken on purpose, so that a rule that can no longer fail
 * is noticed.
 */
import { PIPELINE_DURABLES, STREAMS } from '@app/contracts';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Cluster, ScheduledBackup } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { parse } from 'yaml';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { applyComponentTo, containersOf, renderKustomization, renderWithComponents, type RenderedObject } from './kustomize';

const ROOT = join(__dirname, '../..');
const K8S = join(ROOT, 'deploy/k8s');
const IMAGE = 'registry.example.com/dealer-photo:0.1.0';
/** the segmenter's own image (AGPL-3.0 model inside): only the segmenter runs it */
const SEGMENTER_IMAGE = 'registry.example.com/dealer-photo-segmenter:0.1.0';
const NAMESPACE = 'dealer-photo';

type Model = { validate(): void };
const MODELS: Record<string, new (data: any) => Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
  'postgresql.cnpg.io/v1/Cluster': Cluster,
  'postgresql.cnpg.io/v1/ScheduledBackup': ScheduledBackup,
};

/** Kinds no installed package has a schema for, each with the reason it is still shipped. */
const NOT_VALIDATED: Record<string, string> = {
  'monitoring.coreos.com/v1/PodMonitor':
    'the Prometheus operator publishes no model package here; the optional component is checked by the rules below (it selects existing pods on the port `ops`)',
};

/** the processes of the product (every folder of services/, and the gateway) */
const SERVICES = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
/** the services with a schema of their own to migrate (the segmenter has no database) */
const MIGRATING = SERVICES.filter((s) => existsSync(join(ROOT, 'services', s, 'src/migrations')));
/**
 * The segmenter: a plain HTTP server of its own (not the NestJS service kit): everything on one
 * port, SEGMENTER_PORT, no operations port; the pipeline workers are its only clients.
 */
const SEGMENTER = { name: 'segmenter', port: 7070, component: 'segmenter' };
/** the longest one inference takes on the segmenter's core (side 1024), and the queue it finishes after SIGTERM too (SEGMENTER_QUEUE x 1.3 s at side 768) */
const INFERENCE_S = 2.3;
const SEGMENTER_QUEUE_S = 4 * 1.3;
const isSegmenter = (o: RenderedObject) => (o.spec as any)?.template?.metadata?.labels?.['app.kubernetes.io/component'] === SEGMENTER.component;

/** The longest a process takes to stop after SIGTERM before it exits anyway (libs/service-kit bootstrap), plus the preStop pause. */
const PROCESS_SHUTDOWN_S = 15;
const PRESTOP_S = 5;

const key = (o: RenderedObject) => `${o.apiVersion}/${o.kind}`;
const id = (o: RenderedObject) => `${o.kind} ${o.metadata.name}`;
const ofKind = <T = any>(objs: RenderedObject[], kind: string) => objs.filter((o) => o.kind === kind) as unknown as Array<RenderedObject & T>;
const clone = (objs: RenderedObject[]): RenderedObject[] =>
  objs.map((o) => Object.defineProperty(structuredClone(o), 'source', { value: o.source, enumerable: false }) as RenderedObject);

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpr = (selector.matchExpressions ?? []).every((e) => {
    switch (e.operator) {
      case 'In':
        return e.values!.includes(labels[e.key]);
      case 'NotIn':
        return !e.values!.includes(labels[e.key]);
      case 'Exists':
        return e.key in labels;
      case 'DoesNotExist':
        return !(e.key in labels);
      default:
        throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return byLabels && byExpr;
}

/** Labels of the pods the objects will run: pod templates, and the pods CloudNativePG makes for a Cluster. */
function podLabels(objs: RenderedObject[]): Array<{ owner: string; labels: Record<string, string> }> {
  const pods: Array<{ owner: string; labels: Record<string, string> }> = [];
  for (const o of objs) {
    const spec = o.spec as any;
    if (['Deployment', 'StatefulSet', 'Job'].includes(o.kind)) pods.push({ owner: id(o), labels: spec?.template?.metadata?.labels ?? {} });
    if (o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/')) pods.push({ owner: id(o), labels: { 'cnpg.io/cluster': o.metadata.name } });
  }
  return pods;
}

/**
 * The backups docs/operations.md describes: the CloudNativePG Cluster archives its WAL to an
 * object store that is not the pictures' MinIO, at the latest every few minutes
 * (`archive_timeout`, the RPO), keeps its backups for a retention period, and a ScheduledBackup
 * of that Cluster takes a base backup every night (six cron fields, the first the seconds) and
 * one at once; the bucket set-up turns versioning on and expires earlier versions.
 */
function backupProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  for (const db of ofKind(objs, 'Cluster') as any[]) {
    const store = db.spec.backup?.barmanObjectStore;
    if (!store?.destinationPath?.startsWith('s3://')) problems.push(`Cluster ${db.metadata.name}: no backup to an object store (spec.backup.barmanObjectStore)`);
    else if (/minio/.test(store.endpointURL ?? '')) problems.push(`Cluster ${db.metadata.name}: backs up to the MinIO that holds the pictures`);
    if (!/^\d+[dwm]$/.test(db.spec.backup?.retentionPolicy ?? '')) problems.push(`Cluster ${db.metadata.name}: no retention policy for its backups`);
    const timeout = Number(/^(\d+)min$/.exec(db.spec.postgresql?.parameters?.archive_timeout ?? '')?.[1] ?? NaN);
    if (!(timeout > 0 && timeout <= 15)) problems.push(`Cluster ${db.metadata.name}: archive_timeout must be 1 to 15 min (the RPO when writes are few)`);
    const scheduled = (ofKind(objs, 'ScheduledBackup') as any[]).filter((b) => b.spec.cluster?.name === db.metadata.name);
    if (scheduled.length === 0) problems.push(`Cluster ${db.metadata.name}: no ScheduledBackup`);
    for (const b of scheduled) {
      const fields = String(b.spec.schedule).split(' ');
      if (fields.length !== 6 || !fields.slice(0, 3).every((f) => /^\d+$/.test(f))) problems.push(`ScheduledBackup ${b.metadata.name}: "${b.spec.schedule}" is not once a day (six fields, seconds first)`);
      if (b.spec.method !== 'barmanObjectStore' || b.spec.immediate !== true) problems.push(`ScheduledBackup ${b.metadata.name}: must use the object store and run once at once`);
    }
  }
  const setup = (ofKind(objs, 'Job') as any[]).find((j) => j.metadata.name === 'bucket-setup');
  if (setup) {
    const script = containersOf(setup)[0].args.join('\n');
    if (!/mc version enable "tenant\/\$S3_BUCKET"/.test(script)) problems.push('Job bucket-setup: the bucket\'s versioning is not turned on');
    if (!/mc ilm rule add --noncurrent-expire-days \d+ "tenant\/\$S3_BUCKET"/.test(script)) problems.push('Job bucket-setup: earlier versions never expire');
  }
  return problems;
}

function schemaProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  for (const o of objs) {
    const Model = MODELS[key(o)];
    if (!Model) {
      if (!NOT_VALIDATED[key(o)]) problems.push(`${id(o)} (${o.source}): no schema for ${key(o)}; validate it or list it with a reason`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (err) {
      problems.push(`${id(o)} (${o.source}): ${(err as Error).message}`);
    }
  }
  return problems;
}

/** Probes, requests and limits, a non-root pod, and a selector that matches the template. */
function workloadProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  for (const w of [...ofKind(objs, 'Deployment'), ...ofKind(objs, 'StatefulSet')]) {
    const spec = w.spec as any;
    const pod = spec.template.spec;
    if (!selects(spec.selector, spec.template.metadata?.labels ?? {})) problems.push(`${id(w)}: its selector does not match its pod template's labels`);
    for (const c of pod.containers) {
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) if (!c[probe]) problems.push(`${id(w)} ${c.name}: no ${probe}`);
      for (const kind of ['requests', 'limits']) for (const r of ['cpu', 'memory']) if (!c.resources?.[kind]?.[r]) problems.push(`${id(w)} ${c.name}: no ${r} in ${kind}`);
      const nonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      if (nonRoot !== true || user === 0) problems.push(`${id(w)} ${c.name}: may run as root`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${id(w)} ${c.name}: allows privilege escalation`);
    }
  }
  return problems;
}

/** The product's own processes: operations port, health paths, scrape annotations, a clean stop. */
function productProcessProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  const config = ofKind(objs, 'ConfigMap').find((c) => c.metadata.name === 'dealer-photo-config') as any;
  if (config?.data?.OPS_PORT !== '9090') problems.push('ConfigMap dealer-photo-config: OPS_PORT is not 9090');
  for (const d of ofKind(objs, 'Deployment').filter((x) => !isSegmenter(x))) {
    const pod = (d.spec as any).template;
    const c = pod.spec.containers[0];
    const ops = (c.ports ?? []).find((p: any) => p.name === 'ops');
    if (ops?.containerPort !== 9090) problems.push(`${id(d)}: no container port named ops on 9090`);
    const paths: Record<string, string> = { startupProbe: '/health/live', livenessProbe: '/health/live', readinessProbe: '/health/ready' };
    for (const [probe, path] of Object.entries(paths)) {
      if (c[probe]?.httpGet?.path !== path || c[probe]?.httpGet?.port !== 'ops') problems.push(`${id(d)}: ${probe} is not GET ${path} on the port ops`);
    }
    const a = pod.metadata.annotations ?? {};
    if (a['prometheus.io/scrape'] !== 'true' || a['prometheus.io/port'] !== '9090' || a['prometheus.io/path'] !== '/metrics') {
      problems.push(`${id(d)}: no Prometheus scrape annotations for 9090/metrics`);
    }
    const sleep = c.lifecycle?.preStop?.exec?.command;
    if (!(Array.isArray(sleep) && sleep[0] === 'sleep' && Number(sleep[1]) >= PRESTOP_S)) problems.push(`${id(d)}: no preStop pause of ${PRESTOP_S} s`);
    if (!((pod.spec.terminationGracePeriodSeconds ?? 30) > PRESTOP_S + PROCESS_SHUTDOWN_S)) {
      problems.push(`${id(d)}: terminationGracePeriodSeconds not longer than the preStop pause and the process's shutdown (${PRESTOP_S + PROCESS_SHUTDOWN_S} s)`);
    }
  }
  return problems;
}

/**
 * The segmenter: its own image, one port for the model and its health and metrics, probes that
 * wait for the model, one whole core, memory for side 768, no credentials, a stop that lets the
 * running inference end, and a Service in front of it.
 */
function segmenterProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  const d = ofKind(objs, 'Deployment').find((x) => x.metadata.name === SEGMENTER.name) as any;
  if (!d) return [`no Deployment ${SEGMENTER.name}`];
  const pod = d.spec.template;
  const c = pod.spec.containers[0];
  const env = Object.fromEntries((c.env ?? []).map((e: any) => [e.name, e.value]));
  if (c.image !== SEGMENTER_IMAGE) problems.push(`${id(d)}: image ${c.image} is not ${SEGMENTER_IMAGE}`);
  const http = (c.ports ?? []).find((p: any) => p.name === 'http');
  if (http?.containerPort !== SEGMENTER.port || env.SEGMENTER_PORT !== String(SEGMENTER.port)) problems.push(`${id(d)}: does not serve on a port named http, ${SEGMENTER.port} (SEGMENTER_PORT)`);
  const paths: Record<string, string> = { startupProbe: '/health/ready', livenessProbe: '/health/live', readinessProbe: '/health/ready' };
  for (const [probe, path] of Object.entries(paths)) {
    if (c[probe]?.httpGet?.path !== path || c[probe]?.httpGet?.port !== 'http') problems.push(`${id(d)}: ${probe} is not GET ${path} on the port http`);
  }
  // the model loads and warms up in 3-10 s: give it a minute at least before a restart
  const startup = c.startupProbe ? (c.startupProbe.periodSeconds ?? 10) * (c.startupProbe.failureThreshold ?? 3) : 0;
  if (startup < 60) problems.push(`${id(d)}: the startup probe gives the model ${startup} s to load, under 60 s`);
  const a = pod.metadata.annotations ?? {};
  if (a['prometheus.io/scrape'] !== 'true' || a['prometheus.io/port'] !== String(SEGMENTER.port) || a['prometheus.io/path'] !== '/metrics') {
    problems.push(`${id(d)}: no Prometheus scrape annotations for ${SEGMENTER.port}/metrics`);
  }
  const r = c.resources ?? {};
  if (r.requests?.cpu !== '1' || r.limits?.cpu !== '1') problems.push(`${id(d)}: its CPU is not one whole core, requested and limited`);
  const gib = (q: string | undefined) => (q?.endsWith('Gi') ? Number(q.slice(0, -2)) : q?.endsWith('Mi') ? Number(q.slice(0, -2)) / 1024 : NaN);
  // 1.2 GB resident at side 768 (about 1.12 GiB)
  if (!(gib(r.requests?.memory) >= 1.25 && gib(r.limits?.memory) >= gib(r.requests?.memory))) problems.push(`${id(d)}: memory ${r.requests?.memory} / ${r.limits?.memory} leaves no headroom over 1.2 GB at side 768`);
  if (env.SEGMENTER_SIDE !== '768' || env.SEGMENTER_THREADS !== '1') problems.push(`${id(d)}: not side 768 on one thread, what its sizes are for`);
  if (!env.SEGMENTER_MODEL?.endsWith('.onnx')) problems.push(`${id(d)}: SEGMENTER_MODEL names no .onnx file`);
  if ((c.envFrom ?? []).length > 0 || (c.env ?? []).some((e: any) => e.valueFrom)) problems.push(`${id(d)}: reads configuration or secrets it does not need`);
  const sleep = c.lifecycle?.preStop?.exec?.command;
  if (!(Array.isArray(sleep) && sleep[0] === 'sleep' && Number(sleep[1]) >= PRESTOP_S)) problems.push(`${id(d)}: no preStop pause of ${PRESTOP_S} s`);
  if (!((pod.spec.terminationGracePeriodSeconds ?? 30) > PRESTOP_S + INFERENCE_S + SEGMENTER_QUEUE_S)) {
    problems.push(`${id(d)}: terminationGracePeriodSeconds not longer than the preStop pause, one inference and its queue`);
  }
  const svc = ofKind(objs, 'Service').find((s) => s.metadata.name === SEGMENTER.name) as any;
  if (!svc) problems.push(`no Service ${SEGMENTER.name}`);
  else {
    if (!selects({ matchLabels: svc.spec.selector }, pod.metadata.labels)) problems.push(`Service ${SEGMENTER.name}: does not select the segmenter's pods`);
    const port = (svc.spec.ports ?? []).find((p: any) => p.port === SEGMENTER.port);
    if (!port || (port.targetPort !== 'http' && port.targetPort !== SEGMENTER.port)) problems.push(`Service ${SEGMENTER.name}: no port ${SEGMENTER.port} to the container's`);
  }
  return problems;
}

/** The pipeline's configuration names the segmenter Service, on its port, path /segment. */
function pipelineSegmenterProblems(objs: RenderedObject[]): string[] {
  const config = (ofKind(objs, 'ConfigMap').find((c) => c.metadata.name === 'dealer-photo-config') as any)?.data ?? {};
  const problems: string[] = [];
  if (config.PIPELINE_SEGMENTER !== 'http') problems.push(`PIPELINE_SEGMENTER is ${config.PIPELINE_SEGMENTER}, not http`);
  let url: URL | null = null;
  try {
    url = new URL(config.PIPELINE_SEGMENTER_URL);
  } catch {
    problems.push(`PIPELINE_SEGMENTER_URL ${config.PIPELINE_SEGMENTER_URL} is no URL`);
  }
  const svc = ofKind(objs, 'Service').find((s) => s.metadata.name === url?.hostname) as any;
  if (url && (!svc || !isSegmenterService(objs, svc))) problems.push(`PIPELINE_SEGMENTER_URL names ${url.hostname}, which is not the segmenter's Service`);
  if (url && svc && !(svc.spec.ports ?? []).some((p: any) => String(p.port) === url!.port)) problems.push(`PIPELINE_SEGMENTER_URL's port ${url.port} is not the Service's`);
  if (url && url.pathname !== '/segment') problems.push(`PIPELINE_SEGMENTER_URL's path ${url.pathname} is not /segment`);
  if (config.PIPELINE_SEGMENT_SIZE !== '1024') problems.push(`PIPELINE_SEGMENT_SIZE is ${config.PIPELINE_SEGMENT_SIZE}, not 1024`);
  return problems;
}

function isSegmenterService(objs: RenderedObject[], svc: any): boolean {
  return ofKind(objs, 'Deployment').some((d) => isSegmenter(d) && selects({ matchLabels: svc.spec.selector }, (d.spec as any).template.metadata.labels));
}

/**
 * Who may open a connection to the pods of `owner` on `port` under the network policies: the
 * owners of pods in the namespace, and the namespaces named (`ns:<name>`). Default deny
 * assumed (checked apart); the policies that select the pods and have Ingress add up.
 */
function allowedIn(objs: RenderedObject[], owner: string, port: number): string[] {
  const pods = podLabels(objs);
  const target = pods.find((p) => p.owner === owner);
  if (!target) throw new Error(`no pods of ${owner}`);
  const allowed = new Set<string>();
  for (const np of ofKind(objs, 'NetworkPolicy') as any[]) {
    if (!selects(np.spec.podSelector, target.labels) || !(np.spec.policyTypes ?? ['Ingress']).includes('Ingress')) continue;
    for (const rule of np.spec.ingress ?? []) {
      if (rule.ports && !rule.ports.some((p: any) => p.port === port)) continue;
      for (const peer of rule.from ?? [{}]) {
        if (peer.ipBlock) allowed.add(`ip:${peer.ipBlock.cidr}`);
        else if (peer.namespaceSelector) allowed.add(`ns:${peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? JSON.stringify(peer.namespaceSelector)}`);
        else for (const p of pods) if (selects(peer.podSelector ?? {}, p.labels)) allowed.add(p.owner);
      }
    }
  }
  return [...allowed].sort();
}

/** Whether the pods of `from` may connect out to the pods of `to` on `port`. */
function allowedOut(objs: RenderedObject[], from: string, to: string, port: number): boolean {
  const pods = podLabels(objs);
  const a = pods.find((p) => p.owner === from)!;
  const b = pods.find((p) => p.owner === to)!;
  return (ofKind(objs, 'NetworkPolicy') as any[]).some(
    (np) =>
      selects(np.spec.podSelector, a.labels) &&
      (np.spec.policyTypes ?? []).includes('Egress') &&
      (np.spec.egress ?? []).some(
        (rule: any) => (!rule.ports || rule.ports.some((p: any) => p.port === port)) && (rule.to ?? []).some((peer: any) => peer.podSelector && !peer.namespaceSelector && selects(peer.podSelector, b.labels)),
      ),
  );
}

function autoscalers(objs: RenderedObject[]): Array<{ who: string; target: string; min: number; max: number }> {
  return [
    ...ofKind(objs, 'HorizontalPodAutoscaler').map((h: any) => ({
      who: id(h),
      target: h.spec.scaleTargetRef.name,
      kind: h.spec.scaleTargetRef.kind,
      min: h.spec.minReplicas ?? 1,
      max: h.spec.maxReplicas,
    })),
    ...ofKind(objs, 'ScaledObject').map((s: any) => ({
      who: id(s),
      target: s.spec.scaleTargetRef.name,
      kind: s.spec.scaleTargetRef.kind ?? 'Deployment',
      min: s.spec.minReplicaCount ?? 0,
      // KEDA's default maximum
      max: s.spec.maxReplicaCount ?? 100,
    })),
  ].map((a) => {
    if (a.kind !== 'Deployment') throw new Error(`${a.who} scales a ${a.kind}: only Deployments are expected`);
    return a;
  });
}

/** Each autoscaler scales an existing Deployment, alone, which leaves the count to it; a PDB for every Deployment of more than one replica. */
function scalingProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind(objs, 'Deployment');
  const scalers = autoscalers(objs);
  for (const s of scalers) {
    const d = deployments.find((x) => x.metadata.name === s.target);
    if (!d) problems.push(`${s.who}: targets ${s.target}, which is no Deployment`);
    else if ((d.spec as any).replicas !== undefined) problems.push(`${s.who}: Deployment ${s.target} sets replicas, which every apply would reset`);
    if (scalers.filter((x) => x.target === s.target).length > 1) problems.push(`${s.who}: ${s.target} has more than one autoscaler`);
  }
  for (const d of deployments) {
    const min = (d.spec as any).replicas ?? scalers.find((s) => s.target === d.metadata.name)?.min ?? 1;
    const labels = (d.spec as any).template.metadata.labels;
    const pdb = ofKind(objs, 'PodDisruptionBudget').find((p: any) => selects(p.spec.selector, labels));
    if (min > 1 && !pdb) problems.push(`${id(d)}: runs ${min} replicas or more and has no PodDisruptionBudget`);
  }
  for (const p of ofKind(objs, 'PodDisruptionBudget')) {
    if (!podLabels(objs).some((pod) => selects((p.spec as any).selector, pod.labels))) problems.push(`${id(p)}: selects no pod`);
  }
  return problems;
}

/** A network policy and every pod peer it names (without a namespace) select pods that exist. */
function networkPolicyProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  const pods = podLabels(objs);
  const anyPod = (sel: LabelSelector) => pods.some((p) => selects(sel, p.labels));
  for (const np of ofKind(objs, 'NetworkPolicy')) {
    const spec = np.spec as any;
    if (!anyPod(spec.podSelector)) problems.push(`${id(np)}: selects no pod`);
    const peers = [...(spec.ingress ?? []).flatMap((r: any) => r.from ?? []), ...(spec.egress ?? []).flatMap((r: any) => r.to ?? [])];
    for (const peer of peers) {
      if (peer.podSelector && !peer.namespaceSelector && !anyPod(peer.podSelector)) problems.push(`${id(np)}: a peer selects no pod (${JSON.stringify(peer.podSelector)})`);
    }
  }
  const denyAll = ofKind(objs, 'NetworkPolicy').find((np: any) => Object.keys(np.spec.podSelector).length === 0 && !np.spec.ingress && !np.spec.egress);
  if (!denyAll || JSON.stringify((denyAll.spec as any).policyTypes) !== JSON.stringify(['Ingress', 'Egress'])) problems.push('no default-deny NetworkPolicy for ingress and egress');
  return problems;
}

/** The product's image is named by kustomize only; other images name a version. */
function imageProblems(objs: RenderedObject[]): string[] {
  const problems: string[] = [];
  for (const o of objs) {
    for (const c of containersOf(o)) {
      const image = String(c.image);
      if (image.includes('dealer-photo') && image !== IMAGE && image !== SEGMENTER_IMAGE) problems.push(`${id(o)} ${c.name}: image ${image} is not one kustomize sets (${IMAGE}, ${SEGMENTER_IMAGE})`);
      if (!image.includes('dealer-photo') && (!/:[^/:]+$/.test(image) || image.endsWith(':latest'))) problems.push(`${id(o)} ${c.name}: image ${image} names no version`);
    }
  }
  return problems;
}

const rendered = renderKustomization(K8S);
const withComponents = renderWithComponents(K8S, ['components/prometheus-operator', 'components/external-data']);
const migrate = renderKustomization(join(K8S, 'migrate'));

describe('deploy/k8s rendered', () => {
  it('holds the whole installation in one namespace', () => {
    expect(rendered.length).toBeGreaterThan(30);
    expect(rendered.filter((o) => o.metadata.namespace !== NAMESPACE).map(id)).toEqual([]);
    const names = rendered.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('validates every object against its API schema, the optional components and the migration Job too', () => {
    expect(schemaProblems(rendered)).toEqual([]);
    expect(schemaProblems(withComponents)).toEqual([]);
    expect(schemaProblems(migrate)).toEqual([]);
  });

  it('gives every Deployment and StatefulSet probes, requests and limits, a non-root pod and a selector matching its template', () => {
    expect(workloadProblems(rendered)).toEqual([]);
  });

  it("runs every process of the product with its operations port, health probes, scrape annotations and a clean stop", () => {
    expect(ofKind(rendered, 'Deployment').map((d) => d.metadata.name).sort()).toEqual(
      ['gateway', ...SERVICES.filter((s) => s !== 'pipeline' && s !== SEGMENTER.name), 'pipeline-bulk', 'pipeline-live', SEGMENTER.name].sort(),
    );
    expect(productProcessProblems(rendered)).toEqual([]);
  });

  it('scales every Deployment by one autoscaler at most, targeting Deployments that exist, with a budget where more than one replica runs', () => {
    expect(scalingProblems(rendered)).toEqual([]);
    const min = Object.fromEntries(autoscalers(rendered).map((a) => [a.target, a.min]));
    // the live lane always has a worker; the bulk lane has none while it is idle
    expect(min['pipeline-live']).toBe(1);
    expect(min['pipeline-bulk']).toBe(0);
  });

  it('lets only named traffic through: default deny, and every policy and peer selecting pods that exist', () => {
    expect(networkPolicyProblems(rendered)).toEqual([]);
    expect(networkPolicyProblems(withComponents)).toEqual([]);
  });

  it('sets the image of the product through kustomize, in the installation and in the migration Job alike', () => {
    expect(imageProblems(rendered)).toEqual([]);
    expect(imageProblems(migrate)).toEqual([]);
    // the manifests themselves name the image only as `dealer-photo`: one place sets the release
    const unset = [...renderKustomization(join(K8S, 'base')), ...renderKustomization(join(K8S, 'infra'))];
    const named = unset.flatMap((o) => containersOf(o).map((c) => String(c.image))).filter((i) => i.includes('dealer-photo'));
    expect(named.length).toBeGreaterThan(8);
    expect(new Set(named)).toEqual(new Set(['dealer-photo', 'dealer-photo-segmenter']));
  });

  it('reads the pipeline lanes KEDA scales on from the stream and consumers the product creates, on the NATS monitoring port', () => {
    const triggers = ofKind(rendered, 'ScaledObject').flatMap((s: any) => s.spec.triggers.filter((t: any) => t.type === 'nats-jetstream').map((t: any) => ({ so: s.metadata.name, ...t.metadata })));
    expect(triggers.map((t) => [t.so, t.stream, t.consumer])).toEqual([
      ['pipeline-live', STREAMS.PIPELINE.name, PIPELINE_DURABLES.live],
      ['pipeline-bulk', STREAMS.PIPELINE.name, PIPELINE_DURABLES.bulk],
    ]);
    const headless = ofKind(rendered, 'Service').find((s: any) => s.spec.clusterIP === 'None' && s.metadata.name === 'nats-headless') as any;
    for (const t of triggers) {
      expect(t.natsServerMonitoringEndpoint).toBe(`${headless.metadata.name}.${NAMESPACE}.svc.cluster.local:8222`);
    }
    expect(headless.spec.ports.map((p: any) => p.port)).toContain(8222);
  });

  it('runs NATS as a three-server JetStream cluster and keeps each stream in three copies', () => {
    const nats = ofKind(rendered, 'StatefulSet').find((s) => s.metadata.name === 'nats') as any;
    expect(nats.spec.replicas).toBe(3);
    const conf = (ofKind(rendered, 'ConfigMap').find((c) => c.metadata.name === 'nats-config') as any).data['nats.conf'] as string;
    for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.${nats.spec.serviceName}:6222`);
    expect(conf).toMatch(/jetstream \{/);
    const config = (ofKind(rendered, 'ConfigMap').find((c) => c.metadata.name === 'dealer-photo-config') as any).data;
    expect(Number(config.NATS_STREAM_REPLICAS)).toBe(3);
    expect(config.NATS_URL.split(',')).toHaveLength(3);
  });

  it("keeps the database's connections enough for every replica the autoscalers may start", () => {
    const [db] = ofKind(rendered, 'Cluster') as any[];
    const config = (ofKind(rendered, 'ConfigMap').find((c) => c.metadata.name === 'dealer-photo-config') as any).data;
    const max = Object.fromEntries(autoscalers(rendered).map((a) => [a.target, a.max]));
    let total = 0;
    for (const d of ofKind(rendered, 'Deployment') as any[]) {
      const c = d.spec.template.spec.containers[0];
      if (!(c.env ?? []).some((e: any) => e.name === 'DATABASE_URL')) continue;
      const pool = Number((c.env as any[]).find((e) => e.name === 'DATABASE_POOL_SIZE')?.value ?? config.DATABASE_POOL_SIZE);
      // the pool, and the outbox relay's listener beside it
      total += (max[d.metadata.name] ?? d.spec.replicas ?? 1) * (pool + 1);
    }
    // what the operator, the migration Job and a person at psql need
    const spare = 20;
    expect(total).toBeGreaterThan(300);
    expect(total + spare).toBeLessThanOrEqual(Number(db.spec.postgresql.parameters.max_connections));
  });

  it('runs PostgreSQL through CloudNativePG with three instances, whose app secret is what the processes read', () => {
    const [db] = ofKind(rendered, 'Cluster') as any[];
    expect(db.spec.instances).toBe(3);
    const refs = rendered.flatMap((o) => containersOf(o)).flatMap((c) => (c.env ?? []).filter((e: any) => e.name === 'DATABASE_URL'));
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(r.valueFrom.secretKeyRef).toEqual({ name: `${db.metadata.name}-app`, key: 'uri' });
  });

  it('backs PostgreSQL up to an object store (WAL within minutes, a base backup every night) and keeps earlier versions of the pictures (docs/operations.md)', () => {
    expect(backupProblems(rendered)).toEqual([]);
  });

  it('runs MinIO distributed over four servers that each list all four', () => {
    const minio = ofKind(rendered, 'StatefulSet').find((s) => s.metadata.name === 'minio') as any;
    expect(minio.spec.replicas).toBe(4);
    expect(minio.spec.template.spec.containers[0].args).toContain(`http://minio-{0...3}.${minio.spec.serviceName}.${NAMESPACE}.svc.cluster.local/data`);
  });

  it('migrates every service in the release Job, each with its own command', () => {
    const [job] = ofKind(migrate, 'Job') as any[];
    const commands = containersOf(job).map((c) => c.command.join(' '));
    expect(commands.sort()).toEqual(MIGRATING.map((s) => `node dist/services/${s}/src/main.js migrate`).sort());
    expect(MIGRATING).not.toContain(SEGMENTER.name);
  });
});

describe('deploy/k8s: the segmenter', () => {
  const segmenterPods = `Deployment ${SEGMENTER.name}`;

  it('runs as a process of its own: its image, one port, probes that wait for the model, one core, memory for side 768, a stop after the running inference', () => {
    expect(segmenterProblems(rendered)).toEqual([]);
    // the product's image never runs it, and it runs nothing else
    const images = rendered.flatMap((o) => containersOf(o).map((c) => ({ who: id(o), image: String(c.image) })));
    expect(images.filter((i) => i.image === SEGMENTER_IMAGE).map((i) => i.who)).toEqual([segmenterPods]);
  });

  it("is where the pipeline's configuration sends the segment step", () => {
    expect(pipelineSegmenterProblems(rendered)).toEqual([]);
    // every pipeline worker reads that configuration
    for (const name of ['pipeline-live', 'pipeline-bulk']) {
      const d = ofKind(rendered, 'Deployment').find((x) => x.metadata.name === name) as any;
      const c = d.spec.template.spec.containers[0];
      expect((c.envFrom ?? []).map((e: any) => e.configMapRef?.name)).toContain('dealer-photo-config');
      expect((c.env ?? []).map((e: any) => e.name)).not.toContain('PIPELINE_SEGMENTER_URL');
    }
  });

  it('is scaled on its CPU between two replicas and the pipeline workers it serves, one disrupted at a time', () => {
    const scaler = autoscalers(rendered).find((a) => a.target === SEGMENTER.name)!;
    expect(scaler.who).toBe(`HorizontalPodAutoscaler ${SEGMENTER.name}`);
    expect(scaler.min).toBe(2);
    const pipelineMax = autoscalers(rendered)
      .filter((a) => a.target.startsWith('pipeline-'))
      .reduce((n, a) => n + a.max, 0);
    // a pipeline worker has one segment request in flight at most
    expect(scaler.max).toBeLessThanOrEqual(pipelineMax);
    const hpa = ofKind(rendered, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === SEGMENTER.name) as any;
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
    const pdb = ofKind(rendered, 'PodDisruptionBudget').find((p) => p.metadata.name === SEGMENTER.name) as any;
    expect(pdb.spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': SEGMENTER.name } } });
  });

  it('may be reached by the pipeline workers only, and scraped from the monitoring namespace; it reaches nothing', () => {
    expect(allowedIn(rendered, segmenterPods, SEGMENTER.port)).toEqual(['Deployment pipeline-bulk', 'Deployment pipeline-live', 'ns:monitoring']);
    for (const from of ['Deployment pipeline-live', 'Deployment pipeline-bulk']) expect(allowedOut(rendered, from, segmenterPods, SEGMENTER.port)).toBe(true);
    for (const from of ['Deployment gateway', 'Deployment images', 'Deployment delivery']) expect(allowedOut(rendered, from, segmenterPods, SEGMENTER.port)).toBe(false);
    // no egress policy selects it: default deny leaves it DNS only
    const egress = (ofKind(rendered, 'NetworkPolicy') as any[]).filter(
      (np) => (np.spec.policyTypes ?? []).includes('Egress') && (np.spec.egress ?? []).length > 0 && selects(np.spec.podSelector, { 'app.kubernetes.io/name': SEGMENTER.name, 'app.kubernetes.io/component': SEGMENTER.component }),
    );
    expect(egress.map((np) => np.metadata.name)).toEqual(['allow-dns']);
    // the same with the optional components (external-data opens egress for the backends only)
    expect(allowedIn(withComponents, segmenterPods, SEGMENTER.port)).toEqual(['Deployment pipeline-bulk', 'Deployment pipeline-live', 'ns:monitoring']);
  });

  it("is scraped by the Prometheus operator's component on its own port", () => {
    const monitors = ofKind(withComponents, 'PodMonitor') as any[];
    const labels = (ofKind(rendered, 'Deployment').find((d) => d.metadata.name === SEGMENTER.name)!.spec as any).template.metadata.labels;
    const mine = monitors.filter((m) => selects(m.spec.selector, labels));
    expect(mine).toHaveLength(1);
    expect(mine[0].spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'http', path: '/metrics' })]);
    // every other monitor's port is one the pods it selects have
    for (const m of monitors.filter((x) => x !== mine[0])) expect(m.spec.podMetricsEndpoints.map((e: any) => e.port)).toEqual(['ops']);
  });

  it('moves to a GPU node pool with components/segmenter-gpu only, which is off by default', () => {
    const gpu = renderWithComponents(K8S, ['components/segmenter-gpu']);
    expect(schemaProblems(gpu)).toEqual([]);
    expect(workloadProblems(gpu)).toEqual([]);
    expect(scalingProblems(gpu)).toEqual([]);
    const pod = (ofKind(gpu, 'Deployment').find((d) => d.metadata.name === SEGMENTER.name)!.spec as any).template.spec;
    const c = pod.containers[0];
    expect(c.env.filter((e: any) => e.name === 'SEGMENTER_PROVIDER')).toEqual([{ name: 'SEGMENTER_PROVIDER', value: 'cuda' }]);
    expect(c.resources.limits['nvidia.com/gpu']).toBe('1');
    expect(Object.keys(pod.nodeSelector)).toHaveLength(1);
    expect(pod.tolerations).toEqual([expect.objectContaining({ key: 'nvidia.com/gpu', effect: 'NoSchedule' })]);
    const hpa = ofKind(gpu, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === SEGMENTER.name) as any;
    expect(hpa.spec.maxReplicas).toBeLessThanOrEqual(4);
    // nothing else changes
    const others = (objs: RenderedObject[]) => objs.filter((o) => o.metadata.name !== SEGMENTER.name || !['Deployment', 'HorizontalPodAutoscaler'].includes(o.kind));
    expect(others(gpu)).toEqual(others(rendered));
    // the default installation: on CPU, no GPU asked for, the component not listed
    const cpu = (ofKind(rendered, 'Deployment').find((d) => d.metadata.name === SEGMENTER.name)!.spec as any).template.spec;
    expect(cpu.containers[0].env).toContainEqual({ name: 'SEGMENTER_PROVIDER', value: 'cpu' });
    expect(JSON.stringify(rendered)).not.toContain('nvidia.com/gpu');
    expect(parse(readFileSync(join(K8S, 'kustomization.yaml'), 'utf8')).components ?? []).not.toContain('components/segmenter-gpu');
  });
});

describe('the rules fail on manifests broken on purpose', () => {
  const broken = (edit: (objs: RenderedObject[]) => void) => {
    const objs = clone(rendered);
    edit(objs);
    return objs;
  };
  const find = (objs: RenderedObject[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name) as any;

  it('a field of the wrong type, or a kind nobody validates', () => {
    const objs = broken((o) => {
      find(o, 'Deployment', 'orders').spec.template.spec.containers[0].resources.limits.cpu = 'one core';
      o.push({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });
    });
    const problems = schemaProblems(objs);
    expect(problems).toEqual([expect.stringContaining('Deployment orders'), expect.stringContaining('no schema for example.com/v1/Widget')]);
    expect(problems[0]).toContain('limits/cpu');
  });

  it('a database without its backup or schedule, a schedule every minute, a bucket without versioning', () => {
    const objs = broken((o) => {
      const db = find(o, 'Cluster', 'dealer-photo-db');
      db.spec.backup.barmanObjectStore.endpointURL = 'http://minio:9000';
      delete db.spec.postgresql.parameters.archive_timeout;
      find(o, 'ScheduledBackup', 'dealer-photo-db-nightly').spec.schedule = '* * * * * *';
      const setup = find(o, 'Job', 'bucket-setup');
      setup.spec.template.spec.containers[0].args = [setup.spec.template.spec.containers[0].args[0].replace(/mc version enable.*\n/, '')];
    });
    expect(backupProblems(objs)).toEqual([
      expect.stringContaining('the MinIO that holds the pictures'),
      expect.stringContaining('archive_timeout'),
      expect.stringContaining('is not once a day'),
      expect.stringContaining('versioning is not turned on'),
    ]);
    const gone = broken((o) => o.splice(o.indexOf(find(o, 'ScheduledBackup', 'dealer-photo-db-nightly')), 1));
    expect(backupProblems(gone)).toEqual([expect.stringContaining('no ScheduledBackup')]);
  });

  it('a Deployment without a readiness probe or a memory limit, running as root, or selecting other pods', () => {
    const objs = broken((o) => {
      const c = find(o, 'Deployment', 'images').spec.template.spec.containers[0];
      delete c.readinessProbe;
      delete c.resources.limits.memory;
      find(o, 'StatefulSet', 'nats').spec.template.spec.securityContext.runAsNonRoot = false;
      find(o, 'Deployment', 'users').spec.selector.matchLabels['app.kubernetes.io/name'] = 'user';
    });
    expect(workloadProblems(objs)).toEqual([
      'Deployment users: its selector does not match its pod template\'s labels',
      'Deployment images images: no readinessProbe',
      'Deployment images images: no memory in limits',
      'StatefulSet nats nats: may run as root',
    ]);
  });

  it('a process whose liveness probe asks the API port, or that stops before its shutdown is over', () => {
    const objs = broken((o) => {
      find(o, 'Deployment', 'gateway').spec.template.spec.containers[0].livenessProbe.httpGet.port = 'http';
      find(o, 'Deployment', 'delivery').spec.template.spec.terminationGracePeriodSeconds = 10;
    });
    expect(productProcessProblems(objs)).toEqual([
      'Deployment gateway: livenessProbe is not GET /health/live on the port ops',
      expect.stringContaining('Deployment delivery: terminationGracePeriodSeconds'),
    ]);
  });

  it('a ScaledObject targeting a renamed Deployment, an HPA on a Deployment that sets replicas, a budget gone', () => {
    const objs = broken((o) => {
      find(o, 'ScaledObject', 'pipeline-bulk').spec.scaleTargetRef.name = 'pipeline-batch';
      find(o, 'Deployment', 'orders').spec.replicas = 2;
      o.splice(o.indexOf(find(o, 'PodDisruptionBudget', 'statistics')), 1);
    });
    expect(scalingProblems(objs)).toEqual([
      'HorizontalPodAutoscaler orders: Deployment orders sets replicas, which every apply would reset',
      'ScaledObject pipeline-bulk: targets pipeline-batch, which is no Deployment',
      'Deployment statistics: runs 2 replicas or more and has no PodDisruptionBudget',
    ]);
  });

  it('a network policy or a peer selecting pods nobody runs, and no default deny', () => {
    const objs = broken((o) => {
      find(o, 'NetworkPolicy', 'delivery-internet-egress').spec.podSelector.matchLabels['app.kubernetes.io/name'] = 'deliveries';
      find(o, 'NetworkPolicy', 'gateway-egress').spec.egress[0].to[0].podSelector.matchLabels['app.kubernetes.io/name'] = 'nats-server';
      o.splice(o.indexOf(find(o, 'NetworkPolicy', 'default-deny')), 1);
    });
    expect(networkPolicyProblems(objs)).toEqual([
      'NetworkPolicy gateway-egress: a peer selects no pod ({"matchLabels":{"app.kubernetes.io/name":"nats-server"}})',
      'NetworkPolicy delivery-internet-egress: selects no pod',
      'no default-deny NetworkPolicy for ingress and egress',
    ]);
  });

  it('an image written by hand instead of by kustomize, and one without a version', () => {
    const objs = broken((o) => {
      find(o, 'Deployment', 'statistics').spec.template.spec.containers[0].image = 'registry.example.com/dealer-photo:latest';
      find(o, 'StatefulSet', 'nats').spec.template.spec.containers[0].image = 'nats';
    });
    expect(imageProblems(objs)).toEqual([
      'StatefulSet nats nats: image nats names no version',
      expect.stringContaining('Deployment statistics statistics: image registry.example.com/dealer-photo:latest is not one kustomize sets'),
    ]);
  });

  it('a kustomization using a feature the renderer does not implement', () => {
    expect(() => renderKustomization(join(__dirname, 'fixtures/unsupported'))).toThrow('this renderer does not implement configMapGenerator');
  });

  it('a segmenter with its probes on another port, stopped before its inference ends, reading the secrets, on the product image', () => {
    const objs = broken((o) => {
      const d = find(o, 'Deployment', SEGMENTER.name);
      const c = d.spec.template.spec.containers[0];
      c.readinessProbe.httpGet.port = 'ops';
      c.startupProbe.failureThreshold = 5;
      c.envFrom = [{ secretRef: { name: 'dealer-photo-secrets' } }];
      c.image = IMAGE;
      d.spec.template.spec.terminationGracePeriodSeconds = 8;
    });
    expect(segmenterProblems(objs)).toEqual([
      `Deployment segmenter: image ${IMAGE} is not ${SEGMENTER_IMAGE}`,
      'Deployment segmenter: readinessProbe is not GET /health/ready on the port http',
      'Deployment segmenter: the startup probe gives the model 10 s to load, under 60 s',
      'Deployment segmenter: reads configuration or secrets it does not need',
      'Deployment segmenter: terminationGracePeriodSeconds not longer than the preStop pause, one inference and its queue',
    ]);
  });

  it("a pipeline pointed elsewhere, and a segmenter the gateway may reach", () => {
    const objs = broken((o) => {
      const config = find(o, 'ConfigMap', 'dealer-photo-config').data;
      config.PIPELINE_SEGMENTER_URL = 'http://segmentation:7070/mask';
      find(o, 'NetworkPolicy', 'segmenter-ingress').spec.ingress[0].from.push({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } });
    });
    expect(pipelineSegmenterProblems(objs)).toEqual([
      "PIPELINE_SEGMENTER_URL names segmentation, which is not the segmenter's Service",
      "PIPELINE_SEGMENTER_URL's path /mask is not /segment",
    ]);
    expect(allowedIn(objs, 'Deployment segmenter', SEGMENTER.port)).toContain('Deployment gateway');
  });

  it('a patch whose test fails, or whose target is gone', () => {
    const dir = join(K8S, 'components/segmenter-gpu');
    const objs = clone(rendered);
    const c = find(objs, 'Deployment', SEGMENTER.name).spec.template.spec.containers[0];
    c.env.unshift({ name: 'EXTRA', value: '1' });
    expect(() => applyComponentTo(objs, dir)).toThrow(/test \/spec\/template\/spec\/containers\/0\/env\/4\/name/);
    const gone = clone(rendered).filter((o) => !(o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === SEGMENTER.name));
    expect(() => applyComponentTo(gone, dir)).toThrow('matches no object');
  });
});

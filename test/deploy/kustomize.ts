import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** One rendered object, with the file it came from (for messages). */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
  /** where it was read, relative to the rendered directory's root: not part of the object */
  source?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  components?: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
}

/** The fields of a kustomization this renderer implements; any other fails the render. */
const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'images']);
/** kinds that live outside namespaces (kustomize leaves their namespace unset) */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'ClusterTriggerAuthentication']);

function readYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as unknown;
  });
}

function podSpecsOf(obj: RenderedObject): Array<Record<string, unknown>> {
  const spec = obj.spec as Record<string, any> | undefined;
  if (!spec) return [];
  if (obj.kind === 'CronJob') return [spec.jobTemplate?.spec?.template?.spec].filter(Boolean);
  return [spec.template?.spec].filter(Boolean);
}

/** Every container of a pod template, init containers included. */
export function containersOf(obj: RenderedObject): Array<Record<string, any>> {
  return podSpecsOf(obj).flatMap((pod) => [...((pod.initContainers as any[]) ?? []), ...((pod.containers as any[]) ?? [])]);
}

function setImages(objects: RenderedObject[], images: NonNullable<Kustomization['images']>): void {
  for (const obj of objects) {
    for (const container of containersOf(obj)) {
      const image = String(container.image ?? '');
      const name = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
      const rule = images.find((i) => i.name === name);
      if (!rule) continue;
      const tag = rule.newTag ?? (image.includes(':') ? image.slice(name.length + 1) : undefined);
      container.image = `${rule.newName ?? name}${tag ? `:${tag}` : ''}`;
    }
  }
}

/**
 * Renders a kustomization directory as `kubectl kustomize` would, for the part of kustomize
 * the manifests use: `resources` (files, and directories holding a kustomization), `components`
 * (directories of kind Component adding their resources), `namespace` and `images`. Anything
 * else in a kustomization throws, so that a manifest using more of kustomize is noticed here
 * instead of being checked wrongly.
 */
export function renderKustomization(dir: string, root: string = dir): RenderedObject[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${relative(root, dir) || '.'}: no kustomization.yaml`);
  const k = readYaml(file)[0] as Kustomization;
  const unknown = Object.keys(k).filter((f) => !KNOWN_FIELDS.has(f));
  if (unknown.length > 0) throw new Error(`${relative(root, file)}: this renderer does not implement ${unknown.join(', ')}`);

  const objects: RenderedObject[] = [];
  for (const entry of [...(k.resources ?? []), ...(k.components ?? [])]) {
    const path = join(dir, entry);
    if (!existsSync(path)) throw new Error(`${relative(root, file)}: ${entry} does not exist`);
    if (statSync(path).isDirectory()) {
      objects.push(...renderKustomization(path, root));
      continue;
    }
    for (const doc of readYaml(path)) {
      if (doc === null || doc === undefined) continue;
      const obj = doc as RenderedObject;
      if (!obj.apiVersion || !obj.kind || !obj.metadata?.name) {
        throw new Error(`${relative(root, path)}: an object without apiVersion, kind or metadata.name`);
      }
      Object.defineProperty(obj, 'source', { value: relative(root, path), enumerable: false });
      objects.push(obj);
    }
  }
  if (k.namespace) {
    for (const obj of objects) if (!CLUSTER_SCOPED.has(obj.kind)) obj.metadata.namespace = k.namespace;
  }
  if (k.images) setImages(objects, k.images);
  return objects;
}

/** The kustomization directory of `entry` (resources and components) with a component added. */
export function renderWithComponents(dir: string, components: string[]): RenderedObject[] {
  const base = renderKustomization(dir);
  const k = readYaml(join(dir, 'kustomization.yaml'))[0] as Kustomization;
  const added = components.flatMap((c) => renderKustomization(join(dir, c), dir));
  if (k.namespace) for (const obj of added) if (!CLUSTER_SCOPED.has(obj.kind)) obj.metadata.namespace = k.namespace;
  return [...base, ...added];
}

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
  patches?: Patch[];
}

/** A JSON patch (RFC 6902) in a file, on the objects its target names: the one form of `patches` implemented. */
interface Patch {
  path?: string;
  patch?: string;
  target?: { group?: string; version?: string; kind?: string; name?: string };
}

interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

/** The fields of a kustomization this renderer implements; any other fails the render. */
const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'images', 'patches']);
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

/** JSON pointer (RFC 6901) segments of a patch path. */
function pointer(path: string): string[] {
  if (!path.startsWith('/')) throw new Error(`patch path ${path} is not a JSON pointer`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Applies JSON patch operations (add, remove, replace, test) to one object, in place; a path that is not there throws. */
function applyOperations(obj: RenderedObject, ops: PatchOperation[], where: string): void {
  for (const op of ops) {
    const segments = pointer(op.path);
    const last = segments.pop()!;
    let parent: any = obj;
    for (const s of segments) {
      parent = Array.isArray(parent) ? parent[Number(s)] : parent?.[s];
      if (parent === undefined || parent === null || typeof parent !== 'object') throw new Error(`${where}: ${op.op} ${op.path}: ${s} is not there`);
    }
    const isArray = Array.isArray(parent);
    const index = last === '-' ? parent.length : Number(last);
    const has = isArray ? Number.isInteger(index) && index >= 0 && index < parent.length : Object.prototype.hasOwnProperty.call(parent, last);
    switch (op.op) {
      case 'add':
        if (isArray) parent.splice(index, 0, structuredClone(op.value));
        else parent[last] = structuredClone(op.value);
        break;
      case 'replace':
        if (!has) throw new Error(`${where}: replace ${op.path}: nothing to replace`);
        if (isArray) parent[index] = structuredClone(op.value);
        else parent[last] = structuredClone(op.value);
        break;
      case 'remove':
        if (!has) throw new Error(`${where}: remove ${op.path}: nothing to remove`);
        if (isArray) parent.splice(index, 1);
        else delete parent[last];
        break;
      case 'test': {
        const value = isArray ? parent[index] : parent[last];
        if (JSON.stringify(value) !== JSON.stringify(op.value)) throw new Error(`${where}: test ${op.path}: ${JSON.stringify(value)} is not ${JSON.stringify(op.value)}`);
        break;
      }
      default:
        throw new Error(`${where}: this renderer does not implement the patch operation ${(op as { op: string }).op}`);
    }
  }
}

/** `patches` of a kustomization or a component: JSON patches on the objects rendered so far that their target names (one at least). */
function applyPatches(objects: RenderedObject[], patches: Patch[], dir: string, root: string): void {
  for (const p of patches) {
    const where = relative(root, join(dir, p.path ?? 'kustomization.yaml'));
    const ops = (p.path ? readYaml(join(dir, p.path))[0] : p.patch ? parseAllDocuments(p.patch)[0]?.toJS() : undefined) as PatchOperation[] | undefined;
    if (!Array.isArray(ops) || !p.target) throw new Error(`${where}: this renderer implements JSON patches with a target only`);
    const t = p.target;
    const targets = objects.filter((o) => {
      const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
      return (
        (t.kind === undefined || o.kind === t.kind) &&
        (t.name === undefined || o.metadata.name === t.name) &&
        (t.group === undefined || group === t.group) &&
        (t.version === undefined || version === t.version)
      );
    });
    if (targets.length === 0) throw new Error(`${where}: its target ${JSON.stringify(t)} matches no object`);
    for (const o of targets) applyOperations(o, ops, where);
  }
}

function readKustomization(dir: string, root: string): Kustomization {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${relative(root, dir) || '.'}: no kustomization.yaml`);
  const k = readYaml(file)[0] as Kustomization;
  const unknown = Object.keys(k).filter((f) => !KNOWN_FIELDS.has(f));
  if (unknown.length > 0) throw new Error(`${relative(root, file)}: this renderer does not implement ${unknown.join(', ')}`);
  return k;
}

/** A component's resources added to `objects`, then its patches applied to them all (as kustomize applies a component to what includes it). */
function addComponent(objects: RenderedObject[], dir: string, root: string): void {
  const k = readKustomization(dir, root);
  objects.push(...renderKustomization(dir, root, { patches: false }));
  applyPatches(objects, k.patches ?? [], dir, root);
}

/**
 * Renders a kustomization directory as `kubectl kustomize` would, for the part of kustomize
 * the manifests use: `resources` (files, and directories holding a kustomization), `components`
 * (directories of kind Component adding their resources and patching what includes them),
 * `patches` (JSON patches with a target), `namespace` and `images`. Anything else in a
 * kustomization throws, so that a manifest using more of kustomize is noticed here instead of
 * being checked wrongly.
 */
export function renderKustomization(dir: string, root: string = dir, options: { patches: boolean } = { patches: true }): RenderedObject[] {
  const file = join(dir, 'kustomization.yaml');
  const k = readKustomization(dir, root);

  const objects: RenderedObject[] = [];
  for (const entry of k.resources ?? []) {
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
  for (const entry of k.components ?? []) {
    const path = join(dir, entry);
    if (!existsSync(path)) throw new Error(`${relative(root, file)}: ${entry} does not exist`);
    addComponent(objects, path, root);
  }
  if (options.patches) applyPatches(objects, k.patches ?? [], dir, root);
  if (k.namespace) {
    for (const obj of objects) if (!CLUSTER_SCOPED.has(obj.kind)) obj.metadata.namespace = k.namespace;
  }
  if (k.images) setImages(objects, k.images);
  return objects;
}

/** The kustomization directory `dir` (resources and components) with more components added, as if listed in it. */
export function renderWithComponents(dir: string, components: string[]): RenderedObject[] {
  const objects = renderKustomization(dir);
  const k = readKustomization(dir, dir);
  const before = new Set(objects);
  for (const c of components) addComponent(objects, join(dir, c), dir);
  if (k.namespace) for (const obj of objects) if (!before.has(obj) && !CLUSTER_SCOPED.has(obj.kind)) obj.metadata.namespace = k.namespace;
  if (k.images) setImages(objects, k.images);
  return objects;
}

/** A component applied to objects already rendered (its resources added, its patches applied), for tests of the patching itself. */
export function applyComponentTo(objects: RenderedObject[], componentDir: string): RenderedObject[] {
  addComponent(objects, componentDir, componentDir);
  return objects;
}

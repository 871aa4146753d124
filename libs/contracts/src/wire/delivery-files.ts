import type { OutputRulesView as OutputRules } from '../http/schemas/users.schemas';
import { OUTPUT_EXTENSIONS, safeDeliveryName } from './integrations';

/**
 * The files a delivery writes, under an integration's output rules: the rules a new
 * integration starts with, and the plan of names the deliverers and the integrations tab's
 * preview share.
 */

export const DEFAULT_OUTPUT_RULES: OutputRules = {
  positions: [],
  maxFiles: null,
  width: null,
  height: null,
  format: 'jpeg',
  quality: 90,
  fileNamePattern: '{orderName}-{position}',
  logo: false,
  editedLabel: false,
};

/** A picture of an order as the output rules see it. */
export interface DeliverablePicture {
  position: number;
  angleName: string | null;
}

/** One file a delivery will write: which picture, as which name. */
export interface PlannedFile<P extends DeliverablePicture = DeliverablePicture> {
  picture: P;
  /** 1-based, in the order the files are sent */
  index: number;
  name: string;
}

/**
 * The files a delivery writes for an order under the rules: the positions chosen (in the
 * rules' order, else by position), at most `maxFiles`, named by the pattern with the
 * format's extension. Names are made safe, and a name given twice gets `-2`, `-3` …
 * The deliverers and the integrations tab's preview both use it.
 */
export function planDeliveryFiles<P extends DeliverablePicture>(rules: OutputRules, orderName: string, pictures: readonly P[]): PlannedFile<P>[] {
  const byPosition = [...pictures].sort((a, b) => a.position - b.position);
  let chosen: P[];
  if (rules.positions.length) {
    chosen = [];
    for (const position of rules.positions) {
      const picture = byPosition.find((p) => p.position === position);
      if (picture && !chosen.includes(picture)) chosen.push(picture);
    }
  } else {
    chosen = byPosition;
  }
  if (rules.maxFiles !== null) chosen = chosen.slice(0, rules.maxFiles);
  const ext = OUTPUT_EXTENSIONS[rules.format];
  const taken = new Set<string>();
  return chosen.map((picture, i) => {
    const index = i + 1;
    const base = safeDeliveryName(
      rules.fileNamePattern
        .replaceAll('{orderName}', orderName)
        .replaceAll('{position}', String(picture.position))
        .replaceAll('{angle}', picture.angleName ?? `position ${picture.position}`)
        .replaceAll('{index}', String(index)),
    );
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.${ext}`;
    taken.add(name.toLowerCase());
    return { picture, index, name };
  });
}

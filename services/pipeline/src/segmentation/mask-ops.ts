/**
 * Operations on binary masks (Uint8Array, 1 = set), used by the classical segmenter.
 */

/** Keeps only the largest 4-connected region of set pixels. */
export function keepLargestRegion(mask: Uint8Array, w: number, h: number): void {
  const label = new Int32Array(w * h);
  const queue = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = next;
    while (head < tail) {
      const i = queue[head++];
      const x = i % w;
      if (x > 0 && mask[i - 1] && !label[i - 1]) (label[i - 1] = next), (queue[tail++] = i - 1);
      if (x < w - 1 && mask[i + 1] && !label[i + 1]) (label[i + 1] = next), (queue[tail++] = i + 1);
      if (i >= w && mask[i - w] && !label[i - w]) (label[i - w] = next), (queue[tail++] = i - w);
      if (i < w * (h - 1) && mask[i + w] && !label[i + w]) (label[i + w] = next), (queue[tail++] = i + w);
    }
    if (tail > bestSize) {
      bestSize = tail;
      best = next;
    }
  }
  for (let i = 0; i < mask.length; i++) mask[i] = label[i] === best && best !== 0 ? 1 : 0;
}

/** Sets every unset pixel that cannot reach the border through unset pixels (holes). */
export function fillHoles(mask: Uint8Array, w: number, h: number): void {
  const outside = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let tail = 0;
  const seed = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const x = i % w;
    if (x > 0) seed(i - 1);
    if (x < w - 1) seed(i + 1);
    if (i >= w) seed(i - w);
    if (i < w * (h - 1)) seed(i + w);
  }
  for (let i = 0; i < mask.length; i++) if (!outside[i]) mask[i] = 1;
}

/** Binary erosion (`erode`) or dilation with a square of radius 1, `times` times. */
export function morph(mask: Uint8Array, w: number, h: number, erode: boolean, times: number): Uint8Array {
  let src = mask;
  for (let t = 0; t < times; t++) {
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let acc = erode ? 1 : 0;
        for (let dy = -1; dy <= 1 && acc === (erode ? 1 : 0); dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= h) {
            if (erode) acc = 0;
            continue;
          }
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= w) {
              if (erode) acc = 0;
              continue;
            }
            const v = src[yy * w + xx];
            if (erode && !v) {
              acc = 0;
              break;
            }
            if (!erode && v) {
              acc = 1;
              break;
            }
          }
        }
        out[y * w + x] = acc;
      }
    }
    src = out;
  }
  return src;
}

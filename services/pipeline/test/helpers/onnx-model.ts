/**
 * Writes small ONNX models for the tests: a hand-written protobuf encoder for the few
 * messages of onnx.proto a model needs (ModelProto, GraphProto, NodeProto, TensorProto,
 * ValueInfoProto), so no Python or model download is needed.
 */

type Field = Buffer;

function varint(n: number | bigint): Buffer {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

const tag = (field: number, wire: number) => varint((field << 3) | wire);
/** a varint field (int32, int64, enum) */
const int = (field: number, value: number): Field => Buffer.concat([tag(field, 0), varint(value)]);
/** a length-delimited field (string, bytes, sub-message) */
const bytes = (field: number, value: Buffer): Field => Buffer.concat([tag(field, 2), varint(value.length), value]);
const str = (field: number, value: string): Field => bytes(field, Buffer.from(value, 'utf8'));
const msg = (field: number, ...parts: Field[]): Field => bytes(field, Buffer.concat(parts));

const FLOAT = 1;

/** A dimension: a number, or a name for a dynamic one. */
export type Dim = number | string;

function valueInfo(field: number, name: string, dims: Dim[]): Field {
  const shape = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  // ValueInfoProto { name = 1; type = 2 { tensor_type = 1 { elem_type = 1; shape = 2 { dim = 1 } } } }
  return msg(field, str(1, name), msg(2, msg(1, int(1, FLOAT), msg(2, ...shape))));
}

function floatTensor(name: string, dims: number[], values: number[]): Field {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  // TensorProto { dims = 1; data_type = 2; name = 8; raw_data = 9 }
  return msg(5, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, raw));
}

function node(opType: string, inputs: string[], outputs: string[], name: string): Field {
  // NodeProto { input = 1; output = 2; name = 3; op_type = 4 }
  return msg(1, ...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(3, name), str(4, opType));
}

export interface RedDetectorOptions {
  /** input [1, 3, H, W]: numbers for a fixed size, names for a dynamic one */
  height: Dim;
  width: Dim;
  /** end with a Sigmoid (probabilities) or not (logits) */
  sigmoid: boolean;
  /** channels of the input (3 for a usable model; 1 to make one that does not fit) */
  channels?: number;
}

/**
 * A segmentation model that finds red: a 1x1 convolution scoring red minus the mean of green
 * and blue (planar RGB input on 0..1), optionally through a sigmoid. Used with mean 0 and
 * std 1 it marks the test car's red body as car.
 */
export function redDetectorModel(o: RedDetectorOptions): Buffer {
  const channels = o.channels ?? 3;
  const k = 20;
  const weights = channels === 3 ? [k, -k / 2, -k / 2] : [k];
  const conv = node('Conv', ['image', 'w', 'b'], [o.sigmoid ? 'score' : 'mask'], 'redness');
  const nodes = o.sigmoid ? [conv, node('Sigmoid', ['score'], ['mask'], 'probability')] : [conv];
  const graph = msg(
    7,
    ...nodes,
    str(2, 'red-detector'),
    floatTensor('w', [1, channels, 1, 1], weights),
    floatTensor('b', [1], [-0.25 * k]),
    valueInfo(11, 'image', [1, channels, o.height, o.width]),
    valueInfo(12, 'mask', [1, 1, o.height, o.width]),
  );
  // ModelProto { ir_version = 1; producer_name = 2; graph = 7; opset_import = 8 { domain = 1; version = 2 } }
  return Buffer.concat([int(1, 8), str(2, 'pipeline-tests'), graph, msg(8, str(1, ''), int(2, 13))]);
}

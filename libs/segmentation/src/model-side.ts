import { messageField, parseMessage, readVarint, text, varintField, varintValue, writeMessage, type ProtoField } from './protobuf';

/**
 * Field numbers of the ONNX protobuf messages (onnx/onnx.proto) this module reads and writes.
 * ModelProto.graph; GraphProto.node, .initializer, .input, .output, .value_info; NodeProto.input,
 * .op_type; TensorProto.dims, .data_type, .int64_data, .name, .raw_data; ValueInfoProto.name,
 * .type; TypeProto.tensor_type; TypeProto.Tensor.shape; TensorShapeProto.dim; Dimension.dim_value.
 */
const ONNX = {
  model: { graph: 7 },
  graph: { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 },
  node: { input: 1, opType: 4 },
  tensor: { dims: 1, dataType: 2, int64Data: 7, name: 8, rawData: 9 },
  valueInfo: { name: 1, type: 2 },
  type: { tensor: 1 },
  tensorType: { shape: 2 },
  shape: { dim: 1 },
  dim: { value: 1 },
} as const;
const INT64 = 7;

export interface ModelSide {
  /** the model file to load */
  model: Buffer;
  /** the side the file was made for (its input's fixed height = width), or null when the input is not a fixed square */
  nativeSide: number | null;
  /** the side the returned model takes */
  side: number | null;
}

const field = (fields: ProtoField[], no: number) => fields.find((f) => f.no === no);
const fieldIndex = (fields: ProtoField[], no: number) => fields.findIndex((f) => f.no === no);

/** The fixed dimensions of a value's tensor shape (null for a symbolic one), or null without a shape. */
function shapeOf(valueInfo: ProtoField[]): (number | null)[] | null {
  const type = field(valueInfo, ONNX.valueInfo.type);
  const tensor = type && field(parseMessage(type.value), ONNX.type.tensor);
  const shape = tensor && field(parseMessage(tensor.value), ONNX.tensorType.shape);
  if (!shape) return null;
  return parseMessage(shape.value)
    .filter((d) => d.no === ONNX.shape.dim)
    .map((d) => {
      const v = field(parseMessage(d.value), ONNX.dim.value);
      return v ? Number(varintValue(v)) : null;
    });
}

/** The value with its last two fixed dimensions multiplied by `k`. */
function scaleShape(valueInfo: ProtoField[], k: number): ProtoField[] {
  const ti = fieldIndex(valueInfo, ONNX.valueInfo.type);
  if (ti < 0) return valueInfo;
  const type = parseMessage(valueInfo[ti].value);
  const tti = fieldIndex(type, ONNX.type.tensor);
  if (tti < 0) return valueInfo;
  const tensor = parseMessage(type[tti].value);
  const si = fieldIndex(tensor, ONNX.tensorType.shape);
  if (si < 0) return valueInfo;
  const dims = parseMessage(tensor[si].value);
  const count = dims.filter((d) => d.no === ONNX.shape.dim).length;
  let index = 0;
  const scaled = dims.map((d) => {
    if (d.no !== ONNX.shape.dim) return d;
    const position = index++;
    const v = field(parseMessage(d.value), ONNX.dim.value);
    if (position < count - 2 || !v) return d;
    return messageField(ONNX.shape.dim, [varintField(ONNX.dim.value, Number(varintValue(v)) * k)]);
  });
  tensor[si] = messageField(ONNX.tensorType.shape, scaled);
  type[tti] = messageField(ONNX.type.tensor, tensor);
  const out = [...valueInfo];
  out[ti] = messageField(ONNX.valueInfo.type, type);
  return out;
}

function int64s(tensor: ProtoField[]): bigint[] | null {
  const raw = field(tensor, ONNX.tensor.rawData);
  if (raw) {
    const values: bigint[] = [];
    for (let i = 0; i + 8 <= raw.value.length; i += 8) values.push(raw.value.readBigInt64LE(i));
    return values;
  }
  const packed = tensor.filter((f) => f.no === ONNX.tensor.int64Data);
  if (packed.length === 0) return null;
  const values: bigint[] = [];
  for (const f of packed) {
    if (f.wireType === 0) values.push(BigInt.asIntN(64, varintValue(f)));
    else for (let at = 0; at < f.value.length; ) {
      const [v, next] = readVarint(f.value, at);
      values.push(BigInt.asIntN(64, v));
      at = next;
    }
  }
  return values;
}

function withInt64s(tensor: ProtoField[], values: bigint[]): ProtoField[] {
  const raw = Buffer.alloc(values.length * 8);
  values.forEach((v, i) => raw.writeBigInt64LE(v, i * 8));
  return [...tensor.filter((f) => f.no !== ONNX.tensor.int64Data && f.no !== ONNX.tensor.rawData), { no: ONNX.tensor.rawData, wireType: 2, value: raw }];
}

/**
 * Prepares a segmentation model file for the side it is to run at. A model exported for one
 * fixed square input (IS-Net's 1024 x 1024, say) carries that size in its input and output
 * shapes and in the constant target sizes of its Resize (upsampling) nodes; a fully
 * convolutional network runs at any side that every one of its scales divides, once those
 * constants say so. This multiplies them by `side / native side`, keeps only the first output
 * (the side outputs of a deeply supervised net are training aids: computing them costs time),
 * and drops the stored shapes of inner values (they would be wrong). A model whose input is not
 * a fixed square, or asked for its own side, only loses its extra outputs.
 *
 * Throws when the side does not divide into one of the model's scales (the message names the
 * sides that work).
 */
export function prepareModelSide(file: Buffer, side?: number): ModelSide {
  const model = parseMessage(file);
  const gi = fieldIndex(model, ONNX.model.graph);
  if (gi < 0) throw new Error('the file is not an ONNX model (it has no graph)');
  let graph = parseMessage(model[gi].value);
  const inputs = graph.filter((f) => f.no === ONNX.graph.input).map((f) => parseMessage(f.value));
  const initializers = new Set(
    graph.filter((f) => f.no === ONNX.graph.initializer).map((f) => text(field(parseMessage(f.value), ONNX.tensor.name))),
  );
  const input = inputs.find((i) => !initializers.has(text(field(i, ONNX.valueInfo.name))));
  const dims = input ? shapeOf(input) : null;
  const nativeSide = dims && dims.length === 4 && dims[2] !== null && dims[2] === dims[3] ? dims[2] : null;

  // the first output only
  let seenOutput = false;
  graph = graph.filter((f) => {
    if (f.no !== ONNX.graph.output) return true;
    if (seenOutput) return false;
    seenOutput = true;
    return true;
  });
  if (!side || nativeSide === null || side === nativeSide) {
    model[gi] = messageField(ONNX.model.graph, graph);
    return { model: writeMessage(model), nativeSide, side: nativeSide };
  }

  const k = side / nativeSide;
  const resizeSizes = new Set<string>();
  for (const f of graph) {
    if (f.no !== ONNX.graph.node) continue;
    const node = parseMessage(f.value);
    if (text(field(node, ONNX.node.opType)) !== 'Resize') continue;
    const sizes = node.filter((x) => x.no === ONNX.node.input)[3];
    if (sizes && sizes.value.length > 0) resizeSizes.add(text(sizes));
  }
  graph = graph
    .filter((f) => f.no !== ONNX.graph.valueInfo)
    .map((f) => {
      if (f.no === ONNX.graph.input || f.no === ONNX.graph.output) {
        const info = parseMessage(f.value);
        return initializers.has(text(field(info, ONNX.valueInfo.name))) ? f : messageField(f.no, scaleShape(info, k));
      }
      if (f.no !== ONNX.graph.initializer) return f;
      const tensor = parseMessage(f.value);
      if (!resizeSizes.has(text(field(tensor, ONNX.tensor.name)))) return f;
      const type = field(tensor, ONNX.tensor.dataType);
      const values = type && Number(varintValue(type)) === INT64 ? int64s(tensor) : null;
      if (!values || values.length !== 4) return f;
      const scaled = values.map((v, i) => {
        if (i < 2) return v;
        const target = Number(v) * k;
        if (!Number.isInteger(target)) {
          throw new Error(`the model cannot run at side ${side}: one of its layers works at 1/${nativeSide / Number(v)} of the input, so the side must be a multiple of ${nativeSide / Number(v)}`);
        }
        return BigInt(target);
      });
      return messageField(ONNX.graph.initializer, withInt64s(tensor, scaled));
    });
  model[gi] = messageField(ONNX.model.graph, graph);
  return { model: writeMessage(model), nativeSide, side };
}

/**
 * The protobuf wire format, as far as editing an ONNX model file needs: a message is read as
 * its list of fields (number, wire type, raw bytes) and written back from such a list, so that
 * one nested field can be changed and everything else is kept byte for byte.
 */

export interface ProtoField {
  no: number;
  /** 0 varint, 1 fixed 64-bit, 2 length-delimited, 5 fixed 32-bit */
  wireType: 0 | 1 | 2 | 5;
  /** the field's bytes: the varint's own bytes, the fixed bytes, or the delimited content */
  value: Buffer;
}

export function readVarint(buf: Buffer, at: number): [bigint, number] {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    if (at >= buf.length) throw new Error('the protobuf message ends inside a varint');
    const byte = buf[at++];
    value |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
    if (!(byte & 0x80)) return [value, at];
  }
}

export function varint(value: number | bigint): Buffer {
  let v = BigInt(value);
  if (v < 0n) v = BigInt.asUintN(64, v);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
}

export function parseMessage(buf: Buffer): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = readVarint(buf, at);
    at = next;
    const no = Number(key >> 3n);
    const wireType = Number(key & 7n);
    let value: Buffer;
    if (wireType === 0) {
      const start = at;
      at = readVarint(buf, at)[1];
      value = buf.subarray(start, at);
    } else if (wireType === 2) {
      const [length, from] = readVarint(buf, at);
      at = from + Number(length);
      if (at > buf.length) throw new Error('a protobuf field runs past the end of its message');
      value = buf.subarray(from, at);
    } else if (wireType === 1 || wireType === 5) {
      const size = wireType === 1 ? 8 : 4;
      value = buf.subarray(at, at + size);
      at += size;
    } else {
      throw new Error(`the protobuf wire type ${wireType} is not supported`);
    }
    fields.push({ no, wireType: wireType as ProtoField['wireType'], value });
  }
  return fields;
}

export function writeMessage(fields: readonly ProtoField[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of fields) {
    parts.push(varint((f.no << 3) | f.wireType));
    if (f.wireType === 2) parts.push(varint(f.value.length));
    parts.push(f.value);
  }
  return Buffer.concat(parts);
}

/** A length-delimited field holding a nested message. */
export const messageField = (no: number, fields: readonly ProtoField[]): ProtoField => ({ no, wireType: 2, value: writeMessage(fields) });
export const stringField = (no: number, text: string): ProtoField => ({ no, wireType: 2, value: Buffer.from(text, 'utf8') });
export const varintField = (no: number, value: number): ProtoField => ({ no, wireType: 0, value: varint(value) });
export const text = (f: ProtoField | undefined): string => (f ? f.value.toString('utf8') : '');
export const varintValue = (f: ProtoField): bigint => readVarint(f.value, 0)[0];

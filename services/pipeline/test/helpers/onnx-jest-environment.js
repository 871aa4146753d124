/**
 * The node test environment, with the host's typed-array constructors. onnxruntime-node
 * creates the typed arrays of its output tensors in Node's own realm, and onnxruntime-common
 * (loaded inside the test's realm) checks them with `instanceof Float32Array`: in jest's
 * separate realm that check fails ("A float32 tensor's data must be type of function
 * Float32Array()"). Production code runs in one realm and never meets this. Used by the test
 * files that run a model, through a `@jest-environment` docblock.
 */
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Float32Array',
  'Float64Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Uint16Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxTestEnvironment;

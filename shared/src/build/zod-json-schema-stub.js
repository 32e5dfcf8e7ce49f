// Stands in, in the browser builds, for zod's JSON Schema modules (zod/v4/core/to-json-schema.js and
// json-schema-processors.js): every zod schema's class refers to them, so a shared zod carries them
// whole (17 KB minified, 4 KiB of brotli on every page), yet no browser code turns a schema into
// JSON Schema (the API does, in Node, with the real modules). Any call says so instead of working.
// `zod-browser.test.ts` checks that this module exports every name the real modules export.
const leftOut = (name) =>
  function leftOutOfBrowserBuild() {
    throw new Error(`zod's ${name} is left out of the browser build (see shared/src/build/zod-browser.ts)`);
  };

export const initializeContext = leftOut('initializeContext');
export const handleUnrepresentable = leftOut('handleUnrepresentable');
export const processSchema = leftOut('processSchema');
export { processSchema as process };
export const extractDefs = leftOut('extractDefs');
export const finalize = leftOut('finalize');
export const createToJSONSchemaMethod = () => leftOut('toJSONSchema');
export const createStandardJSONSchemaMethod = () => leftOut('~standard.jsonSchema');
export const toJSONSchema = leftOut('toJSONSchema');
export const allProcessors = {};
export const aggregateChecks = leftOut('aggregateChecks (a schema’s format, minLength… getters)');
export const stringProcessor = leftOut('stringProcessor');
export const numberProcessor = leftOut('numberProcessor');
export const booleanProcessor = leftOut('booleanProcessor');
export const bigintProcessor = leftOut('bigintProcessor');
export const symbolProcessor = leftOut('symbolProcessor');
export const nullProcessor = leftOut('nullProcessor');
export const undefinedProcessor = leftOut('undefinedProcessor');
export const voidProcessor = leftOut('voidProcessor');
export const neverProcessor = leftOut('neverProcessor');
export const anyProcessor = leftOut('anyProcessor');
export const unknownProcessor = leftOut('unknownProcessor');
export const dateProcessor = leftOut('dateProcessor');
export const enumProcessor = leftOut('enumProcessor');
export const literalProcessor = leftOut('literalProcessor');
export const nanProcessor = leftOut('nanProcessor');
export const templateLiteralProcessor = leftOut('templateLiteralProcessor');
export const fileProcessor = leftOut('fileProcessor');
export const successProcessor = leftOut('successProcessor');
export const customProcessor = leftOut('customProcessor');
export const functionProcessor = leftOut('functionProcessor');
export const transformProcessor = leftOut('transformProcessor');
export const mapProcessor = leftOut('mapProcessor');
export const setProcessor = leftOut('setProcessor');
export const arrayProcessor = leftOut('arrayProcessor');
export const objectProcessor = leftOut('objectProcessor');
export const unionProcessor = leftOut('unionProcessor');
export const intersectionProcessor = leftOut('intersectionProcessor');
export const tupleProcessor = leftOut('tupleProcessor');
export const recordProcessor = leftOut('recordProcessor');
export const nullableProcessor = leftOut('nullableProcessor');
export const nonoptionalProcessor = leftOut('nonoptionalProcessor');
export const defaultProcessor = leftOut('defaultProcessor');
export const prefaultProcessor = leftOut('prefaultProcessor');
export const catchProcessor = leftOut('catchProcessor');
export const pipeProcessor = leftOut('pipeProcessor');
export const readonlyProcessor = leftOut('readonlyProcessor');
export const promiseProcessor = leftOut('promiseProcessor');
export const optionalProcessor = leftOut('optionalProcessor');
export const lazyProcessor = leftOut('lazyProcessor');

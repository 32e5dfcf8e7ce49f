// The stub's types as its test uses them; the browser builds take it in place of zod's modules.
export declare const createToJSONSchemaMethod: () => () => never;
export declare const aggregateChecks: () => never;

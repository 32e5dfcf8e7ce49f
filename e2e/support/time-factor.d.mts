export declare const REFERENCE_MS: number;
export declare const MAX_FACTOR: number;
export declare function factorOf(measured: { single: number; pair: number }): number;
export declare function timeFactor(): number;

/** The compiled entry point of the service (dist/main.js). */
export declare const builtEntry: string;
/** Compiles src/ when the build is missing or older than the sources; false (with tsc's report printed) on failure. */
export declare function ensureBuilt(): boolean;

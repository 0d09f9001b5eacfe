/**
 * The checkpoint engine (seed 001 §5, §7, §8.2, §11): schema v1 and its YAML codec, storage under
 * `<stateDir>/context/`, incremental state capture, thread extraction, triggers and the
 * post-compaction injection. Pure TypeScript: no vscode.
 */
export * from './schema';
export * from './yamlCodec';
export * from './paths';
export * from './tracker';
export * from './trackerState';
export * from './store';
export * from './build';
export * from './triggers';
export * from './render';
export * from './engine';
export * from './coordinator';
export * from './restore';
export * from './messageFacts';
export * from './fromPath';

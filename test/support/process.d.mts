// Types of process.mjs for the TypeScript tests.
import type { ChildProcess } from 'node:child_process';

export declare const sleep: (ms: number) => Promise<void>;
export declare function waitFor<T>(what: string, fn: () => T | Promise<T>, timeoutMs: number, everyMs?: number): Promise<NonNullable<T>>;
export declare function freePort(): Promise<number>;
export declare function portOpen(port: number): Promise<boolean>;
export declare function alive(child: ChildProcess): boolean;
export declare function killGroup(pid: number, signal?: NodeJS.Signals | number): boolean;
export declare function groupAlive(pid: number): boolean;
export declare function die(msg: string, opts?: { prefix?: string; summary?: string }): never;

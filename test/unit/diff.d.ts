// jsdiff (a dependency of mocha), used by the compaction preview test as an independent Myers line diff
declare module 'diff' {
  export interface Change { value: string; added?: boolean; removed?: boolean; count?: number }
  export function diffLines(a: string, b: string): Change[];
}

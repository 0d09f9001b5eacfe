/**
 * The engine under src/core is plain TypeScript: it must not depend on VS Code or on the extension's
 * VS Code layer, so it can run in the CLI, the tests and the benchmark.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoPath } from './helpers';

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...tsFiles(p));
    else if (d.isFile() && /\.(ts|mts|cts|tsx)$/.test(d.name)) out.push(p);
  }
  return out;
}

/** Every module specifier a file imports, re-exports or requires (static and dynamic). */
export function importSpecifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g, // also `import x = require(...)`
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

describe('architecture: src/core stays free of VS Code', function () {
  const core = repoPath('src', 'core');
  const files = tsFiles(core);

  it('the scanner finds every import form (self-check)', function () {
    const sample = [
      "import * as vscode from 'vscode';",
      "import type { Uri } from \"vscode\";",
      "export { x } from '../../vscode/statusBar';",
      "const v = require('vscode');",
      "const w = await import('vscode');",
      "import 'vscode';",
      "import x = require('../extension');",
      "import {\n  a,\n  b,\n} from '../../extension';",
    ].join('\n');
    assert.deepEqual(importSpecifiers(sample), ['vscode', 'vscode', '../../vscode/statusBar', '../../extension', 'vscode', 'vscode', 'vscode', '../extension']);
  });

  it('finds the engine sources', function () {
    assert.ok(files.length >= 15, `found ${files.length} files under src/core`);
    assert.ok(files.some((f) => f.endsWith(path.join('store', 'sqliteStore.ts'))));
  });

  it("no file under src/core imports 'vscode'", function () {
    const offenders = files.filter((f) => importSpecifiers(fs.readFileSync(f, 'utf8')).some((s) => s === 'vscode' || s.startsWith('vscode/')));
    assert.deepEqual(
      offenders.map((f) => path.relative(core, f)),
      [],
    );
  });

  it('no file under src/core imports from src/vscode or src/extension', function () {
    const vscodeDir = repoPath('src', 'vscode');
    const extension = repoPath('src', 'extension');
    const offenders: string[] = [];
    for (const f of files) {
      for (const s of importSpecifiers(fs.readFileSync(f, 'utf8'))) {
        if (!s.startsWith('.')) continue;
        const target = path.resolve(path.dirname(f), s);
        if (target === vscodeDir || target.startsWith(vscodeDir + path.sep) || target === extension || target.startsWith(extension + '.')) offenders.push(`${path.relative(core, f)} → ${s}`);
        else assert.ok(target.startsWith(core + path.sep) || target === core, `${path.relative(core, f)} imports ${s}, outside src/core`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});

/**
 * The layers inside src/core, lowest first. A folder imports only from folders of a lower rank: data flows one
 * way, files → store → context model → facts → engines → actions. `tokens` sits under `store` because the readers
 * estimate each entry as they read it (tokens does no I/O); `gateway` (the remote store) and `context` share a
 * rank and do not import each other. `secrets` (the shape-based redactor, pure text) is at the bottom: the printing
 * redactor (gateway), the checkpoint tracker and the memory writers all use it.
 */
export const CORE_LAYERS: Record<string, number> = {
  fs: 0,
  secrets: 0,
  tokens: 1,
  store: 2,
  gateway: 3,
  context: 3,
  transcript: 4,
  facts: 5,
  checkpoint: 6,
  compaction: 7,
  memory: 8,
  actions: 9,
};

/** Relative imports of every .ts file under `dir`, resolved to files. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of tsFiles(dir)) {
    const deps: string[] = [];
    for (const s of importSpecifiers(fs.readFileSync(f, 'utf8'))) {
      if (!s.startsWith('.')) continue;
      const t = path.resolve(path.dirname(f), s);
      const hit = [t + '.ts', path.join(t, 'index.ts'), t].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
      if (hit) deps.push(hit);
    }
    graph.set(f, deps);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('architecture: layers inside src/core point one way', function () {
  const core = repoPath('src', 'core');

  it('every folder of src/core has a layer', function () {
    const folders = fs.readdirSync(core, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.deepEqual(folders.filter((d) => !(d in CORE_LAYERS)), [], 'a new folder needs its place in CORE_LAYERS');
  });

  it('a folder imports only from lower layers', function () {
    const offenders: string[] = [];
    for (const [file, deps] of importGraph(core)) {
      const from = path.relative(core, file).split(path.sep)[0]!;
      for (const d of deps) {
        const to = path.relative(core, d).split(path.sep)[0]!;
        if (to !== from && !(CORE_LAYERS[to]! < CORE_LAYERS[from]!)) offenders.push(`${path.relative(core, file)} → ${path.relative(core, d)} (${from} ${CORE_LAYERS[from]} → ${to} ${CORE_LAYERS[to]})`);
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('the cycle finder finds a cycle (self-check)', function () {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(importCycles(g), [['a', 'b', 'c']]);
  });

  it('no import cycle in src/core', function () {
    assert.deepEqual(importCycles(importGraph(core)).map((c) => c.map((f) => path.relative(core, f))), []);
  });
});

describe('architecture: no import cycle anywhere in src', function () {
  const src = repoPath('src');

  it('the graph covers the extension, the CLI and the core', function () {
    const files = [...importGraph(src).keys()].map((f) => path.relative(src, f).split(path.sep)[0]);
    for (const top of ['core', 'vscode', 'cli', 'extension.ts']) assert.ok(files.includes(top), `no file under src/${top}`);
  });

  it('no import cycle in src (type-only imports included)', function () {
    assert.deepEqual(importCycles(importGraph(src)).map((c) => c.map((f) => path.relative(src, f))), []);
  });
});

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

// Seeded generators for the synthetic corpus categories: tool-call JSON and tool results (tool_json),
// `cat -n`-style numbered file reads (read_result) and shell output (logs). They are filled with real
// material harvested from node_modules (identifiers, paths, code/Markdown/JSON lines, package names,
// versions and integrity hashes, TypeScript diagnostic texts), so the character statistics are those of
// real sessions. Everything is a pure function of the seed and the pools.

const HOME = ['/home/dev/proj', '/Users/anna/work/webapp', '/srv/app', '/home/ci/build', 'C:\\Users\\li\\repo'];
const USERS = [['Anna Kowalski', 'anna@example.com'], ['Li Wei', 'li.wei@example.org'], ['Sam Patel', 'sam@patel.dev'], ['dependabot[bot]', '49699333+dependabot[bot]@users.noreply.github.com'], ['Jürgen Müller', 'jm@example.de'], ['María García', 'maria@example.es']];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const VERBS = ['Fix', 'Add', 'Update', 'Refactor', 'Remove', 'Rename', 'Document', 'Handle', 'Support', 'Avoid', 'Cache', 'Simplify', 'Test', 'Bump'];
const TODO_VERBS = ['Investigate', 'Implement', 'Write tests for', 'Refactor', 'Update docs for', 'Fix the bug in', 'Review', 'Add logging to', 'Benchmark', 'Remove dead code in'];
const PY_MODS = ['requests', 'django', 'flask', 'numpy', 'pandas', 'sqlalchemy', 'pydantic', 'httpx', 'celery', 'boto3'];
const PY_ERRORS = ['ValueError', 'KeyError', 'TypeError', 'AttributeError', 'RuntimeError', 'FileNotFoundError', 'AssertionError', 'ConnectionError', 'IndexError'];
const JS_ERRORS = ['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'Error', 'AssertionError [ERR_ASSERTION]'];
const CRATES = ['serde', 'serde_json', 'tokio', 'anyhow', 'thiserror', 'clap', 'regex', 'rand', 'log', 'tracing', 'hyper', 'reqwest', 'bytes', 'futures', 'syn', 'quote', 'proc-macro2', 'itertools', 'once_cell', 'libc'];
const HTTP = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const UA = ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36', 'curl/8.5.0', 'Go-http-client/1.1', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15', 'kube-probe/1.30', 'python-requests/2.32.3'];
const MODELS = ['claude-sonnet-4-5', 'gpt-5.1', 'claude-opus-4-1', 'gpt-4.1-mini', 'gemini-2.5-pro'];

export function makeGenerators(pools) {
  const { codeFiles, mdFiles, jsonFiles, idents, sentences, pkgs, messages, paths } = pools;

  const pad = (s, n) => String(s).padStart(n);
  const padR = (s, n) => String(s).padEnd(n);
  const ident = (r) => r.pick(idents);
  const path = (r) => r.pick(paths);
  const sentence = (r) => r.pick(sentences);
  const pkg = (r) => r.pick(pkgs);
  const home = (r) => r.pick(HOME);
  const absPath = (r, p = path(r)) => { const h = home(r); return h.includes('\\') ? `${h}\\${p.replace(/\//g, '\\')}` : `${h}/${p}`; };
  const ts = (r) => `2025-${pad(r.int(1, 12), 2).replace(' ', '0')}-${String(r.int(1, 28)).padStart(2, '0')}T${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}.${String(r.int(0, 999)).padStart(3, '0')}Z`;
  const date = (r) => `${r.pick(DAYS)} ${r.pick(MONTHS)} ${r.int(1, 28)} ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} 2025 ${r.pick(['+0200', '+0000', '-0700', '+0800'])}`;
  const ip = (r) => `${r.pick(['10', '192', '172', '34', '203'])}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
  const dur = (r) => (r.chance(0.5) ? `${r.int(1, 999)}ms` : `${(r.next() * 20).toFixed(2)}s`);
  const message = (r) => r.pick(messages).replace(/\{(\d)\}/g, () => ident(r));
  const commitMsg = (r) => `${r.pick(VERBS)} ${ident(r)} ${r.pick(['handling', 'in ' + path(r), 'when input is empty', 'for Windows paths', 'tests', 'types', 'docs', 'race on reload', 'edge case'])}`;

  /** `n` consecutive lines of a harvested file, and where they start. */
  const lines = (r, files, n) => {
    const f = r.pick(files);
    const start = f.lines.length > n ? r.int(0, f.lines.length - n) : 0;
    return { file: f, start, lines: f.lines.slice(start, start + n) };
  };

  // ---------------------------------------------------------------- shell output
  const logGen = {
    npmInstall(r) {
      const o = [];
      for (let i = r.int(0, 4); i > 0; i--) { const p = pkg(r); o.push(`npm warn deprecated ${p.name}@${p.version}: ${sentence(r).slice(0, 90)}`); }
      if (r.chance(0.3)) o.push(`npm warn ERESOLVE overriding peer dependency`, `npm warn While resolving: ${pkg(r).name}@${pkg(r).version}`, `npm warn Found: ${pkg(r).name}@${pkg(r).version}`);
      const n = r.int(3, 900);
      o.push('', `added ${n} packages, removed ${r.int(0, 9)} packages, changed ${r.int(0, 40)} packages, and audited ${n + r.int(1, 50)} packages in ${r.int(1, 59)}s`, '', `${r.int(10, 200)} packages are looking for funding`, '  run `npm fund` for details', '');
      o.push(r.chance(0.6) ? 'found 0 vulnerabilities' : `${r.int(1, 9)} vulnerabilities (${r.int(0, 3)} low, ${r.int(0, 5)} moderate, ${r.int(0, 2)} high)\n\nTo address all issues, run:\n  npm audit fix`);
      return o.join('\n');
    },
    gitLog(r) {
      const o = [];
      for (let k = r.int(2, 8); k > 0; k--) {
        const [name, mail] = r.pick(USERS);
        o.push(`commit ${r.hex(40)}`, `Author: ${name} <${mail}>`, `Date:   ${date(r)}`, '', `    ${commitMsg(r)}`, '');
        if (r.chance(0.4)) o.push(`    ${sentence(r)}`, '');
        let ins = 0, del = 0;
        const nf = r.int(1, 6);
        for (let i = 0; i < nf; i++) { const a = r.int(0, 120), d = r.int(0, 60); ins += a; del += d; const p = path(r); o.push(` ${padR(p.length > 50 ? '...' + p.slice(-47) : p, 50)} | ${pad(a + d, 4)} ${'+'.repeat(Math.min(40, Math.ceil(a / 4)))}${'-'.repeat(Math.min(20, Math.ceil(d / 4)))}`); }
        o.push(` ${nf} file${nf > 1 ? 's' : ''} changed, ${ins} insertions(+), ${del} deletions(-)`, '');
      }
      return o.join('\n');
    },
    gitDiff(r) {
      const o = [];
      for (let k = r.int(1, 3); k > 0; k--) {
        const { file, start, lines: ls } = lines(r, codeFiles, r.int(6, 30));
        const p = file.path;
        o.push(`diff --git a/${p} b/${p}`, `index ${r.hex(7)}..${r.hex(7)} 100644`, `--- a/${p}`, `+++ b/${p}`, `@@ -${start + 1},${ls.length} +${start + 1},${ls.length + 1} @@ ${r.chance(0.5) ? 'function ' + ident(r) + '(' : ''}`);
        for (const l of ls) {
          const x = r.next();
          if (x < 0.12) o.push(`-${l}`, `+${l.replace(/[A-Za-z_]\w{3,}/, ident(r))}`);
          else if (x < 0.17) o.push(`+${l}`);
          else if (x < 0.2) o.push(`-${l}`);
          else o.push(` ${l}`);
        }
      }
      return o.join('\n');
    },
    lsLa(r) {
      const o = [`total ${r.int(8, 900)}`];
      const base = r.pick(paths).split('/').slice(0, -1).join('/');
      o.push(`drwxr-xr-x ${pad(r.int(2, 30), 2)} dev  dev   4096 ${r.pick(MONTHS)} ${pad(r.int(1, 28), 2)} ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} .`);
      o.push(`drwxr-xr-x ${pad(r.int(2, 30), 2)} dev  dev   4096 ${r.pick(MONTHS)} ${pad(r.int(1, 28), 2)} 2024 ..`);
      const names = new Set();
      for (let i = r.int(4, 30); i > 0; i--) names.add(r.chance(0.7) ? path(r).split('/').pop() : ident(r));
      for (const nm of [...names].sort()) {
        const dir = !nm.includes('.');
        o.push(`${dir ? 'drwxr-xr-x' : r.pick(['-rw-r--r--', '-rw-rw-r--', '-rwxr-xr-x'])} ${pad(dir ? r.int(2, 12) : 1, 2)} ${r.pick(['dev  dev ', 'root root'])} ${pad(dir ? 4096 : r.int(0, 250000), 6)} ${r.pick(MONTHS)} ${pad(r.int(1, 28), 2)} ${r.chance(0.8) ? String(r.int(0, 23)).padStart(2, '0') + ':' + String(r.int(0, 59)).padStart(2, '0') : ' 2024'} ${nm}`);
      }
      return `$ ls -la ${base}\n` + o.join('\n');
    },
    jest(r) {
      const o = [];
      let pass = 0, fail = 0;
      for (let k = r.int(1, 5); k > 0; k--) {
        const ok = r.chance(0.75);
        const file = path(r).replace(/\.(d\.ts|js|mjs|cjs|ts)$/, '.test.ts');
        o.push(`${ok ? 'PASS' : 'FAIL'} ${file}${r.chance(0.4) ? ` (${(r.next() * 9).toFixed(3)} s)` : ''}`);
        o.push(`  ${ident(r)}`);
        for (let i = r.int(1, 8); i > 0; i--) {
          const t = r.chance(0.9) || ok;
          if (t) pass++; else fail++;
          o.push(`    ${t ? '✓' : '✕'} ${sentence(r).slice(0, 70).toLowerCase()} (${r.int(1, 400)} ms)`);
        }
        if (!ok) {
          const { file: f, start, lines: ls } = lines(r, codeFiles, 5);
          o.push('', `  ● ${ident(r)} › ${sentence(r).slice(0, 60).toLowerCase()}`, '', '    expect(received).toEqual(expected) // deep equality', '', '    - Expected  - 1', '    + Received  + 1', '', '      Object {', `    -   "${ident(r)}": ${r.int(0, 99)},`, `    +   "${ident(r)}": ${r.int(0, 99)},`, '      }', '');
          ls.forEach((l, i) => o.push(`    ${i === 2 ? '>' : ' '} ${pad(start + i + 1, 4)} | ${l}`));
          o.push('', `      at Object.<anonymous> (${f.path}:${start + 3}:${r.int(5, 40)})`, '');
        }
      }
      o.push('', `Test Suites: ${fail ? r.int(1, 2) + ' failed, ' : ''}${r.int(1, 40)} passed, ${r.int(2, 42)} total`, `Tests:       ${fail ? fail + ' failed, ' : ''}${pass} passed, ${pass + fail} total`, `Snapshots:   0 total`, `Time:        ${(r.next() * 30).toFixed(3)} s`, 'Ran all test suites.');
      return o.join('\n');
    },
    tsc(r) {
      const o = [];
      for (let i = r.int(1, 20); i > 0; i--) {
        const m = r.pick(messages);
        o.push(`${path(r).replace(/\.(js|mjs|cjs)$/, '.ts')}(${r.int(1, 900)},${r.int(1, 80)}): error TS${r.int(1000, 7999)}: ${m.replace(/\{(\d)\}/g, () => `'${ident(r)}'`)}`);
      }
      o.push('', `Found ${o.length} error${o.length > 1 ? 's' : ''} in ${r.int(1, o.length)} file${o.length > 1 ? 's' : ''}.`);
      return o.join('\n');
    },
    pytest(r) {
      const o = ['============================= test session starts ==============================', `platform linux -- Python 3.${r.int(9, 13)}.${r.int(0, 12)}, pytest-8.${r.int(0, 3)}.${r.int(0, 4)}, pluggy-1.5.0`, `rootdir: ${home(r)}`, `collected ${r.int(5, 300)} items`, ''];
      const mods = [];
      for (let i = r.int(3, 12); i > 0; i--) {
        const mod = `tests/test_${ident(r).replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()).replace(/^_/, '')}.py`;
        mods.push(mod);
        o.push(`${mod} ${'.'.repeat(r.int(1, 30))}${r.chance(0.2) ? 'F' : ''}${'.'.repeat(r.int(0, 10))}${' '.repeat(r.int(1, 20))}[${pad(r.int(1, 100), 3)}%]`);
      }
      if (r.chance(0.5)) {
        const err = r.pick(PY_ERRORS);
        o.push('', '=================================== FAILURES ===================================', `___________________________ test_${ident(r)} ___________________________`, '');
        for (let i = r.int(2, 5); i > 0; i--) { const m = r.pick(PY_MODS); o.push(`/usr/lib/python3.11/site-packages/${m}/${ident(r).toLowerCase()}.py:${r.int(10, 2000)}: in ${ident(r)}`, `    return self.${ident(r)}(${ident(r)}, **kwargs)`); }
        o.push(`E   ${err}: ${sentence(r).slice(0, 80)}`, '', `${r.pick(mods)}:${r.int(5, 300)}: ${err}`);
      }
      o.push(`=========================== short test summary info ============================`, `${r.int(0, 3)} failed, ${r.int(5, 300)} passed, ${r.int(0, 5)} skipped in ${(r.next() * 60).toFixed(2)}s`);
      return o.join('\n');
    },
    pythonTrace(r) {
      const o = ['Traceback (most recent call last):'];
      for (let i = r.int(2, 7); i > 0; i--) {
        const m = r.pick(PY_MODS);
        o.push(`  File "${r.chance(0.5) ? `/usr/lib/python3.11/site-packages/${m}/${ident(r).toLowerCase()}.py` : `${home(r)}/app/${ident(r).toLowerCase()}.py`}", line ${r.int(1, 3000)}, in ${ident(r)}`);
        o.push(`    ${r.pick(codeFiles).lines.find((l) => l.trim().length > 10)?.trim() ?? 'pass'}`);
      }
      o.push(`${r.pick(PY_ERRORS)}: ${r.chance(0.5) ? `'${ident(r)}'` : sentence(r).slice(0, 100)}`);
      return o.join('\n');
    },
    cargo(r) {
      const o = [];
      for (let i = r.int(3, 25); i > 0; i--) o.push(`   Compiling ${r.pick(CRATES)} v${r.int(0, 2)}.${r.int(0, 30)}.${r.int(0, 200)}`);
      for (let i = r.int(0, 3); i > 0; i--) {
        const v = ident(r).toLowerCase();
        const ln = r.int(1, 400);
        o.push(`warning: unused variable: \`${v}\``, `  --> src/${ident(r).toLowerCase()}.rs:${ln}:${r.int(5, 30)}`, '   |', `${pad(ln, 3)} |     let ${v} = ${ident(r)}(&${ident(r).toLowerCase()});`, `   |         ${'^'.repeat(v.length)} help: if this is intentional, prefix it with an underscore: \`_${v}\``, '   |', '   = note: `#[warn(unused_variables)]` on by default', '');
      }
      o.push(`    Finished \`${r.pick(['dev', 'release'])}\` profile [${r.pick(['unoptimized + debuginfo', 'optimized'])}] target(s) in ${(r.next() * 90).toFixed(2)}s`);
      if (r.chance(0.4)) o.push(`     Running \`target/debug/${ident(r).toLowerCase()}\``);
      return o.join('\n');
    },
    docker(r) {
      const o = [`#0 building with "default" instance using docker driver`, '', '#1 [internal] load build definition from Dockerfile', `#1 transferring dockerfile: ${r.int(200, 3000)}B done`, '#1 DONE 0.0s'];
      const steps = ['FROM node:20-alpine', 'WORKDIR /app', 'COPY package*.json ./', 'RUN npm ci --omit=dev', 'COPY . .', 'RUN npm run build', 'EXPOSE 8080', 'CMD ["node", "dist/server.js"]'];
      steps.forEach((s, i) => {
        const n = i + 2;
        o.push('', `#${n} [${i + 1}/${steps.length}] ${s}`);
        if (s.startsWith('RUN')) {
          for (let j = r.int(1, 6); j > 0; j--) o.push(`#${n} ${(r.next() * 20).toFixed(3)} ${r.chance(0.5) ? `added ${r.int(10, 900)} packages in ${r.int(1, 40)}s` : `npm warn deprecated ${pkg(r).name}@${pkg(r).version}`}`);
        }
        o.push(`#${n} ${r.chance(0.3) ? 'CACHED' : `DONE ${(r.next() * 30).toFixed(1)}s`}`);
      });
      o.push('', `#${steps.length + 2} exporting to image`, `#${steps.length + 2} writing image sha256:${r.hex(64)} done`, `#${steps.length + 2} naming to docker.io/library/${ident(r).toLowerCase()}:latest done`);
      return o.join('\n');
    },
    kubectl(r) {
      const o = [`NAME${' '.repeat(40)}READY   STATUS             RESTARTS      AGE`];
      for (let i = r.int(3, 25); i > 0; i--) {
        const name = `${ident(r).toLowerCase().slice(0, 20)}-${r.hex(10)}-${r.hex(5)}`;
        const st = r.pick(['Running', 'Running', 'Running', 'Pending', 'CrashLoopBackOff', 'Completed', 'ImagePullBackOff']);
        o.push(`${padR(name, 44)}${padR(`${r.int(0, 2)}/${r.int(1, 2)}`, 8)}${padR(st, 19)}${padR(r.int(0, 40) + (r.chance(0.3) ? ` (${r.int(1, 59)}m ago)` : ''), 14)}${r.int(1, 90)}${r.pick(['m', 'h', 'd'])}`);
      }
      return o.join('\n');
    },
    vite(r) {
      const o = [`vite v${r.int(4, 6)}.${r.int(0, 4)}.${r.int(0, 12)} building for production...`, `transforming...`, `✓ ${r.int(20, 3000)} modules transformed.`, 'rendering chunks...', 'computing gzip size...'];
      for (let i = r.int(2, 12); i > 0; i--) {
        const kb = r.next() * 500;
        o.push(`dist/assets/${ident(r)}-${r.b62(8)}.${r.pick(['js', 'css', 'js', 'svg'])}${' '.repeat(r.int(1, 20))}${pad(kb.toFixed(2), 8)} kB │ gzip: ${pad((kb / 3.2).toFixed(2), 7)} kB`);
      }
      o.push(`✓ built in ${(r.next() * 20).toFixed(2)}s`);
      if (r.chance(0.3)) o.push('', `  VITE v5.4.${r.int(0, 12)}  ready in ${r.int(100, 999)} ms`, '', `  ➜  Local:   http://localhost:${r.int(3000, 9000)}/`, '  ➜  Network: use --host to expose', '  ➜  press h + enter to show help');
      return o.join('\n');
    },
    ps(r) {
      const o = ['USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND'];
      for (let i = r.int(4, 25); i > 0; i--) {
        o.push(`${padR(r.pick(['root', 'dev', 'www-data', 'postgres']), 8)} ${pad(r.int(1, 99999), 7)} ${pad((r.next() * 50).toFixed(1), 4)} ${pad((r.next() * 10).toFixed(1), 4)} ${pad(r.int(1000, 9999999), 7)} ${pad(r.int(100, 999999), 6)} ${padR(r.pick(['?', 'pts/0', 'pts/1']), 8)} ${padR(r.pick(['S', 'Ss', 'Sl', 'R+', 'S<', 'Ssl']), 4)} ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}   ${r.int(0, 9)}:${String(r.int(0, 59)).padStart(2, '0')} ${r.pick(['node ' + absPath(r), '/usr/bin/python3 -m ' + r.pick(PY_MODS), 'nginx: worker process', '/usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main', 'bash', 'sshd: dev@pts/0'])}`);
      }
      return o.join('\n');
    },
    nginx(r) {
      const o = [];
      for (let i = r.int(5, 40); i > 0; i--) {
        const p = `/${r.pick(['api/v1', 'api/v2', 'static', 'assets', 'auth'])}/${ident(r).toLowerCase()}${r.chance(0.4) ? `?id=${r.int(1, 99999)}&page=${r.int(1, 20)}` : ''}`;
        o.push(`${ip(r)} - - [${r.int(10, 28)}/${r.pick(MONTHS)}/2025:${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} +0000] "${r.pick(HTTP)} ${p} HTTP/1.1" ${r.pick([200, 200, 200, 204, 301, 304, 400, 401, 404, 500, 502])} ${r.int(0, 90000)} "${r.chance(0.5) ? '-' : 'https://example.com/' + ident(r).toLowerCase()}" "${r.pick(UA)}"`);
      }
      return o.join('\n');
    },
    jsonLogs(r) {
      const o = [];
      for (let i = r.int(3, 25); i > 0; i--) {
        const rec = { level: r.pick([30, 30, 30, 40, 50]), time: 1725800000000 + r.int(0, 99999999), pid: r.int(100, 60000), hostname: `${ident(r).toLowerCase()}-${r.hex(5)}`, msg: r.chance(0.5) ? sentence(r).slice(0, 80) : 'request completed' };
        if (r.chance(0.6)) rec.req = { id: r.int(1, 99999), method: r.pick(HTTP), url: `/${ident(r).toLowerCase()}/${r.int(1, 999)}`, remoteAddress: ip(r) };
        if (r.chance(0.5)) rec.responseTime = r.int(1, 3000);
        if (r.chance(0.2)) rec.err = { type: r.pick(JS_ERRORS), message: message(r), stack: `Error: ${message(r)}\n    at ${ident(r)} (${absPath(r)}:${r.int(1, 900)}:${r.int(1, 80)})` };
        o.push(JSON.stringify(rec));
      }
      return o.join('\n');
    },
    nodeTrace(r) {
      const o = [`${r.pick(JS_ERRORS)}: ${r.chance(0.5) ? `Cannot read properties of undefined (reading '${ident(r)}')` : message(r)}`];
      for (let i = r.int(3, 12); i > 0; i--) {
        if (r.chance(0.25)) o.push(`    at ${r.pick(['Module._compile', 'Object.Module._extensions..js', 'Module.load', 'process.processTicksAndRejections', 'ModuleJob.run'])} (node:internal/${r.pick(['modules/cjs/loader', 'process/task_queues', 'modules/esm/module_job'])}:${r.int(90, 1600)}:${r.int(3, 40)})`);
        else o.push(`    at ${r.chance(0.5) ? 'async ' : ''}${ident(r)}${r.chance(0.5) ? '.' + ident(r) : ''} (${r.chance(0.5) ? home(r) + '/node_modules/' + r.pick(paths) : absPath(r)}:${r.int(1, 2000)}:${r.int(1, 90)})`);
      }
      if (r.chance(0.3)) o.push('', `Node.js v${r.pick(['18.20.4', '20.17.0', '22.9.0', '24.1.0'])}`);
      return o.join('\n');
    },
  };
  const logKinds = Object.keys(logGen);
  const logBlock = (r) => {
    const k = r.pick(logKinds);
    const cmd = { npmInstall: 'npm install', gitLog: 'git log --stat', gitDiff: 'git diff', lsLa: '', jest: 'npx jest', tsc: 'npx tsc --noEmit', pytest: 'pytest -q', pythonTrace: `python ${ident(r).toLowerCase()}.py`, cargo: 'cargo build', docker: `docker build -t ${ident(r).toLowerCase()} .`, kubectl: 'kubectl get pods -n prod', vite: 'npx vite build', ps: 'ps aux', nginx: 'tail -n 40 /var/log/nginx/access.log', jsonLogs: 'kubectl logs deploy/api --tail=20', nodeTrace: `node ${path(r)}` }[k];
    return (cmd && r.chance(0.5) ? `$ ${cmd}\n` : '') + logGen[k](r);
  };

  // ---------------------------------------------------------------- numbered file reads
  const numbered = (r, files, arrow) => {
    const { start, lines: ls } = lines(r, files, r.int(20, 400));
    const from = r.chance(0.5) ? 0 : start;
    return ls.map((l, i) => `${pad(from + i + 1, 6)}${arrow ? '→' : '\t'}${l}`).join('\n');
  };
  const readBlock = (r) => {
    const x = r.next();
    const files = x < 0.6 ? codeFiles : x < 0.8 ? jsonFiles : mdFiles;
    return numbered(r, files, r.chance(0.3));
  };

  // ---------------------------------------------------------------- tool calls and results (compact JSON)
  const toolId = (r) => `toolu_01${r.b62(22)}`;
  const callId = (r) => `call_${r.b62(24)}`;
  const grepOut = (r) => {
    const o = [];
    for (let i = r.int(2, 30); i > 0; i--) { const { file, start, lines: ls } = lines(r, codeFiles, 1); o.push(`${file.path}:${start + 1}:${ls[0] ?? ''}`); }
    return o.join('\n');
  };
  const todo = (r) => ({ content: `${r.pick(TODO_VERBS)} ${ident(r)}${r.chance(0.5) ? ' in ' + path(r) : ''}`, status: r.pick(['pending', 'in_progress', 'completed']), activeForm: `${r.pick(['Investigating', 'Implementing', 'Fixing', 'Reviewing', 'Updating'])} ${ident(r)}` });
  const toolUse = (r) => {
    const x = r.next();
    let name, input;
    if (x < 0.22) { name = 'Bash'; input = { command: r.pick([`npm test -- ${path(r)}`, `git status`, `grep -rn "${ident(r)}" src/`, `ls -la ${path(r).split('/').slice(0, -1).join('/')}`, `npx tsc --noEmit -p .`, `cat ${path(r)} | head -n ${r.int(20, 200)}`, `node ${path(r)} --${ident(r).toLowerCase()}=${r.int(1, 99)}`, `git diff HEAD~1 -- ${path(r)}`]), description: `${r.pick(['Run', 'Check', 'Show', 'List'])} ${ident(r)}` }; }
    else if (x < 0.42) {
      name = 'Edit';
      const { file, lines: ls } = lines(r, codeFiles, r.int(2, 25));
      const old = ls.join('\n');
      input = { file_path: absPath(r, file.path), old_string: old, new_string: old.replace(/[A-Za-z_]\w{3,}/g, (m) => (r.chance(0.15) ? ident(r) : m)) + (r.chance(0.3) ? `\n${ls[0]?.match(/^\s*/)?.[0] ?? ''}// ${sentence(r).slice(0, 60)}` : '') };
      if (r.chance(0.1)) input.replace_all = true;
    } else if (x < 0.55) { name = 'Write'; const { file, lines: ls } = lines(r, r.chance(0.7) ? codeFiles : mdFiles, r.int(10, 120)); input = { file_path: absPath(r, file.path), content: ls.join('\n') + '\n' }; }
    else if (x < 0.7) { name = 'Read'; input = { file_path: absPath(r) }; if (r.chance(0.4)) { input.offset = r.int(1, 900); input.limit = r.int(20, 400); } }
    else if (x < 0.82) { name = 'Grep'; input = { pattern: r.chance(0.6) ? ident(r) : `${ident(r)}\\(|${ident(r)}\\s*=`, path: path(r).split('/')[0], output_mode: r.pick(['content', 'files_with_matches', 'count']) }; if (r.chance(0.5)) input['-n'] = true; if (r.chance(0.3)) input.glob = r.pick(['*.ts', '**/*.js', '*.{ts,tsx}']); }
    else { name = 'TodoWrite'; input = { todos: Array.from({ length: r.int(2, 7) }, () => todo(r)) }; }
    return { name, input };
  };
  const resultText = (r, name) => {
    if (name === 'Read') return numbered(r, r.chance(0.7) ? codeFiles : r.chance(0.5) ? jsonFiles : mdFiles, true);
    if (name === 'Grep') return grepOut(r);
    if (name === 'Bash') return logBlock(r);
    if (name === 'Edit') return `The file ${absPath(r)} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(r, codeFiles, true).split('\n').slice(0, 12).join('\n')}`;
    if (name === 'Write') return `File created successfully at: ${absPath(r)}`;
    return 'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable';
  };
  const toolLine = (r) => {
    const x = r.next();
    const { name, input } = toolUse(r);
    const id = toolId(r);
    if (x < 0.3) return JSON.stringify({ type: 'tool_use', id, name, input });
    if (x < 0.55) return JSON.stringify({ type: 'tool_result', tool_use_id: id, content: resultText(r, name), ...(r.chance(0.1) ? { is_error: true } : {}) });
    if (x < 0.75) {
      const cid = callId(r);
      const oname = { Bash: 'exec', Read: 'read', Edit: 'edit', Write: 'write', Grep: 'grep', TodoWrite: 'todo' }[name];
      const text = resultText(r, name);
      const msg = { role: 'toolResult', toolCallId: cid, toolName: oname, content: [{ type: 'text', text }], isError: false, timestamp: 1725800000000 + r.int(0, 99999999) };
      if (oname === 'read' || oname === 'exec') msg.details = oname === 'exec' ? { exitCode: r.int(0, 1), durationMs: r.int(3, 90000), cwd: home(r), aggregated: text } : { path: absPath(r), truncated: r.chance(0.2), content: text };
      return JSON.stringify({ type: 'message', id: r.hex(8), parentId: r.hex(8), timestamp: ts(r), message: msg });
    }
    const u = { input: r.int(3, 5000), output: r.int(20, 3000), cacheRead: r.int(0, 180000), cacheWrite: r.int(0, 9000) };
    u.totalTokens = u.input + u.output + u.cacheRead + u.cacheWrite;
    const content = [];
    if (r.chance(0.7)) content.push({ type: 'text', text: sentence(r) });
    content.push({ type: 'toolCall', id: callId(r), name: name.toLowerCase(), arguments: input });
    return JSON.stringify({ type: 'message', id: r.hex(8), parentId: r.hex(8), timestamp: ts(r), message: { role: 'assistant', content, api: 'anthropic-messages', provider: 'anthropic', model: r.pick(MODELS), usage: u, stopReason: 'toolUse', timestamp: 1725800000000 + r.int(0, 99999999) } });
  };

  /** A document of about `n` chars for a category (a sequence of blocks, one per line group). */
  const doc = (cat, r, n) => {
    const parts = [];
    let len = 0;
    const block = cat === 'tool_json' ? toolLine : cat === 'read_result' ? readBlock : logBlock;
    while (len < n) { const b = block(r); parts.push(b); len += b.length + 1; }
    return parts.join('\n');
  };
  return { doc };
}
